import { formatError } from '../../domain/errors';
import { addDuration, isSupportedInstant, parseDuration } from '../../domain/time/duration';
import type { BankContext } from '../context';
import type { LifecycleService } from './lifecycle';

const SHAPE = 'the body must be {"advance":"P1D"}, {"set":"<ISO-8601 instant>"} or {"paused":true|false}';

export interface ClockReading {
  now: Date;
  paused: boolean;
  /** What falls due next, for "to the next time limit"; null when nothing waits on time. */
  nextTimeLimit: { at: Date; what: string } | null;
}

/** The operator moves, pauses and resumes the one clock; what falls due by the new time is settled at once. */
export class ClockControl {
  constructor(
    private readonly ctx: BankContext,
    private readonly lifecycle: LifecycleService,
  ) {}

  now(): Date {
    return this.ctx.clock.now();
  }

  reading(): ClockReading {
    const now = this.ctx.clock.now();
    return { now, paused: this.ctx.clock.paused, nextTimeLimit: this.lifecycle.nextTimeLimit(now) };
  }

  /**
   * `{"advance": ISO-8601 duration}` or `{"set": ISO-8601 instant}`, within the years 2000-9999, and/or
   * `{"paused": boolean}`; the pause applies first, so `{"paused": true, "advance": "PT5M"}` leaves it still at +5 min.
   */
  move(body: unknown): ClockReading {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw formatError(SHAPE);
    const { advance, set, paused } = body as { advance?: unknown; set?: unknown; paused?: unknown };
    if (paused !== undefined && typeof paused !== 'boolean') throw formatError(`paused must be true or false, got ${JSON.stringify(paused).slice(0, 40)}`);
    if (advance !== undefined && set !== undefined) throw formatError('give advance or set, not both');
    const target = advance !== undefined || set !== undefined ? this.target(advance, set) : null;
    if (target === null && paused === undefined) throw formatError(SHAPE);
    if (paused !== undefined) this.ctx.clock.setPaused(paused);
    if (target !== null) this.to(target);
    return this.reading();
  }

  /** Puts the clock at an instant and settles what fell due (New class puts it back to its start). */
  to(target: Date): Date {
    if (!isSupportedInstant(target)) throw formatError('the simulated clock must stay between the years 2000 and 9999');
    this.ctx.clock.set(target);
    this.lifecycle.settle();
    return this.ctx.clock.now();
  }

  private target(advance: unknown, set: unknown): Date {
    const target = this.wanted(advance, set);
    if (!isSupportedInstant(target)) throw formatError('the simulated clock must stay between the years 2000 and 9999');
    return target;
  }

  private wanted(advance: unknown, set: unknown): Date {
    if (advance !== undefined) {
      const duration = typeof advance === 'string' ? parseDuration(advance) : null;
      if (!duration) throw formatError(`advance must be an ISO-8601 duration such as PT10M, P1D or P90D, got ${JSON.stringify(advance).slice(0, 40)}`);
      return addDuration(this.ctx.clock.now(), duration);
    }
    if (typeof set !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(set)) throw formatError('set must be an ISO-8601 instant such as 2026-03-29T00:30:00Z');
    return new Date(Date.parse(set));
  }
}
