import { addDuration, type Duration } from '../domain/time/duration';

/**
 * The one clock of the simulator. Simulated time runs with real time from a movable offset, so
 * token lifetimes still tick while a person reads, and +90 days is one call.
 */
export class SimulatedClock {
  private offsetMs: number;

  constructor(
    offsetMs: number,
    private readonly onChange: (offsetMs: number, now: Date) => void = () => {},
    private readonly realNow: () => number = Date.now,
  ) {
    this.offsetMs = offsetMs;
  }

  static offsetFor(instant: Date, realNow: () => number = Date.now): number {
    return instant.getTime() - realNow();
  }

  now(): Date {
    return new Date(this.realNow() + this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  set(instant: Date): Date {
    this.offsetMs = instant.getTime() - this.realNow();
    const now = this.now();
    this.onChange(this.offsetMs, now);
    return now;
  }

  advance(duration: Duration): Date {
    return this.set(addDuration(this.now(), duration));
  }
}
