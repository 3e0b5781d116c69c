import { BankError, formatError } from '../domain/errors';
import type { ExchangeRecord, NewExchange } from '../store/repositories/exchanges';
import { LOG_MAX_EXCHANGES, type BankContext } from './context';

/** Prune after this many inserts rather than on each: the delete is a range scan. */
const PRUNE_EVERY = 100;
/**
 * How long an answered exchange may wait in memory before it is written (the Inspector's live event
 * goes out at once, and every read of the log flushes first). Bounds what a SIGKILL can lose of the log:
 * the exchanges of the last FLUSH_AFTER_MS, at most ExchangeRepository.MAX_PENDING of them.
 */
export const FLUSH_AFTER_MS = 100;
const MAX_PAGE = 10_000;

/**
 * Consent, payment and basket identifiers as the control API accepts them in `?resource=`:
 * URL-safe characters only, so an identifier the bank issued can always be asked for, and
 * anything longer is not one the bank issued (UUIDs, or the sandbox's fixed identifiers).
 */
export const RESOURCE_ID = /^[A-Za-z0-9._~-]{1,100}$/;

/** The traffic log (DESIGN.md: bounded to the newest 10,000 exchanges), announced as it grows. */
export class ExchangeLog {
  private sincePrune = 0;
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: BankContext) {}

  /** Queued, not written: off the answered request's path (see FLUSH_AFTER_MS). */
  record(exchange: NewExchange): ExchangeRecord {
    const record = this.ctx.repos.exchanges.insert(exchange);
    this.sincePrune++;
    if (this.flushTimer === null) {
      this.flushTimer = setTimeout(() => this.flush(), FLUSH_AFTER_MS);
      this.flushTimer.unref();
    }
    this.ctx.events.emitEvent({ type: 'exchange', exchange: record });
    return record;
  }

  /** Writes what is queued (also on shutdown), pruning to the log's bound now and then. */
  flush(): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.ctx.repos.exchanges.flush();
    if (this.sincePrune >= PRUNE_EVERY) {
      this.sincePrune = 0;
      this.ctx.repos.exchanges.prune(LOG_MAX_EXCHANGES);
    }
  }

  /** The resource an SCA journey authorises, for tagging the exchanges of its page. */
  journeyResource(journeyId: string): string | undefined {
    return this.ctx.repos.journeys.find(journeyId)?.resourceId;
  }

  /** One exchange of the log; RESOURCE_UNKNOWN when it is not (or no longer) in it. */
  get(id: unknown): ExchangeRecord {
    const n = Number(id);
    if (typeof id !== 'string' || !/^[1-9][0-9]{0,15}$/.test(id) || !Number.isSafeInteger(n)) throw formatError('the exchange id must be a positive whole number');
    const exchange = this.ctx.repos.exchanges.find(n);
    if (exchange === undefined) throw BankError.of('RESOURCE_UNKNOWN', `no exchange ${n} in the traffic log (it keeps the newest ${LOG_MAX_EXCHANGES})`);
    return exchange;
  }

  /** Newest first; `limit` 1-10,000 (default 100); `resource` narrows to one consent, payment or basket. */
  list(limit: unknown, resource: unknown): ExchangeRecord[] {
    const n = limit === undefined ? 100 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) throw formatError(`limit must be a whole number from 1 to ${MAX_PAGE}`);
    if (resource !== undefined && (typeof resource !== 'string' || !RESOURCE_ID.test(resource))) {
      throw formatError('resource must be one consent, payment or basket id: 1 to 100 letters, digits and . _ ~ -');
    }
    return this.ctx.repos.exchanges.list(n, resource);
  }
}
