import { BankError, formatError } from '../../domain/errors';
import { admit, isRateLimit, MAX_REQUESTS_PER_SECOND, type RateWindow } from '../../domain/tpp/rate-limit';
import type { BankContext } from '../context';

/**
 * The per-TPP request limit (`--rate-limit N`, `POST /simulator/v1/rate-limit`): each TPP identity
 * has its own window, so one TPP's burst never slows another. 0 is off.
 */
export class RateLimits {
  private perSecond: number;
  private readonly windows = new Map<string, RateWindow>();

  constructor(
    private readonly ctx: BankContext,
    perSecond: number,
  ) {
    this.perSecond = perSecond;
  }

  current(): { perSecond: number } {
    return { perSecond: this.perSecond };
  }

  /** `{"perSecond": N}` from the operator; a new limit starts every TPP's window afresh. */
  set(body: unknown): { perSecond: number } {
    const perSecond = (body as { perSecond?: unknown } | null)?.perSecond;
    if (!isRateLimit(perSecond)) throw formatError(`the body must be {"perSecond": N} with N a whole number from 0 (off) to ${MAX_REQUESTS_PER_SECOND}`);
    this.perSecond = perSecond;
    this.windows.clear();
    this.ctx.events.emitEvent({ type: 'operator-settings' });
    return this.current();
  }

  /** Counts one request of the TPP; over the limit it is refused with when to try again. */
  admit(tppId: string): void {
    if (this.perSecond === 0) return;
    let window = this.windows.get(tppId);
    if (!window) {
      window = { admitted: [], next: 0 };
      this.windows.set(tppId, window);
    }
    const admission = admit(window, this.perSecond, this.ctx.clock.now().getTime());
    if (!admission.admitted) {
      throw BankError.of('TOO_MANY_REQUESTS', `TPP ${tppId} sent more than ${this.perSecond} requests within a second; wait before retrying`).withRetryAfter(
        admission.retryAfterSeconds,
      );
    }
  }
}
