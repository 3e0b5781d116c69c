import type { Statement, Transaction } from 'better-sqlite3';
import type { Db } from '../../database';
import { ExchangeResources } from '../../exchange-resources';
import { ExchangeSearchIndex, type IndexingBudget } from '../../exchange-search-index';
import type { SearchedColumns } from '../../exchange-search-text';
import { intersection } from '../../sorted-ids';
import { PendingExchanges } from './pending';
import { fieldClauses, wordClauses } from './search-clauses';
import { INSERT_ROW, rowOf, toRecord, type ExchangeRow, type RowValues } from './stored-form';
import type { CapturedExchange, DiscardedCounts, ExchangeFilter, ExchangeRecord, ExchangeSearchPage, NewExchange, RetentionLimits } from './types';

/** A deleted row, as a prune reports it. */
interface DeletedRow {
  id: number;
  resource_id: string | null;
  failure: number;
  signature_failure: number;
  compared_with: number | null;
}

/**
 * The traffic log: bounded in count and in stored body size; never the resources themselves.
 *
 * Written behind the requests it records: `capture` (the request path's) and `insert` give the exchange its id
 * at once and queue it as handed over; `flush` makes the queue's records and writes them in one transaction
 * (one WAL commit per batch instead of one per request). Every read here flushes first, so whoever reads the
 * log sees every exchange already answered. What a crash (SIGKILL) can lose is the queue: the exchanges of the
 * last flush interval, at most HARD_PENDING (the owner's timer keeps it shorter); never a resource, which each
 * service commits in its own transaction before it answers.
 */
export class ExchangeRepository {
  /** The queue's size at which the owner writes it at its next turn (capture answers true): memory stays flat under any load. */
  static readonly MAX_PENDING = 500;
  /** Past this the request path writes the queue itself: the owner's turn has not come for far too long. */
  static readonly HARD_PENDING = 4 * ExchangeRepository.MAX_PENDING;

  private readonly insertStmt: Statement<RowValues>;
  private readonly listStmt;
  private readonly olderStmt;
  private readonly findStmt;
  private readonly windowStmt;
  private readonly pruneOrdinaryStmt;
  private readonly pruneFailuresStmt;
  private readonly pruneSignatureFailuresStmt;
  private readonly pruneEvidenceStmt;
  private readonly nthFailureStmt;
  private readonly nthSignatureFailureStmt;
  private readonly pinStmt;
  private readonly countsStmt;
  private readonly pruneBatch: Transaction<(limits: RetentionLimits) => void>;
  /** Every exchange up to this id that is neither a failure nor pinned is deleted: the next prune starts above it. */
  private prunedUpTo = 0;
  private discardedCounts: DiscardedCounts;
  private readonly clearStmt;
  private readonly writeBatch: Transaction<(rows: readonly { values: RowValues; searched: SearchedColumns }[]) => void>;
  private readonly pending: PendingExchanges;
  private lastId: number;
  private readonly keptStmt;
  /** How many exchanges the table holds (migration 16): counting them walked the whole table. */
  private keptCount: number;
  /** Search statements by their SQL: a filter's shape (which fields, how many words) picks one; values are bound. */
  private readonly searches = new Map<string, Statement>();
  /** Written behind the log (indexNext), never by its batch write; pruned and cleared with it, in the same transactions. */
  private readonly index: ExchangeSearchIndex;
  private readonly indexNextBatch: Transaction<(budget: IndexingBudget) => boolean>;
  private readonly clearBatch: Transaction<() => void>;
  /** Read on the first listing by resource; until then there is nothing to keep in step. */
  private resources: ExchangeResources | null = null;
  /** Told of each batch once written, in order (the owner announces its exchanges then). */
  private written: ((records: readonly ExchangeRecord[]) => void) | null = null;

  constructor(
    private readonly db: Db,
    maxBodyBytes: number,
  ) {
    this.pending = new PendingExchanges(maxBodyBytes);
    this.insertStmt = db.prepare<RowValues>(INSERT_ROW);
    this.listStmt = db.prepare<[number], ExchangeRow>('SELECT * FROM exchanges ORDER BY id DESC LIMIT ?');
    this.olderStmt = db.prepare<[number, number], ExchangeRow>('SELECT * FROM exchanges WHERE id < ? ORDER BY id DESC LIMIT ?');
    this.findStmt = db.prepare<[number], ExchangeRow>('SELECT * FROM exchanges WHERE id = ?');
    this.windowStmt = db.prepare<[string | null, string | null, number, number, number, number], ExchangeRow>(
      'SELECT * FROM exchanges WHERE (? IS NULL OR tpp_id = ?) AND started_at >= ? AND started_at < ? AND id > ? ORDER BY id LIMIT ?',
    );
    // Two deletes, each over an index: the ordinary exchanges that fell out of the newest (a range of the key
    // above what earlier prunes left), and the failures beyond their budget (the partial index of failures).
    // A success a kept signature failure is compared with stays (the partial index of comparisons: a few rows).
    const RETURNED = 'RETURNING id, resource_id, failure, signature_failure, compared_with';
    this.pruneOrdinaryStmt = db.prepare<[number, number], DeletedRow>(
      `DELETE FROM exchanges WHERE id > ? AND id <= ? AND failure = 0 AND pinned = 0
        AND id NOT IN (SELECT compared_with FROM exchanges WHERE compared_with IS NOT NULL) ${RETURNED}`,
    );
    this.pruneFailuresStmt = db.prepare<[number, number], DeletedRow>(
      `DELETE FROM exchanges WHERE failure = 1 AND signature_failure = 0 AND pinned = 0 AND id < ? AND id <= ? ${RETURNED}`,
    );
    this.pruneSignatureFailuresStmt = db.prepare<[number, number], DeletedRow>(
      `DELETE FROM exchanges WHERE signature_failure = 1 AND pinned = 0 AND id < ? AND id <= ? ${RETURNED}`,
    );
    // The success a pruned failure was compared with, once no kept failure is and ordinary pruning has passed it.
    this.pruneEvidenceStmt = db.prepare<[number, number, number], DeletedRow>(
      `DELETE FROM exchanges WHERE id = ? AND id <= ? AND failure = 0 AND pinned = 0
        AND NOT EXISTS (SELECT 1 FROM exchanges WHERE compared_with = ?) ${RETURNED}`,
    );
    this.nthFailureStmt = db.prepare<[number], { id: number }>(
      'SELECT id FROM exchanges WHERE failure = 1 AND signature_failure = 0 ORDER BY id DESC LIMIT 1 OFFSET ?',
    );
    this.nthSignatureFailureStmt = db.prepare<[number], { id: number }>(
      'SELECT id FROM exchanges WHERE signature_failure = 1 ORDER BY id DESC LIMIT 1 OFFSET ?',
    );
    this.pinStmt = db.prepare<[number, number]>('UPDATE exchanges SET pinned = ? WHERE id = ?');
    this.countsStmt = db.prepare<[number, number, number, number]>(
      'INSERT OR REPLACE INTO exchange_log_counts (id, discarded, discarded_failures, kept, discarded_signature_failures) VALUES (1, ?, ?, ?, ?)',
    );
    this.keptStmt = db.prepare<[number]>('UPDATE exchange_log_counts SET kept = ? WHERE id = 1');
    const counts = db
      .prepare<[], { discarded: number; discarded_failures: number; kept: number; discarded_signature_failures: number }>(
        'SELECT discarded, discarded_failures, kept, discarded_signature_failures FROM exchange_log_counts',
      )
      .get();
    this.discardedCounts = {
      all: counts?.discarded ?? 0,
      failures: counts?.discarded_failures ?? 0,
      signatureFailures: counts?.discarded_signature_failures ?? 0,
    };
    this.keptCount = counts?.kept ?? 0;
    this.pruneBatch = db.transaction((limits: RetentionLimits) => this.pruneNow(limits));
    this.clearStmt = db.prepare('DELETE FROM exchanges');
    // AUTOINCREMENT's own counter: ids never go back, even after a clear.
    const seq = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'exchanges'").get();
    const max = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM exchanges').get();
    this.lastId = Math.max(seq?.seq ?? 0, max?.id ?? 0);
    this.index = new ExchangeSearchIndex(db, this.lastId);
    this.indexNextBatch = db.transaction((budget: IndexingBudget) => this.index.indexNext(budget));
    this.clearBatch = db.transaction(() => {
      this.clearStmt.run();
      this.index.clear(this.lastId);
      this.countsStmt.run(0, 0, 0, 0);
    });
    this.writeBatch = db.transaction((rows: readonly { values: RowValues; searched: SearchedColumns }[]) => {
      for (const { values, searched } of rows) {
        this.insertStmt.run(...values);
        this.index.written(values[0], searched);
      }
      this.keptStmt.run(this.keptCount + rows.length);
    });
  }

  /** `announce` is told of each batch once it is written, its records in the order they were queued. */
  onWritten(announce: (records: readonly ExchangeRecord[]) => void): void {
    this.written = announce;
  }

  /**
   * The id of an exchange still being answered, for an answer that links to it (errors.ts). Ids then follow
   * the order answers began in, not the order they were logged: the batch writes each with its own.
   */
  reserveId(): number {
    return ++this.lastId;
  }

  /**
   * Queues an exchange as the request path holds it (its record is made when the batch is written) and answers
   * whether the queue has reached MAX_PENDING: then the owner should write it at its next turn.
   */
  capture(e: CapturedExchange): boolean {
    this.pending.capture(e.id ?? ++this.lastId, e);
    return this.queueFull();
  }

  /** Queues an exchange given whole (a refused request, a test's) and answers its id. */
  insert(e: NewExchange): { id: number } {
    const id = e.id ?? ++this.lastId;
    this.pending.add(id, e);
    this.queueFull();
    return { id };
  }

  private queueFull(): boolean {
    if (this.pending.length >= ExchangeRepository.HARD_PENDING) {
      try {
        this.flush();
      } catch {
        // Kept queued: the owner's timer writes it, and says on stderr why it could not (services/logs/exchange-log.ts).
      }
    }
    return this.pending.length >= ExchangeRepository.MAX_PENDING;
  }

  /** How many exchanges wait to be written. */
  get pendingCount(): number {
    return this.pending.length;
  }

  /** Writes the queued exchanges in one transaction; a batch that fails to write stays queued, first. */
  flush(): void {
    if (this.pending.length === 0) return;
    const records = this.pending.take(this.prunedUpTo);
    let rows: { values: RowValues; searched: SearchedColumns }[];
    try {
      rows = records.map(rowOf);
      // Immediate, as every write transaction (services/context.ts transactor): a WAL rewind is waited for.
      this.writeBatch.immediate(rows);
    } catch (err) {
      this.pending.putBack(records);
      throw err;
    }
    this.keptCount += records.length;
    this.index.hold(
      rows.map((row) => ({ id: row.values[0], columns: row.searched })),
      performance.now(),
    );
    if (this.resources !== null) for (const record of records) if (record.parties.resourceId !== null) this.resources.add(record.id, record.parties.resourceId);
    this.written?.(records);
  }

  /** Newest first; with `resourceId`, only the exchanges concerning that consent, payment or basket. */
  list(limit: number, resourceId?: string): ExchangeRecord[] {
    this.flush();
    if (resourceId === undefined) return this.listStmt.all(limit).map(toRecord);
    const records: ExchangeRecord[] = [];
    for (const id of this.resourceIndex().newest(resourceId, limit)) {
      const row = this.findStmt.get(id);
      if (row !== undefined) records.push(toRecord(row));
    }
    return records;
  }

  private resourceIndex(): ExchangeResources {
    this.resources ??= ExchangeResources.load(this.db);
    return this.resources;
  }

  /** Oldest first: the exchanges that started in [since, until) (wall clock, ms), of one TPP when given, after the id `afterId`. */
  inWindow(window: { tppId: string | null; since: number; until: number }, afterId: number, limit: number): ExchangeRecord[] {
    this.flush();
    return this.windowStmt.all(window.tppId, window.tppId, window.since, window.until, afterId, limit).map(toRecord);
  }

  /** The id given to the newest exchange, written or queued: it moves with every exchange logged. */
  get newestId(): number {
    return this.lastId;
  }

  /** How long (ms) the oldest exchange written but not yet in the search index has waited: 0 when none, Infinity when logged before this process. */
  indexLagMs(now: number): number {
    return this.index.lagMs(now);
  }

  /**
   * Brings the search index closer to the log within the budget, in one transaction (the queue written
   * first): pruned exchanges out, then the next exchanges not yet in it, oldest first. False once it holds the log.
   */
  indexNext(budget: IndexingBudget): boolean {
    this.flush();
    return this.index.behind(this.lastId) && this.indexNextBatch.immediate(budget);
  }

  /** Newest first: the page of matches older than `beforeId`, with the count of every match (whatever the page). */
  search(f: ExchangeFilter): ExchangeSearchPage {
    this.flush();
    const ids = this.idsMatching(f);
    if (ids === null) {
      const records = (f.beforeId === undefined ? this.listStmt.all(f.limit) : this.olderStmt.all(f.beforeId, f.limit)).map(toRecord);
      return { records, total: this.keptCount, kept: this.keptCount, discarded: { ...this.discardedCounts } };
    }
    const page = (f.beforeId === undefined ? ids : ids.filter((id) => id < (f.beforeId as number))).slice(0, f.limit);
    return { records: this.records(page), total: ids.length, kept: this.keptCount, discarded: { ...this.discardedCounts } };
  }

  /** Every match older than `beforeId` (all of them, no page), newest first: an export of a whole search reads their records a few at a time. */
  searchIds(f: Omit<ExchangeFilter, 'limit'>): number[] {
    this.flush();
    const ids = this.idsMatching(f) ?? (this.matchingIds('').all() as number[]);
    return f.beforeId === undefined ? ids : ids.filter((id) => id < (f.beforeId as number));
  }

  /** The records of these exchanges still in the log (a prune may have taken some since), in the order given. */
  records(ids: readonly number[]): ExchangeRecord[] {
    this.flush();
    const records: ExchangeRecord[] = [];
    for (const id of ids) {
      const row = this.findStmt.get(id);
      if (row !== undefined) records.push(toRecord(row));
    }
    return records;
  }

  /** The ids of every match of the filter's words and fields, newest first; null when nothing narrows (every exchange matches). */
  private idsMatching(f: Omit<ExchangeFilter, 'limit' | 'beforeId'>): number[] | null {
    const fields = fieldClauses(f, () => this.resourceIndex());
    // Each word the index can answer gives its exchanges (or a superset, then read for the word); the others are read.
    const answers = f.words.map((word) => this.index.matching(word));
    const answered = answers.flatMap((answer) => (answer === null ? [] : [answer.ids]));
    if (answered.length === 0) {
      const read = wordClauses(f.words);
      const where = [...read.where, ...fields.where];
      if (where.length === 0) return null;
      // One pass over the log gives both the count and the page: a word is looked for in every exchange's text
      // (gigabytes at 100,000 signed exchanges), and a second query for the count read it all again.
      return this.matchingIds(`WHERE ${where.join(' AND ')}`).all(...read.params, ...fields.params) as number[];
    }
    // The exchanges logged since the index last caught up: read, as every search did before the index.
    const all = wordClauses(f.words);
    const newer = this.matchingIds(`WHERE ${['id > ?', ...all.where, ...fields.where].join(' AND ')}`).all(
      this.index.indexedThrough,
      ...all.params,
      ...fields.params,
    ) as number[];
    const candidates = intersection(answered);
    const read = wordClauses(f.words.filter((_, i) => answers[i]?.exact !== true));
    const rest = [...read.where, ...fields.where];
    const indexed =
      rest.length === 0
        ? candidates.slice().reverse()
        : (this.matchingIds(`WHERE id IN (SELECT value FROM json_each(?)) AND ${rest.join(' AND ')}`).all(
            JSON.stringify(candidates),
            ...read.params,
            ...fields.params,
          ) as number[]);
    return newer.concat(indexed);
  }

  /** The ids matching a filter's shape, newest first (a shape: which fields, how many words; values are bound). */
  private matchingIds(matching: string): Statement {
    let statement = this.searches.get(matching);
    if (statement === undefined) {
      statement = this.db.prepare(`SELECT id FROM exchanges ${matching} ORDER BY id DESC`).pluck();
      // Shapes are few (fields given, number of words up to the service's bound); the cap is a safeguard.
      if (this.searches.size < 256) this.searches.set(matching, statement);
    }
    return statement;
  }

  find(id: number): ExchangeRecord | undefined {
    this.flush();
    const row = this.findStmt.get(id);
    return row && toRecord(row);
  }

  /**
   * Keeps the newest `limits.all` exchanges and, beside them, the newest `limits.failures` failures; a pinned
   * exchange always. Counts what it deletes (kept across restarts, zeroed by clear).
   */
  prune(limits: RetentionLimits): void {
    this.flush();
    this.pruneBatch.immediate(limits);
  }

  private pruneNow({ all, failures, signatureFailures }: RetentionLimits): void {
    // Every exchange given an id is written now, and none of the newest `all` was ever deleted.
    const cut = this.lastId - all;
    if (cut <= 0) return;
    const floor = (budget: number, nth: Statement<[number], { id: number }>): number => (budget < 1 ? Infinity : (nth.get(budget - 1)?.id ?? 0));
    const deleted = [
      ...this.pruneOrdinaryStmt.all(this.prunedUpTo, cut),
      ...this.pruneFailuresStmt.all(floor(failures, this.nthFailureStmt), cut),
      ...this.pruneSignatureFailuresStmt.all(floor(signatureFailures, this.nthSignatureFailureStmt), cut),
    ];
    this.prunedUpTo = Math.max(this.prunedUpTo, cut);
    for (const row of [...deleted]) {
      if (row.compared_with !== null) deleted.push(...this.pruneEvidenceStmt.all(row.compared_with, this.prunedUpTo, row.compared_with));
    }
    if (deleted.length === 0) return;
    const failed = deleted.reduce((n, row) => n + row.failure, 0);
    const signatureFailed = deleted.reduce((n, row) => n + row.signature_failure, 0);
    this.discardedCounts = {
      all: this.discardedCounts.all + deleted.length,
      failures: this.discardedCounts.failures + failed,
      signatureFailures: this.discardedCounts.signatureFailures + signatureFailed,
    };
    this.keptCount -= deleted.length;
    this.countsStmt.run(this.discardedCounts.all, this.discardedCounts.failures, this.keptCount, this.discardedCounts.signatureFailures);
    this.index.remove(deleted.map((row) => row.id));
    this.resources?.forget(deleted.flatMap((row) => (row.resource_id === null ? [] : [[row.id, row.resource_id] as const])));
  }

  /** Pins or unpins an exchange; false when the log does not hold it. */
  setPinned(id: number, pinned: boolean): boolean {
    this.flush();
    const changed = this.pinStmt.run(pinned ? 1 : 0, id).changes > 0;
    // Unpinned below where pruning stopped: the next prune looks there again.
    if (changed && !pinned) this.prunedUpTo = Math.min(this.prunedUpTo, id - 1);
    return changed;
  }

  /** What pruning has discarded since the log was last cleared. */
  get discarded(): DiscardedCounts {
    return { ...this.discardedCounts };
  }

  /** Empties the log, pinned exchanges too, and zeroes what it counts as discarded. */
  clear(): void {
    this.pending.clear();
    this.clearBatch.immediate();
    this.resources = null;
    this.prunedUpTo = 0;
    this.discardedCounts = { all: 0, failures: 0, signatureFailures: 0 };
    this.keptCount = 0;
  }
}
