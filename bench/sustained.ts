/**
 * The sustained rows of `npm run bench` (docs/benchmarks.md#how-the-throughput-is-measured): each throughput row
 * again, as a team's load test meets it.
 * Continuous load from the load process for `seconds` (30 by default), with no quiet wait anywhere inside it, so
 * the work every exchange leaves behind (the log's batch writes, the search index) falls inside the measurement.
 * The simulator's CPU is read from /proc/<pid>/stat (utime + stime: every thread of the process, the index's
 * slices, the checkpointer's thread, V8's and libuv's helpers included), per request answered. At the end the
 * search index's lag is read from the database (a read-only connection, as another process would): the exchanges
 * written but not yet indexed and how long the oldest of them has waited. The row's ceiling (its like-for-like
 * ceiling where it has one, else the GET ceiling) runs continuously too, for a sixth of the time before the load
 * and a sixth after, and the ratio is to those. Then the bench waits for the simulator to be quiet and counts the
 * CPU that took too: what was left behind when the load stopped, per request of the load.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { cpuDuring, cpuMicros, untilQuiet } from './cpu';
import type { LoadResult, LoadSpec, Scenario } from './load-spec';
import { fmt, problems } from './report';

/** How long the index's catch-up after a sustained row may take before the bench goes on without it. */
const CATCH_UP_MAX_MS = 120_000;

export interface IndexLag {
  /** Exchanges written and not yet in the search index. */
  exchanges: number;
  /** How long ago the oldest of them was logged (its start), in seconds; 0 when none. */
  seconds: number;
}

/** The search index's lag as the simulator's database holds it (exchanges still in the log's queue, under 0.1 s of them, are not counted). */
export function indexLag(dataDir: string): IndexLag {
  const db = new Database(join(dataDir, 'workbench.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare<[], { exchanges: number; oldest: number | null }>(
        'SELECT count(*) AS exchanges, min(started_at) AS oldest FROM exchanges WHERE id > (SELECT indexed_through FROM exchange_search_state)',
      )
      .get();
    return { exchanges: row?.exchanges ?? 0, seconds: row?.oldest == null ? 0 : Math.max(0, (Date.now() - row.oldest) / 1000) };
  } finally {
    db.close();
  }
}

export interface SustainedRow {
  operation: string;
  ok: readonly number[];
  result: LoadResult;
  /** All threads of the simulator, µs per request answered, during the load. */
  cpuPerRequest: number;
  /** The row's ceiling (like-for-like where there is one), run continuously before and after. */
  ceiling: { perSecond: number; cpuPerRequest: number; likeForLike: boolean };
  /** The burst row's ratio to the same ceiling, for the second column. */
  burstRatio: number;
  lag: IndexLag;
  /** What the simulator spent once the load stopped until it was quiet: the work left behind. */
  catchUp: { ms: number; cpuPerRequest: number };
}

export interface SustainedSpec {
  operation: string;
  scenario: Scenario;
  ok: readonly number[];
  /** The same scenario at the like-for-like ceiling; null: the GET ceiling is the row's ceiling. */
  likeForLike: Scenario | null;
  extra?: Partial<LoadSpec>;
  burstRatio: number;
}

export interface SustainedContext {
  simUrl: string;
  simPid: number | undefined;
  dataDir: string;
  ceilingUrl: string;
  ceilingPid: number | undefined;
  getCeiling: Scenario;
  seconds: number;
  load: (url: string, scenario: Scenario, extra: Partial<LoadSpec>) => Promise<LoadResult>;
}

/** Slices of one measurement as one: rates over the summed time. */
function summed(results: readonly LoadResult[], cpu: number): { perSecond: number; cpuPerRequest: number } {
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const seconds = results.reduce((n, r) => n + r.seconds, 0);
  return { perSecond: requests / seconds, cpuPerRequest: cpu / requests };
}

export async function sustainedRow(c: SustainedContext, spec: SustainedSpec): Promise<SustainedRow> {
  // The row starts from a quiet simulator (the burst row's work done), then nothing waits until the load ends.
  await untilQuiet(c.simPid);
  const ceilingScenario = spec.likeForLike ?? c.getCeiling;
  const ceilingSeconds = Math.max(1, Math.round(c.seconds / 6));
  const ceilings: LoadResult[] = [];
  let ceilingCpu = 0;
  const ceilingRun = async (): Promise<void> => {
    const { result, cpuMicros: used } = await cpuDuring(c.ceilingPid, () => c.load(c.ceilingUrl, ceilingScenario, { ...spec.extra, seconds: ceilingSeconds }));
    ceilings.push(result);
    ceilingCpu += used;
  };
  await ceilingRun();
  const { result, cpuMicros: used } = await cpuDuring(c.simPid, () => c.load(c.simUrl, spec.scenario, { ...spec.extra, seconds: c.seconds }));
  const lag = indexLag(c.dataDir);
  const before = cpuMicros(c.simPid);
  const catchUpMs = await untilQuiet(c.simPid, 300, CATCH_UP_MAX_MS);
  const catchUpCpu = cpuMicros(c.simPid) - before;
  await ceilingRun();
  return {
    operation: spec.operation,
    ok: spec.ok,
    result,
    cpuPerRequest: used / result.requests,
    ceiling: { ...summed(ceilings, ceilingCpu), likeForLike: spec.likeForLike !== null },
    burstRatio: spec.burstRatio,
    lag,
    catchUp: { ms: catchUpMs, cpuPerRequest: catchUpCpu / result.requests },
  };
}

export const sustainedRatio = (row: SustainedRow): number => row.result.perSecond / row.ceiling.perSecond;

export function sustainedTable(rows: readonly SustainedRow[], seconds: number): string[] {
  return [
    `| operation, ${fmt(seconds)} s of continuous load | requests | req/s | p50 ms | p99 ms | ceiling req/s | × ceiling | burst × ceiling | CPU µs/request (all threads) | ceiling CPU µs/request | index lag at the end | left behind: catch-up s, CPU µs/request |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.operation}${problems(r.result, r.ok)} | ${fmt(r.result.requests)} | ${fmt(r.result.perSecond)} | ${fmt(r.result.p50, 1)} | ${fmt(r.result.p99, 1)} | ${fmt(r.ceiling.perSecond)} (${r.ceiling.likeForLike ? 'like-for-like' : 'GET'}) | ${fmt(sustainedRatio(r), 2)} | ${fmt(r.burstRatio, 2)} | ${fmt(r.cpuPerRequest)} | ${fmt(r.ceiling.cpuPerRequest)} | ${fmt(r.lag.exchanges)} exchanges, ${fmt(r.lag.seconds, 1)} s | ${fmt(r.catchUp.ms / 1000, 1)} s, ${fmt(r.catchUp.cpuPerRequest)} |`,
    ),
  ];
}
