/**
 * CPU time a process has used (all its threads, user and system), from /proc on Linux. Requests per second
 * swing with whatever else a shared machine runs; the CPU a server spends per request hardly does.
 */
import { existsSync, readFileSync } from 'node:fs';

/** Linux reports times in clock ticks of 1/100 s (USER_HZ, fixed at 100 on every architecture Node runs on). */
const MICROS_PER_TICK = 10_000;

export function cpuMicros(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  // The command name, field 2, may hold spaces: count fields from after its closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the file: 11 and 12 after the name.
  return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
}

/** The CPU `pid` spends while `work` runs. */
export async function cpuDuring<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; cpuMicros: number }> {
  const before = cpuMicros(pid);
  const result = await work();
  return { result, cpuMicros: cpuMicros(pid) - before };
}

/** At most this much CPU in a window counts as quiet: timers and the checkpointer's rare work, not a busy thread. */
const QUIET_MICROS_PER_WINDOW = 2 * MICROS_PER_TICK;

/**
 * Waits until `pid` has been quiet for a whole window (its work behind the requests done: the search index
 * catching up once the traffic stops, a checkpoint) and answers the milliseconds waited. A window is longer
 * than the simulator's idle wait before it indexes (50 ms), so indexing that is still to start is seen too.
 */
export async function untilQuiet(pid: number | undefined, windowMs = 300, maxMs = 300_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = cpuMicros(pid);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const used = cpuMicros(pid) - before;
    if (!(used > QUIET_MICROS_PER_WINDOW) || performance.now() - started > maxMs) return performance.now() - started - windowMs;
  }
}
