import { formatError } from '../domain/errors';
import { addDuration, isSupportedInstant, parseDuration } from '../domain/time/duration';
import type { BankContext } from './context';
import type { LifecycleService } from './lifecycle';

const SHAPE = 'the body must be {"advance":"P1D"} or {"set":"<ISO-8601 instant>"}';

/** The operator moves the one clock; what falls due by the new time is settled at once. */
export class ClockControl {
  constructor(
    private readonly ctx: BankContext,
    private readonly lifecycle: LifecycleService,
  ) {}

  now(): Date {
    return this.ctx.clock.now();
  }

  /** `{"advance": ISO-8601 duration}` or `{"set": ISO-8601 instant}`, within the years 2000-9999. */
  move(body: unknown): Date {
    if (body === null || typeof body !== 'object') throw formatError(SHAPE);
    const { advance, set } = body as { advance?: unknown; set?: unknown };
    let target: Date;
    if (typeof advance === 'string') {
      const duration = parseDuration(advance);
      if (!duration) throw formatError(`advance must be an ISO-8601 duration such as PT10M, P1D or P90D, got "${advance.slice(0, 40)}"`);
      target = addDuration(this.ctx.clock.now(), duration);
    } else if (typeof set === 'string') {
      if (!/^\d{4}-\d{2}-\d{2}T/.test(set)) throw formatError('set must be an ISO-8601 instant such as 2026-03-29T00:30:00Z');
      target = new Date(Date.parse(set));
    } else {
      throw formatError(SHAPE);
    }
    if (!isSupportedInstant(target)) throw formatError('the simulated clock must stay between the years 2000 and 9999');
    this.ctx.clock.set(target);
    this.lifecycle.settle();
    return this.ctx.clock.now();
  }
}
