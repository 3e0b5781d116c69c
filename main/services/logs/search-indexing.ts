import type { IndexingBudget } from '../../store/exchange-search-index';

/**
 * No exchange logged for this long: the server is idle, and the search index may take a slice. Written on the
 * log's batch instead, the index cost each logged request 60-110 µs of CPU and halved the status reads.
 */
export const SEARCH_INDEX_IDLE_MS = 50;
/** A slice's budget (overrun by at most a few exchanges' work): about what a request arriving during one waits. */
export const SEARCH_INDEX_SLICE_MS = 5;

/** What the indexing drives: the traffic log's repository. */
export interface IndexedLog {
  /** Moves with every exchange logged: unchanged across a wait means no traffic in it. */
  readonly newestId: number;
  /** Indexes within the budget; false once every exchange is indexed. */
  indexNext(budget: IndexingBudget): boolean;
}

/**
 * Keeps the search index catching up off the request path: a slice only after SEARCH_INDEX_IDLE_MS without a
 * logged exchange, the next slice at once while none arrives, until the index holds every exchange; then it
 * sleeps until woken (by the log's next batch). Under steady traffic it only looks, every SEARCH_INDEX_IDLE_MS;
 * searches meanwhile read the exchanges not yet indexed.
 */
export class SearchIndexing {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly log: IndexedLog) {}

  /** Looks for idle time to index in, unless already looking. */
  wake(): void {
    if (this.timer === null) this.lookAfter(SEARCH_INDEX_IDLE_MS);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private lookAfter(delay: number): void {
    const seen = this.log.newestId;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.log.newestId !== seen) {
        this.lookAfter(SEARCH_INDEX_IDLE_MS);
        return;
      }
      try {
        if (this.log.indexNext({ rows: Infinity, ms: SEARCH_INDEX_SLICE_MS })) this.lookAfter(0);
      } catch (err) {
        // A slice that cannot write (the database held too long) is taken again later; searches read the rest meanwhile.
        console.error('PSD2 Workbench: the search index could not be written; trying again:', err);
        this.lookAfter(SEARCH_INDEX_IDLE_MS);
      }
    }, delay);
    this.timer.unref();
  }
}
