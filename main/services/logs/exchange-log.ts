import { BankError, formatError } from '../../domain/errors';
import type { CapturedExchange, ExchangeFilter, ExchangeRecord, ExchangeSearchPage, NewExchange, RetentionLimits } from '../../store/repositories/exchanges';
import { LOG_MAX_EXCHANGES, LOG_MAX_FAILURES, LOG_MAX_SIGNATURE_FAILURES, type BankContext } from '../context';
import { ExchangeRepository } from '../../store/repositories/exchanges';
import { SearchIndexing } from './search-indexing';

/** Prune after this many inserts rather than on each: the delete is a range scan. */
const PRUNE_EVERY = 100;
/**
 * How long an answered exchange may wait in memory before it is written (and announced to the Inspector's
 * live list; every read of the log flushes first). Bounds what a SIGKILL can lose of the log: the exchanges
 * of the last FLUSH_AFTER_MS, at most ExchangeRepository.HARD_PENDING of them.
 */
export const FLUSH_AFTER_MS = 100;
const MAX_PAGE = 10_000;
/** How many records an export of the whole log reads at once (a body may be 1 MB). */
const EXPORT_SLICE = 50;

/**
 * Consent, payment and basket identifiers as the control API accepts them in `?resource=`:
 * URL-safe characters only, so an identifier the bank issued can always be asked for, and
 * anything longer is not one the bank issued (UUIDs, or the sandbox's fixed identifiers).
 */
export const RESOURCE_ID = /^[A-Za-z0-9._~-]{1,100}$/;

/** `q` of a search: at most this many characters and words (each word must occur). */
export const MAX_QUERY_LENGTH = 200;
const MAX_QUERY_WORDS = 8;
/** TPP identifiers (organizationIdentifier) and institution names as the log records them. */
export const PARTY = /^[A-Za-z0-9._~:-]{1,100}$/;
const STATUS = /^(?:[1-5]xx|[1-5][0-9]{2})$/;
const VERDICTS = ['valid', 'invalid', 'none'] as const;

/** The query of `GET /simulator/v1/exchanges`, as the route receives it (strings, or absent). */
export interface ExchangeQueryInput {
  q?: unknown;
  status?: unknown;
  signature?: unknown;
  tpp?: unknown;
  institution?: unknown;
  resource?: unknown;
  fault?: unknown;
  before?: unknown;
  limit?: unknown;
}

const text = (value: unknown, name: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw formatError(`${name} must be given once`);
  return value;
};

/** A comma-separated list of allowed values, none repeated. */
const list = (value: unknown, name: string, valid: (item: string) => boolean, what: string): string[] => {
  const raw = text(value, name);
  if (raw === undefined) return [];
  const items = raw.split(',');
  if (items.length > 10 || items.some((i) => !valid(i))) throw formatError(`${name} must be ${what}, comma-separated`);
  return [...new Set(items)];
};

/** `fault`: `any`, or one rule's id as the fault rules number them. */
function faultRuleOf(fault: string | undefined): 'any' | number | undefined {
  if (fault === undefined || fault === 'any') return fault;
  if (!/^[1-9][0-9]{0,8}$/.test(fault)) throw formatError("fault must be any (every answer a fault rule injected) or a fault rule's id");
  return Number(fault);
}

const statusRange = (s: string): [number, number] => (s.endsWith('xx') ? [Number(s[0]) * 100, Number(s[0]) * 100 + 99] : [Number(s), Number(s)]);

/**
 * The traffic log, announced as it grows. Bounded (docs/architecture.md#traffic-log): the newest `limits.all` exchanges (`--log-limit`,
 * default 10,000), and beside them the newest `limits.failures` failures (`--failure-log-limit`, default 10,000),
 * so a burst of ordinary traffic never pushes out the failing request QA came for; pinned exchanges always.
 */
export class ExchangeLog {
  private sincePrune = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  /** A write at the next turn of the event loop, once the queue is full (ExchangeRepository.MAX_PENDING). */
  private flushSoon: NodeJS.Immediate | null = null;
  /** The search index, written behind the log between requests (never by the log's batch write). */
  private readonly indexing: SearchIndexing;

  constructor(
    private readonly ctx: BankContext,
    readonly limits: RetentionLimits = { all: LOG_MAX_EXCHANGES, failures: LOG_MAX_FAILURES, signatureFailures: LOG_MAX_SIGNATURE_FAILURES },
  ) {
    this.indexing = new SearchIndexing(ctx.repos.exchanges);
    // Announced once written, in the order they were handed over: a listener that reads the log finds them there.
    ctx.repos.exchanges.onWritten((records) => {
      for (const exchange of records) this.ctx.events.emitEvent({ type: 'exchange', exchange });
    });
    // Exchanges logged before a stop (or before the index existed) may wait for it.
    this.indexing.wake();
  }

  /** Stops the search index's slices and writes what is queued: before the store closes. */
  close(): void {
    this.flush();
    this.indexing.stop();
  }

  /** An id for an exchange being answered whose answer names it; record() is then given it. */
  reserveId(): number {
    return this.ctx.repos.exchanges.reserveId();
  }

  /**
   * An answered exchange as the request path holds it: queued as it is, its record made and written with the
   * next batch (see FLUSH_AFTER_MS), so the request path pays for a push.
   */
  capture(exchange: CapturedExchange): void {
    const full = this.ctx.repos.exchanges.capture(exchange);
    this.queued(full);
  }

  /** An exchange given whole (a request Node's parser refused): queued as `capture` does. */
  record(exchange: NewExchange): void {
    this.ctx.repos.exchanges.insert(exchange);
    this.queued(this.ctx.repos.exchanges.pendingCount >= ExchangeRepository.MAX_PENDING);
  }

  private queued(full: boolean): void {
    this.sincePrune++;
    if (this.flushTimer === null) this.flushLater();
    // Written at the next turn, not by the request that filled the queue: its answer is not held for the batch.
    if (full && this.flushSoon === null) {
      this.flushSoon = setImmediate(() => {
        this.flushSoon = null;
        this.flushFromTimer();
      });
    }
  }

  /** A write the timer starts has no request to answer with its failure: stderr says it (flush tries again). */
  private flushLater(): void {
    this.flushTimer = setTimeout(() => this.flushFromTimer(), FLUSH_AFTER_MS);
    this.flushTimer.unref();
  }

  private flushFromTimer(): void {
    try {
      this.flush();
    } catch (err) {
      console.error('PSD2 Workbench: the traffic log could not be written; trying again:', err);
    }
  }

  /**
   * Writes what is queued (also on shutdown), pruning to the log's bound now and then. Every read of the
   * log comes through here first: a prune left due for the timer would otherwise take back, a moment
   * later, exchanges a search had just answered with.
   */
  flush(): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.flushSoon !== null) clearImmediate(this.flushSoon);
    this.flushSoon = null;
    try {
      this.ctx.repos.exchanges.flush();
    } catch (err) {
      // The database held longer than BUSY_WAIT_MS, or a full disk: the exchanges stay queued for the next try.
      this.flushLater();
      throw err;
    }
    if (this.sincePrune >= PRUNE_EVERY) {
      this.sincePrune = 0;
      this.ctx.repos.exchanges.prune(this.limits);
    }
    this.indexing.wake();
  }

  /** Keeps the exchange through every prune and every reset but "New class" with the log, until unpinned. */
  pin(id: unknown): ExchangeRecord {
    return this.setPinned(id, true);
  }

  unpin(id: unknown): ExchangeRecord {
    return this.setPinned(id, false);
  }

  private setPinned(id: unknown, pinned: boolean): ExchangeRecord {
    const n = this.idOf(id);
    if (!this.ctx.repos.exchanges.setPinned(n, pinned)) throw this.unknown(n);
    return this.get(id);
  }

  /** The resource an SCA journey authorises, for tagging the exchanges of its page. */
  journeyResource(journeyId: string): string | undefined {
    return this.ctx.repos.journeys.find(journeyId)?.resourceId;
  }

  /** One exchange of the log; RESOURCE_UNKNOWN when it is not (or no longer) in it. */
  get(id: unknown): ExchangeRecord {
    const n = this.idOf(id);
    this.flush();
    const exchange = this.ctx.repos.exchanges.find(n);
    if (exchange === undefined) throw this.unknown(n);
    return exchange;
  }

  private idOf(id: unknown): number {
    const n = Number(id);
    if (typeof id !== 'string' || !/^[1-9][0-9]{0,15}$/.test(id) || !Number.isSafeInteger(n))
      throw formatError('the exchange id must be a positive whole number');
    return n;
  }

  private unknown(id: number): BankError {
    const { all, failures } = this.limits;
    return BankError.of(
      'RESOURCE_UNKNOWN',
      `no exchange ${id} in the traffic log (it keeps the newest ${all.toLocaleString('en')}, the newest ${failures.toLocaleString('en')} failures and the pinned ones)`,
    );
  }

  /**
   * Newest first, narrowed by every parameter given (docs/qa.md#the-inspector: search the whole log):
   * `q` words each found in the method, URL, status, parties, headers, bodies or signature diagnosis;
   * `status` 2xx or 401 (comma-separated: any); `signature` valid, invalid or none; `tpp`; `institution`;
   * `resource`; `fault` `any` (answers a fault rule injected) or a rule's id; `before` an exchange id (the page
   * older than it); `limit` 1-10,000 (default 100).
   */
  search(query: ExchangeQueryInput): ExchangeSearchPage {
    const filter: ExchangeFilter = { ...this.filterOf(query), limit: this.limit(query.limit) };
    this.flush();
    return this.ctx.repos.exchanges.search(filter);
  }

  /**
   * Every match of a search (its filters and `before`, no page: `limit` is refused), oldest first, for an export
   * of the whole log: the ids are taken now, the records read EXPORT_SLICE at a time as the export goes, so it
   * holds a few at once whatever the log's size. An exchange the log discards meanwhile is left out.
   */
  matches(query: ExchangeQueryInput): { count: number; records: Iterable<ExchangeRecord> } {
    if (query.limit !== undefined) throw formatError('limit is not taken here: every match is exported; narrow with the filters or before');
    const filter = this.filterOf(query);
    this.flush();
    const ids = this.ctx.repos.exchanges.searchIds(filter).reverse();
    const repository = this.ctx.repos.exchanges;
    function* records(): Generator<ExchangeRecord, void, undefined> {
      for (let at = 0; at < ids.length; at += EXPORT_SLICE) yield* repository.records(ids.slice(at, at + EXPORT_SLICE));
    }
    return { count: ids.length, records: records() };
  }

  /** The query's filters, each checked (FORMAT_ERROR naming the one that is not valid). */
  private filterOf(query: ExchangeQueryInput): Omit<ExchangeFilter, 'limit'> {
    const q = text(query.q, 'q') ?? '';
    if (q.length > MAX_QUERY_LENGTH) throw formatError(`q must be at most ${MAX_QUERY_LENGTH} characters`);
    const words = q.split(/\s+/).filter(Boolean);
    if (words.length > MAX_QUERY_WORDS) throw formatError(`q must have at most ${MAX_QUERY_WORDS} words`);
    const party = (value: unknown, name: string): string | undefined => {
      const v = text(value, name);
      if (v !== undefined && !PARTY.test(v)) throw formatError(`${name} must be 1 to 100 letters, digits and . _ ~ : -`);
      return v;
    };
    const before = text(query.before, 'before');
    if (before !== undefined && (!/^[1-9][0-9]{0,15}$/.test(before) || !Number.isSafeInteger(Number(before))))
      throw formatError('before must be an exchange id: a positive whole number');
    return {
      words,
      statuses: list(query.status, 'status', (s) => STATUS.test(s), 'a status class like 4xx or a status like 401').map(statusRange),
      verdicts: list(query.signature, 'signature', (s) => (VERDICTS as readonly string[]).includes(s), 'valid, invalid or none') as ExchangeFilter['verdicts'],
      tppId: party(query.tpp, 'tpp'),
      institution: party(query.institution, 'institution'),
      resourceId: this.resource(query.resource),
      faultRule: faultRuleOf(text(query.fault, 'fault')),
      beforeId: before === undefined ? undefined : Number(before),
    };
  }

  private limit(limit: unknown): number {
    const n = limit === undefined ? 100 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) throw formatError(`limit must be a whole number from 1 to ${MAX_PAGE}`);
    return n;
  }

  private resource(resource: unknown): string | undefined {
    if (resource !== undefined && (typeof resource !== 'string' || !RESOURCE_ID.test(resource))) {
      throw formatError('resource must be one consent, payment or basket id: 1 to 100 letters, digits and . _ ~ -');
    }
    return resource;
  }

  /** Newest first; `limit` 1-10,000 (default 100); `resource` narrows to one consent, payment or basket. */
  list(limit: unknown, resource: unknown): ExchangeRecord[] {
    const page = { limit: this.limit(limit), resource: this.resource(resource) };
    this.flush();
    return this.ctx.repos.exchanges.list(page.limit, page.resource);
  }
}
