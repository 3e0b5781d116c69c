import { rulesCited } from '../../domain/signing/rules';
import type { SignatureDiagnosis } from '../../domain/signing/verify';
import type { LoggedParserRefusal } from '../../domain/headers/parser-refusal';
import type { Statement, Transaction } from 'better-sqlite3';
import { headersOfLines, sameHeaders } from '../../domain/headers/header-lines';
import type { Db } from '../database';
import { ExchangeResources } from '../exchange-resources';
import { ExchangeSearchIndex, intersection, SEARCHED_TEXT, type IndexingBudget } from '../exchange-search-index';

type Headers = Record<string, string | string[]>;

/** One header line of a request as received: its name as sent (case kept) and its value. */
export type RawHeader = [name: string, value: string];

/** The lines an object of headers stands for, for rows logged before the lines were kept: one per value, in the object's order. */
export const linesOfHeaders = (headers: Headers): RawHeader[] =>
  Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v): RawHeader => [name, v]));

/** When an exchange happened: wall time, the simulated clock's time, and how long the bank took. */
export interface ExchangeTiming {
  startedAt: Date;
  simulatedAt: Date;
  durationMs: number;
}

/** Whom and what an exchange concerns, as far as the bank could tell. */
export interface ExchangeParties {
  institution: string | null;
  tppId: string | null;
  /** The consent, payment or basket the exchange concerns, when it concerns one. */
  resourceId: string | null;
}

/** An exchange as the HTTP layer saw it, bodies whole. */
export interface NewExchange {
  /** Reserved while it was answered (reserveId), when the answer links to it; absent: the next id. */
  id?: number | null;
  timing: ExchangeTiming;
  parties: ExchangeParties;
  /** `rawHeaders`: the header lines in order as received, duplicates kept; absent, the lines of `headers`. */
  request: { method: string; url: string; headers: Headers; rawHeaders?: RawHeader[]; body: Buffer | null };
  response: { status: number; headers: Headers; body: Buffer | null };
  signature: SignatureDiagnosis | null;
  /** The fault rule that injected the answer (http/faults.ts); absent or null: the bank's own answer. */
  faultRule?: number | null;
  /** Of a request Node's HTTP parser refused before any route (http/limits.ts); absent or null otherwise. */
  refusal?: LoggedParserRefusal | null;
}

/** A body as logged: cut to the log's limit, with the size that was received or sent. */
export interface LoggedBody {
  body: Buffer | null;
  bodySize: number;
}

/** A logged exchange as stored. */
export interface ExchangeRecord {
  id: number;
  timing: ExchangeTiming;
  parties: ExchangeParties;
  request: { method: string; url: string; headers: Headers; rawHeaders: RawHeader[] } & LoggedBody;
  response: { status: number; headers: Headers } & LoggedBody;
  signature: SignatureDiagnosis | null;
  /** Kept through every prune until unpinned (or the log is cleared). */
  pinned: boolean;
  /** The fault rule that injected the answer; null: the bank's own answer. */
  faultRule: number | null;
  /**
   * Of a signature failure: the exchange it is compared with, the most recent success of the same signed
   * operation by the same TPP logged before it (kept as long as the failure is); null otherwise.
   */
  comparedWith: number | null;
  /** Present only for a request Node's HTTP parser refused before any route: its bytes, code, offending byte and header. */
  refusal?: LoggedParserRefusal;
}

/** How many exchanges the log keeps: the newest `all`, and beside them the newest `failures` failures. */
export interface RetentionLimits {
  all: number;
  failures: number;
  /** Signature failures, in a budget apart from the other failures (`--signature-failure-limit`). */
  signatureFailures: number;
}

/** What pruning has discarded since the log was last cleared: every exchange, and the failures among them. */
export interface DiscardedCounts {
  all: number;
  failures: number;
  /** Of the failures, the signature failures (their own budget). */
  signatureFailures: number;
}

/** A failure, kept in its own budget: the bank answered 4xx or 5xx, or found the signature not valid. */
export const isFailure = (status: number, signature: SignatureDiagnosis | null): boolean => status >= 400 || (signature !== null && !signature.verdict.valid);

/** A signature failure: a signed operation whose signature the bank found not valid (the evidence QA comes for). */
const isSignatureFailure = (signature: SignatureDiagnosis | null): boolean => signature !== null && !signature.verdict.valid;

interface ExchangeRow {
  id: number;
  started_at: number;
  simulated_at: number;
  duration_ms: number;
  method: string;
  url: string;
  institution: string | null;
  tpp_id: string | null;
  resource_id: string | null;
  request_headers: string;
  request_body: Buffer | null;
  request_body_size: number;
  status: number;
  response_headers: string;
  response_body: Buffer | null;
  response_body_size: number;
  signature: string | null;
  pinned: number;
  /** JSON of the request's header lines; null in rows logged before they were kept (migration 014). */
  raw_headers: string | null;
  fault_rule: number | null;
  compared_with: number | null;
  /** JSON of a parser refusal, its bytes in base64 (migration 21); null for every other exchange. */
  refusal: string | null;
}

/** A deleted row, as a prune reports it. */
interface DeletedRow {
  id: number;
  resource_id: string | null;
  failure: number;
  signature_failure: number;
  compared_with: number | null;
}

/** What a search of the log asks for; every field narrows (all of them must hold). */
export interface ExchangeFilter {
  /** Words that must each occur (ASCII case-insensitive) in the method, URL, status, TPP, institution, headers, bodies or signature diagnosis. */
  words: readonly string[];
  /** Status ranges, either of which may hold: [200, 299] for 2xx, [401, 401] for 401. */
  statuses: readonly (readonly [number, number])[];
  /** The signature verdict: valid, invalid, or none (an unsigned request); any of those given. */
  verdicts: readonly ('valid' | 'invalid' | 'none')[];
  tppId?: string | undefined;
  institution?: string | undefined;
  resourceId?: string | undefined;
  /** Only answers a fault rule injected: any rule's (`any`) or this rule's. */
  faultRule?: 'any' | number | undefined;
  /** Only exchanges older than this id (paging). */
  beforeId?: number | undefined;
  limit: number;
}

/** A page of a search: the newest matches older than `beforeId`, how many match in all, how many the log keeps and has discarded. */
export interface ExchangeSearchPage {
  records: ExchangeRecord[];
  total: number;
  kept: number;
  discarded: DiscardedCounts;
}

const VERDICT_SQL = {
  valid: `(signature IS NOT NULL AND json_extract(signature, '$.verdict.valid') = 1)`,
  invalid: `(signature IS NOT NULL AND json_extract(signature, '$.verdict.valid') = 0)`,
  none: `signature IS NULL`,
} as const;

/** A LIKE pattern matching the word literally anywhere (with ESCAPE '\\'). */
const containing = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL conditions with their values, in order. */
interface Clauses {
  where: string[];
  params: (string | number)[];
}

/** Each word looked for by reading the exchange's text. */
const words = (list: readonly string[]): Clauses => ({
  where: list.map(() => `${SEARCHED_TEXT} LIKE ? ESCAPE '\\'`),
  params: list.map(containing),
});

/**
 * The traffic log: bounded in count and in stored body size; never the resources themselves.
 *
 * Written behind the requests it records: `insert` gives the exchange its id at once and queues it; `flush`
 * writes the queue in one transaction (one WAL commit per batch instead of one per request). Every read here
 * flushes first, so whoever reads the log sees every exchange already answered. What a crash (SIGKILL) can
 * lose is the queue: the exchanges of the last flush interval, at most MAX_PENDING (the owner's timer keeps
 * it shorter); never a resource, which each service commits in its own transaction before it answers.
 */
export class ExchangeRepository {
  /** The queue's bound: an insert beyond it flushes at once, so memory stays flat under any load. */
  static readonly MAX_PENDING = 500;

  private readonly insertStmt;
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
  /** The newest success of each signed operation by each TPP ("tppId operation" → id): what a signature failure is compared with. */
  private readonly lastSuccess = new Map<string, number>();
  private readonly pinStmt;
  private readonly countsStmt;
  private readonly pruneBatch: Transaction<(limits: RetentionLimits) => void>;
  /** Every exchange up to this id that is neither a failure nor pinned is deleted: the next prune starts above it. */
  private prunedUpTo = 0;
  private discardedCounts: DiscardedCounts;
  private readonly clearStmt;
  private readonly writeBatch: Transaction<(batch: readonly ExchangeRecord[]) => void>;
  private pending: ExchangeRecord[] = [];
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

  constructor(
    private readonly db: Db,
    private readonly maxBodyBytes: number,
  ) {
    this.insertStmt = db.prepare(`INSERT INTO exchanges (id, started_at, simulated_at, duration_ms, method, url, institution, tpp_id, resource_id,
      request_headers, request_body, request_body_size, status, response_headers, response_body, response_body_size, signature, failure, raw_headers, fault_rule,
      signature_failure, compared_with, refusal)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
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
    this.index = new ExchangeSearchIndex(db);
    this.indexNextBatch = db.transaction((budget: IndexingBudget) => this.index.indexNext(budget));
    this.clearBatch = db.transaction(() => {
      this.clearStmt.run();
      this.index.clear(this.lastId);
      this.countsStmt.run(0, 0, 0, 0);
    });
    this.writeBatch = db.transaction((batch: readonly ExchangeRecord[]) => {
      for (const e of batch) this.write(e);
      this.keptStmt.run(this.keptCount + batch.length);
    });
  }

  /**
   * The id of an exchange still being answered, for an answer that links to it (errors.ts). Ids then follow
   * the order answers began in, not the order they were logged: the batch writes each with its own.
   */
  reserveId(): number {
    return ++this.lastId;
  }

  /** Queues the exchange and answers it as it will be stored (its id included). */
  insert(e: NewExchange): ExchangeRecord {
    // Built field by field: object spreads here cost more than the rest of the record together.
    const { request, response } = e;
    const id = e.id ?? ++this.lastId;
    const record: ExchangeRecord = {
      id,
      timing: e.timing,
      parties: e.parties,
      request: {
        method: request.method,
        url: request.url,
        headers: request.headers,
        rawHeaders: request.rawHeaders ?? linesOfHeaders(request.headers),
        body: this.kept(request.body),
        bodySize: request.body?.length ?? 0,
      },
      response: { status: response.status, headers: response.headers, body: this.kept(response.body), bodySize: response.body?.length ?? 0 },
      signature: e.signature,
      pinned: false,
      faultRule: e.faultRule ?? null,
      comparedWith: e.signature === null ? null : this.comparison(id, e),
    };
    if (e.refusal) record.refusal = e.refusal;
    this.pending.push(record);
    if (this.resources !== null && e.parties.resourceId !== null) this.resources.add(record.id, e.parties.resourceId);
    if (this.pending.length >= ExchangeRepository.MAX_PENDING) {
      try {
        this.flush();
      } catch {
        // Kept queued: the owner's timer writes it, and says on stderr why it could not (services/logs/exchange-log.ts).
      }
    }
    return record;
  }

  /**
   * Of a signed operation's exchange: remembered as the newest success of its operation and TPP when it is
   * one; the success it is compared with when it is a signature failure (one not pruned already).
   */
  private comparison(id: number, e: NewExchange): number | null {
    const signature = e.signature as SignatureDiagnosis;
    const key = `${e.parties.tppId ?? ''} ${signature.operation}`;
    if (signature.verdict.valid) {
      if (e.response.status < 300) this.lastSuccess.set(key, id);
      return null;
    }
    const success = this.lastSuccess.get(key);
    return success !== undefined && success > this.prunedUpTo ? success : null;
  }

  /** A body as the log keeps it: cut to the log's limit. */
  private kept(body: Buffer | null): Buffer | null {
    return body === null || body.length <= this.maxBodyBytes ? body : body.subarray(0, this.maxBodyBytes);
  }

  /** How many exchanges wait to be written. */
  get pendingCount(): number {
    return this.pending.length;
  }

  /** Writes the queued exchanges in one transaction; a batch that fails to write stays queued, first. */
  flush(): void {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      // Immediate, as every write transaction (services/context.ts transactor): a WAL rewind is waited for.
      this.writeBatch.immediate(batch);
    } catch (err) {
      this.pending = batch.concat(this.pending);
      throw err;
    }
    this.keptCount += batch.length;
  }

  private write(e: ExchangeRecord): void {
    const { request, response } = e;
    this.insertStmt.run(
      e.id,
      e.timing.startedAt.getTime(),
      e.timing.simulatedAt.getTime(),
      e.timing.durationMs,
      request.method,
      request.url,
      e.parties.institution,
      e.parties.tppId,
      e.parties.resourceId,
      storedHeaders(request.headers, request.rawHeaders),
      request.body,
      request.bodySize,
      response.status,
      JSON.stringify(response.headers),
      response.body,
      response.bodySize,
      e.signature === null ? null : storedDiagnosis(e.signature),
      isFailure(response.status, e.signature) ? 1 : 0,
      JSON.stringify(request.rawHeaders),
      e.faultRule,
      isSignatureFailure(e.signature) ? 1 : 0,
      e.comparedWith,
      e.refusal === undefined ? null : storedRefusal(e.refusal),
    );
  }

  /** Newest first; with `resourceId`, only the exchanges concerning that consent, payment or basket. */
  list(limit: number, resourceId?: string): ExchangeRecord[] {
    this.flush();
    if (resourceId === undefined) return this.listStmt.all(limit).map((r) => this.toRecord(r));
    this.resources ??= ExchangeResources.load(this.db);
    const records: ExchangeRecord[] = [];
    for (const id of this.resources.newest(resourceId, limit)) {
      const row = this.findStmt.get(id);
      if (row !== undefined) records.push(this.toRecord(row));
    }
    return records;
  }

  /** Oldest first: the exchanges that started in [since, until) (wall clock, ms), of one TPP when given, after the id `afterId`. */
  inWindow(window: { tppId: string | null; since: number; until: number }, afterId: number, limit: number): ExchangeRecord[] {
    this.flush();
    return this.windowStmt.all(window.tppId, window.tppId, window.since, window.until, afterId, limit).map((r) => this.toRecord(r));
  }

  /** The id given to the newest exchange, written or queued: it moves with every exchange logged. */
  get newestId(): number {
    return this.lastId;
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
      const records = (f.beforeId === undefined ? this.listStmt.all(f.limit) : this.olderStmt.all(f.beforeId, f.limit)).map((r) => this.toRecord(r));
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
      if (row !== undefined) records.push(this.toRecord(row));
    }
    return records;
  }

  /** The ids of every match of the filter's words and fields, newest first; null when nothing narrows (every exchange matches). */
  private idsMatching(f: Omit<ExchangeFilter, 'limit' | 'beforeId'>): number[] | null {
    const fields = this.fieldClauses(f);
    // Each word the index can answer gives its exchanges (or a superset, then read for the word); the others are read.
    const answers = f.words.map((word) => this.index.matching(word));
    const answered = answers.flatMap((answer) => (answer === null ? [] : [answer.ids]));
    if (answered.length === 0) {
      const read = words(f.words);
      const where = [...read.where, ...fields.where];
      if (where.length === 0) return null;
      // One pass over the log gives both the count and the page: a word is looked for in every exchange's text
      // (gigabytes at 100,000 signed exchanges), and a second query for the count read it all again.
      return this.matchingIds(`WHERE ${where.join(' AND ')}`).all(...read.params, ...fields.params) as number[];
    }
    // The exchanges logged since the index last caught up: read, as every search did before the index.
    const all = words(f.words);
    const newer = this.matchingIds(`WHERE ${['id > ?', ...all.where, ...fields.where].join(' AND ')}`).all(
      this.index.indexedThrough,
      ...all.params,
      ...fields.params,
    ) as number[];
    const candidates = intersection(answered);
    const read = words(f.words.filter((_, i) => answers[i]?.exact !== true));
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

  /** The filter's conditions besides its words, as SQL over the log's columns. */
  private fieldClauses(f: Omit<ExchangeFilter, 'limit' | 'beforeId'>): Clauses {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (f.statuses.length > 0) {
      where.push(`(${f.statuses.map(() => 'status BETWEEN ? AND ?').join(' OR ')})`);
      for (const [low, high] of f.statuses) params.push(low, high);
    }
    if (f.verdicts.length > 0) where.push(`(${f.verdicts.map((v) => VERDICT_SQL[v]).join(' OR ')})`);
    // Only failures can match (4xx and 5xx, a signature not valid): said so, SQLite reads the failures' own index
    // instead of every row of the log (1.4 s for "4xx" at 100,000 signed exchanges).
    const onlyFailures =
      (f.statuses.length > 0 && f.statuses.every(([low]) => low >= 400)) || (f.verdicts.length > 0 && f.verdicts.every((v) => v === 'invalid'));
    if (onlyFailures) where.push('failure = 1');
    const equal = (column: string, value: string | undefined): void => {
      if (value === undefined) return;
      where.push(`${column} = ?`);
      params.push(value);
    };
    equal('tpp_id', f.tppId);
    equal('institution', f.institution);
    // Over the partial index of injected answers (migration 19), which `fault_rule = ?` implies too.
    if (f.faultRule === 'any') where.push('fault_rule IS NOT NULL');
    else if (f.faultRule !== undefined) {
      where.push('fault_rule = ?');
      params.push(f.faultRule);
    }
    if (f.resourceId !== undefined) {
      // The exchanges of one resource are listed in memory (migration 11): no scan of the table for them.
      this.resources ??= ExchangeResources.load(this.db);
      where.push('id IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(this.resources.newest(f.resourceId, Number.MAX_SAFE_INTEGER)));
    }
    return { where, params };
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
    return row && this.toRecord(row);
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
    this.pending = [];
    this.clearBatch.immediate();
    this.resources = null;
    this.prunedUpTo = 0;
    this.discardedCounts = { all: 0, failures: 0, signatureFailures: 0 };
    this.keptCount = 0;
    this.lastSuccess.clear();
  }

  private toRecord(r: ExchangeRow): ExchangeRecord {
    const record: ExchangeRecord = {
      id: r.id,
      timing: { startedAt: new Date(r.started_at), simulatedAt: new Date(r.simulated_at), durationMs: r.duration_ms },
      parties: { institution: r.institution, tppId: r.tpp_id, resourceId: r.resource_id },
      request: { method: r.method, url: r.url, ...requestHeaders(r), body: r.request_body, bodySize: r.request_body_size },
      response: { status: r.status, headers: JSON.parse(r.response_headers) as Headers, body: r.response_body, bodySize: r.response_body_size },
      signature: r.signature === null ? null : readDiagnosis(r.signature),
      pinned: r.pinned === 1,
      faultRule: r.fault_rule,
      comparedWith: r.compared_with,
    };
    if (r.refusal !== null) record.refusal = readRefusal(r.refusal);
    return record;
  }
}

/** A parser refusal as the log stores it: JSON, the bytes read in base64. */
function storedRefusal(r: LoggedParserRefusal): string {
  return JSON.stringify({ code: r.code, text: r.text, offset: r.offset, header: r.header, bytes: r.bytes.toString('base64') });
}

function readRefusal(text: string): LoggedParserRefusal {
  const r = JSON.parse(text) as Omit<LoggedParserRefusal, 'bytes'> & { bytes: string };
  return { code: r.code, text: r.text, offset: r.offset, header: r.header, bytes: Buffer.from(r.bytes, 'base64') };
}

/**
 * A diagnosis as the log stores it: without its legend of the rules cited, which the checks give again
 * (rulesCited) and which was some 1.9 KB of the 12 KB a signed exchange took, written with every request.
 */
function storedDiagnosis(d: SignatureDiagnosis): string {
  const { rules: _rules, ...rest } = d;
  return JSON.stringify(rest);
}

/** The diagnosis as it was made: the legend given again where the row has none (rows logged before keep theirs). */
function readDiagnosis(text: string): SignatureDiagnosis {
  const stored = JSON.parse(text) as Omit<SignatureDiagnosis, 'rules'> & { rules?: SignatureDiagnosis['rules'] };
  // A row without checks (a test's bare verdict) has no legend to give either: as stored.
  if (stored.rules !== undefined || !Array.isArray(stored.checks)) return stored as SignatureDiagnosis;
  const { operation, checks, ...rest } = stored;
  return { operation, checks, rules: rulesCited(checks), ...rest };
}

/** Stored in place of a header object that its lines give again (headersOfLines): nearly every one. */
const DERIVED_HEADERS = '';

/**
 * The request's header object as stored: nothing when its lines as received give it again, as Node merged
 * them (a signed request's 2 KB of headers were otherwise kept twice), else the object itself.
 */
function storedHeaders(headers: Headers, lines: readonly RawHeader[]): string {
  return sameHeaders(headersOfLines(lines), headers) ? DERIVED_HEADERS : JSON.stringify(headers);
}

/** The request's header object and its lines as received (those of the object in rows logged before the lines were kept). */
function requestHeaders(r: ExchangeRow): { headers: Headers; rawHeaders: RawHeader[] } {
  if (r.request_headers === DERIVED_HEADERS && r.raw_headers !== null) {
    const rawHeaders = JSON.parse(r.raw_headers) as RawHeader[];
    return { headers: headersOfLines(rawHeaders), rawHeaders };
  }
  const headers = JSON.parse(r.request_headers) as Headers;
  return { headers, rawHeaders: r.raw_headers === null ? linesOfHeaders(headers) : (JSON.parse(r.raw_headers) as RawHeader[]) };
}
