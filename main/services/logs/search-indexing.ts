import type { IndexingBudget } from '../../store/exchange-search-index';

/**
 * No exchange logged for this long: the server is idle, and the search index may take a slice at once, and the
 * next one at once again while none arrives.
 */
export const SEARCH_INDEX_IDLE_MS = 50;
/** A slice's budget (overrun by at most one exchange's work): about what a request arriving during one waits. */
export const SEARCH_INDEX_SLICE_MS = 5;
/**
 * Under traffic, how long an exchange may wait for the index before slices are taken between the requests.
 * Waiting at all lets a burst be answered first; waiting this little keeps the exchanges a search must read
 * (those not yet indexed) to a fraction of a second's traffic, and their searched text in the index's hands
 * (HELD_BYTES) rather than read back from the table.
 */
export const SEARCH_INDEX_LAG_MS = 250;

/** What the indexing drives: the traffic log's repository. */
export interface IndexedLog {
  /** Moves with every exchange logged: unchanged across a wait means no traffic in it. */
  readonly newestId: number;
  /** How long (ms) the oldest exchange written and not yet indexed has waited at `now` (performance.now()): 0 when none. */
  indexLagMs(now: number): number;
  /** Indexes within the budget; false once every exchange is indexed. */
  indexNext(budget: IndexingBudget): boolean;
}

/**
 * Keeps the search index close behind the log, off the request path, in slices of SEARCH_INDEX_SLICE_MS: back
 * to back once no exchange has been logged for SEARCH_INDEX_IDLE_MS; under traffic, as soon as the oldest
 * exchange not yet indexed has waited SEARCH_INDEX_LAG_MS, one slice at a time between the requests (the event
 * loop answers what has arrived before the next slice), until none has waited that long. So under any traffic
 * the server can sustain, the index stays within a fraction of a second of the log, and the CPU it takes is
 * taken while the traffic runs, where a load test sees it. It sleeps once the index holds every exchange,
 * until woken (by the log's next batch). Searches meanwhile read the exchanges not yet indexed.
 */
export class SearchIndexing {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: IndexedLog,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Looks for time to index in, unless already looking. */
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
        const lag = this.log.indexLagMs(this.now());
        // Traffic, and nothing has waited long: look again once the oldest will have, or traffic stops.
        if (lag < SEARCH_INDEX_LAG_MS) {
          this.lookAfter(Math.min(SEARCH_INDEX_IDLE_MS, Math.max(1, SEARCH_INDEX_LAG_MS - lag)));
          return;
        }
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
