import { addDuration, type Duration } from '../../domain/time/duration';

/** What is kept of the clock so a restart goes on from it: the offset, and the instant it stands at while paused. */
export interface ClockState {
  offsetMs: number;
  /** The simulated instant (ms) the clock stands at; null while it runs. */
  pausedAtMs: number | null;
  /** Paused by the operator (kept over a restart), not only held by a waiting run. */
  pausedByOperator: boolean;
}

/**
 * The one clock of the simulator. Simulated time runs with real time from a movable offset, so
 * token lifetimes still tick while a person reads, and +90 days is one call. It can stand still:
 * paused by the operator, or held by a run that waits for a person (a trainer explaining between
 * clicks must not see a 5-second VoP limit pass unseen). A paused clock still moves by set/advance.
 */
export class SimulatedClock {
  private offsetMs: number;
  private pausedAtMs: number | null;
  private pausedByOperator: boolean;
  /** Runs holding the clock still while they wait; released when they go on or end. */
  private readonly holders = new Set<string>();

  constructor(
    initial: number | ClockState,
    private readonly onChange: (state: ClockState, now: Date, paused: boolean) => void = () => {},
    private readonly realNow: () => number = Date.now,
  ) {
    const state: ClockState = typeof initial === 'number' ? { offsetMs: initial, pausedAtMs: null, pausedByOperator: false } : initial;
    this.offsetMs = state.offsetMs;
    this.pausedByOperator = state.pausedByOperator && state.pausedAtMs !== null;
    // A hold belongs to a run of the process that stopped: the clock goes on from where it stood.
    if (state.pausedAtMs !== null && !this.pausedByOperator) this.offsetMs = state.pausedAtMs - this.realNow();
    this.pausedAtMs = this.pausedByOperator ? state.pausedAtMs : null;
  }

  static offsetFor(instant: Date, realNow: () => number = Date.now): number {
    return instant.getTime() - realNow();
  }

  now(): Date {
    return new Date(this.pausedAtMs ?? this.realNow() + this.offsetMs);
  }

  get paused(): boolean {
    return this.pausedAtMs !== null;
  }

  get state(): ClockState {
    return { offsetMs: this.offsetMs, pausedAtMs: this.pausedAtMs, pausedByOperator: this.pausedByOperator };
  }

  set(instant: Date): Date {
    if (this.pausedAtMs !== null) this.pausedAtMs = instant.getTime();
    else this.offsetMs = instant.getTime() - this.realNow();
    return this.changed();
  }

  advance(duration: Duration): Date {
    return this.set(addDuration(this.now(), duration));
  }

  /** The operator pauses or resumes; resuming also lets go of every run's hold (the trainer wants time to run). */
  setPaused(paused: boolean): Date {
    this.pausedByOperator = paused;
    if (!paused) this.holders.clear();
    this.apply();
    return this.changed();
  }

  /** A run waits for a person: the clock stands still until every holder lets go (or the operator resumes). */
  hold(holder: string): void {
    if (this.holders.has(holder)) return;
    this.holders.add(holder);
    if (this.apply()) this.changed();
  }

  release(holder: string): void {
    if (!this.holders.delete(holder)) return;
    if (this.apply()) this.changed();
  }

  /** Stops or starts the clock as the operator and the holders want; true when that changed it. */
  private apply(): boolean {
    const shouldPause = this.pausedByOperator || this.holders.size > 0;
    if (shouldPause === this.paused) return false;
    if (shouldPause) this.pausedAtMs = this.realNow() + this.offsetMs;
    else {
      this.offsetMs = (this.pausedAtMs as number) - this.realNow();
      this.pausedAtMs = null;
    }
    return true;
  }

  private changed(): Date {
    const now = this.now();
    this.onChange(this.state, now, this.paused);
    return now;
  }
}
