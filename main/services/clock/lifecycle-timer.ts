import type { BankContext } from '../context';
import type { LifecycleService } from './lifecycle';

/**
 * The longest the timer sleeps: catches what has no moment of its own (a PDNG payment's execution date
 * coming in its institution's zone) and anything a state change failed to announce.
 */
export const LONGEST_WAIT_MS = 60_000;
const STILL_DUE_RETRY_MS = 1_000;

/**
 * Runs the lifecycle's settle at the next due moment instead of before every request: after each settle
 * it asks when something next falls due and sleeps until then. Any announced state change (a new consent,
 * journey, payment, a moved clock, a reset) may bring an earlier moment, so it re-plans after each burst
 * of events (once per turn of the event loop, however many events came).
 */
export class LifecycleTimer {
  private timer: NodeJS.Timeout | null = null;
  private replanQueued = false;
  private stopped = false;
  private readonly onEvent = (event: { type: string }): void => {
    if (event.type === 'exchange' || this.replanQueued || this.stopped) return;
    this.replanQueued = true;
    setImmediate(() => {
      this.replanQueued = false;
      this.plan();
    });
  };

  constructor(
    private readonly ctx: BankContext,
    private readonly lifecycle: LifecycleService,
  ) {}

  /**
   * The first settle runs now, inside the start: the server already listens, and a request served before it (a
   * client retrying the port while the simulator restarts) could meet a consent or journey whose time ran out
   * while the simulator was stopped.
   */
  start(): void {
    this.ctx.events.on('event', this.onEvent);
    this.run();
  }

  stop(): void {
    this.stopped = true;
    this.ctx.events.off('event', this.onEvent);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): void {
    if (this.stopped) return;
    this.lifecycle.settle();
    this.plan(true);
  }

  private plan(settled = false): void {
    if (this.stopped) return;
    const now = this.ctx.clock.now().getTime();
    const due = this.lifecycle.nextDue(new Date(now));
    // Simulated time runs with real time, so the wait is the same in both. A moment already past runs next
    // turn, unless a settle has just run and left it due (a rule that cannot apply yet): then not before a second.
    const past = settled ? STILL_DUE_RETRY_MS : 0;
    // A paused clock brings nothing due by itself; its resume or move is an event that plans again.
    const idle = due === null || (this.ctx.clock.paused && due > now);
    const wait = idle ? LONGEST_WAIT_MS : Math.min(due > now ? due - now : past, LONGEST_WAIT_MS);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), wait);
    this.timer.unref();
  }
}
