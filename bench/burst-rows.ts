/**
 * The burst rows of `npm run bench` (docs/benchmarks.md#how-the-throughput-is-measured): each timed row in short
 * slices, each slice right after one of the GET ceiling and, where the route has one, its like-for-like ceiling,
 * with the CPU each server spent per request answered.
 */
import { cpuDuring, untilQuiet } from './cpu';
import type { LoadResult, LoadSpec, Scenario } from './load-spec';
import { runLoad } from './processes';
import { median, type HttpRow } from './report';

export const CONNECTIONS = 10;
export const SECONDS = 5;
// autocannon runs whole seconds.
export const CEILING_SECONDS = 1;
/** A timed row runs in this many slices, each right after a slice of the ceiling (A B A B ...). */
export const SLICES = 5;
export const GET_CEILING: Scenario = { kind: 'fixed', method: 'GET', path: '/' };

export const load = (url: string, scenario: Scenario, extra: Partial<LoadSpec> = {}): Promise<LoadResult> =>
  runLoad({ url, connections: CONNECTIONS, seconds: SECONDS, scenario, ...extra });

export type BurstRow = HttpRow & { ok: readonly number[] };

/** How long the ceilings of a row waited for the simulator to be quiet (its search index catching up). */
export interface QuietWait {
  operation: string;
  ms: number;
}

export interface RowOptions {
  extra?: Partial<LoadSpec>;
  ok?: readonly number[];
  likeForLike?: boolean;
}

/** The simulator and the bare ceiling server the rows alternate between. */
export interface BurstServers {
  simUrl: string;
  simPid: number | undefined;
  ceilingUrl: string;
  ceilingPid: number | undefined;
}

/** Slices of one measurement as one: rates over the summed time, the median p50, the worst p99. */
function combined(slices: readonly LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number): number => slices.reduce((n, r) => n + f(r), 0);
  const statuses: Record<string, number> = {};
  for (const r of slices) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  return {
    requests: sum((r) => r.requests),
    seconds: sum((r) => r.seconds),
    perSecond: sum((r) => r.requests) / sum((r) => r.seconds),
    p50: median(slices.map((r) => r.p50)),
    p99: Math.max(...slices.map((r) => r.p99)),
    errors: sum((r) => r.errors),
    statuses,
    createdPaymentIds: slices.flatMap((r) => r.createdPaymentIds),
  };
}

export function burstRows({ simUrl, simPid, ceilingUrl, ceilingPid }: BurstServers) {
  const rows: BurstRow[] = [];
  const cpu = { sim: 0, ceiling: 0, like: 0 };
  // The simulator's search index catches up behind the traffic (within a fraction of a second, and at once when it
  // stops): a ceiling measured meanwhile would share the cores with that work. So each ceiling slice waits for the
  // simulator to be quiet, and the wait is printed per row; the sustained rows count that work instead.
  const quietWaits: QuietWait[] = [];
  let waited = 0;
  const measured = async (at: number | undefined, into: keyof typeof cpu, work: () => Promise<LoadResult>): Promise<LoadResult> => {
    if (into !== 'sim') waited += await untilQuiet(simPid);
    const { result, cpuMicros } = await cpuDuring(at, work);
    cpu[into] += cpuMicros;
    return result;
  };
  const ceilingSlice = (): Promise<LoadResult> => measured(ceilingPid, 'ceiling', () => load(ceilingUrl, GET_CEILING, { seconds: CEILING_SECONDS }));
  const resetCpu = (): void => {
    cpu.sim = 0;
    cpu.ceiling = 0;
    cpu.like = 0;
    waited = 0;
  };
  /** The figures of one row from its measurements, with the CPU each server spent per request answered since resetCpu(). */
  const addRow = (operation: string, ok: readonly number[], result: LoadResult, ceiling: LoadResult, like: LoadResult | null): void => {
    // A like-for-like ceiling that refused the requests (a 401 from its verify) would flatter it: said beside the row.
    const refused = like ? Object.keys(like.statuses).filter((status) => !ok.includes(Number(status))) : [];
    quietWaits.push({ operation, ms: waited });
    rows.push({
      operation: refused.length === 0 ? operation : `${operation} (like-for-like answered ${JSON.stringify(like?.statuses)})`,
      result,
      ok,
      ceiling: ceiling.perSecond,
      cpuPerRequest: cpu.sim / result.requests,
      ceilingCpuPerRequest: cpu.ceiling / ceiling.requests,
      ...(like ? { like: { perSecond: like.perSecond, cpuPerRequest: cpu.like / like.requests } } : {}),
    });
  };
  // The machine is shared and its speed swings within seconds: a timed row alternates with the GET ceiling and,
  // where the route has one, its like-for-like ceiling (the same requests to ceiling-server.ts), slice by slice;
  // its ratios are to the ceilings of those same moments.
  const row = async (operation: string, scenario: Scenario, options: RowOptions = {}): Promise<void> => {
    const { extra = {}, ok = [200], likeForLike = false } = options;
    const slice = { seconds: SECONDS / SLICES, ...extra };
    const ceilings: LoadResult[] = [];
    const likes: LoadResult[] = [];
    const slices: LoadResult[] = [];
    resetCpu();
    for (let i = 0; i < SLICES; i++) {
      ceilings.push(await ceilingSlice());
      if (likeForLike) likes.push(await measured(ceilingPid, 'like', () => load(ceilingUrl, scenario, slice)));
      slices.push(await measured(simPid, 'sim', () => load(simUrl, scenario, slice)));
    }
    addRow(operation, ok, combined(slices), combined(ceilings), likeForLike ? combined(likes) : null);
  };
  // A fixed count (each request signed once) cannot be sliced: the GET ceiling and the like-for-like run before and after it.
  const countedRow = async (operation: string, measure: () => Promise<LoadResult>, like: (() => Promise<LoadResult>) | null): Promise<LoadResult> => {
    resetCpu();
    const before = await ceilingSlice();
    const likes = like ? [await measured(ceilingPid, 'like', like)] : [];
    const result = await measured(simPid, 'sim', measure);
    if (like) likes.push(await measured(ceilingPid, 'like', like));
    const after = await ceilingSlice();
    addRow(operation, [201], result, combined([before, after]), like ? combined(likes) : null);
    return result;
  };
  return { rows, quietWaits, row, countedRow };
}
