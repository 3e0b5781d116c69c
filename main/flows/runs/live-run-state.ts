import type { FlowRunRecord, RunArchive, RunPhase } from '../run-record';

/**
 * A live run's record and the callers waiting on it: saved through the archive at every change, and
 * each waiter woken once the run stops running (at a gate, at the PSU, at a step's end or its own).
 */
export class LiveRunState {
  /** The simulator stops or the run is deleted: nothing more is kept, polling ends, gates stay shut. */
  stopped = false;
  private waiters: (() => void)[] = [];

  constructor(
    readonly record: FlowRunRecord,
    private readonly archive: RunArchive,
  ) {}

  /** Resolves when the run next stops running. */
  settled(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  setPhase(phase: RunPhase): void {
    this.record.phase = phase;
    this.save();
    if (phase === 'running') return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** What the run waited for came: it runs on. */
  resume(): void {
    this.record.pending = null;
    this.setPhase('running');
  }

  /** A stopped run (deleted, cleared by "New class", or its simulator closing) stays as it stood: nothing more is kept. */
  save(): void {
    if (this.stopped) return;
    this.archive.save(this.record);
  }
}
