/** The bench's Markdown: the machine, one table of HTTP rows against the ceiling, the other figures, the targets. */
import { cpus } from 'node:os';
import type { InProcessRow, BulkTimes } from './in-process';
import type { LoadResult } from './load-spec';

export interface HttpRow {
  operation: string;
  result: LoadResult;
  /** The ceiling's req/s, measured just before. */
  ceiling: number;
  /** Microseconds of CPU (all threads) the simulator spent per request answered in this row. */
  cpuPerRequest: number;
  /** The same for the ceiling, in its slices beside this row. */
  ceilingCpuPerRequest: number;
  /** The like-for-like ceiling (ceiling-server.ts answering the same requests), measured beside this row; absent where there is none. */
  like?: { perSecond: number; cpuPerRequest: number };
}

export interface Target {
  what: string;
  goal: string;
  measured: string;
  met: boolean;
}

const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n) ? n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '–';
export const mib = (bytes: number): string => `${fmt(bytes / 2 ** 20)} MiB`;

export const machine = (): string => `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`;

/** Anything but the expected statuses, and connection errors, shown beside the row rather than hidden. */
export function problems(result: LoadResult, ok: readonly number[]): string {
  const wrong = Object.entries(result.statuses).filter(([status]) => !ok.includes(Number(status)));
  const parts = wrong.map(([status, n]) => `${n}× ${status}`);
  if (result.errors > 0) parts.push(`${result.errors} errors`);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

export function httpTable(rows: readonly (HttpRow & { ok: readonly number[] })[]): string[] {
  return [
    '| operation | requests | req/s | p50 ms | p99 ms | like-for-like ceiling req/s | × like-for-like | GET ceiling req/s | × GET ceiling | CPU µs/request | like-for-like CPU µs/request | GET ceiling CPU µs/request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ operation, result, ok, ceiling, cpuPerRequest, ceilingCpuPerRequest, like }) =>
        `| ${operation}${problems(result, ok)} | ${fmt(result.requests)} | ${fmt(result.perSecond)} | ${fmt(result.p50, 1)} | ${fmt(result.p99, 1)} | ${like ? fmt(like.perSecond) : '–'} | ${like ? fmt(result.perSecond / like.perSecond, 2) : '–'} | ${fmt(ceiling)} | ${fmt(result.perSecond / ceiling, 2)} | ${fmt(cpuPerRequest)} | ${like ? fmt(like.cpuPerRequest) : '–'} | ${fmt(ceilingCpuPerRequest)} |`,
    ),
  ];
}

export function inProcessTable(rows: readonly InProcessRow[]): string[] {
  return [
    '| in one process | count | per second | mean ms |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.operation} | ${fmt(r.count)} | ${fmt(r.perSecond)} | ${fmt(r.meanMs, 3)} |`),
  ];
}

/** The same bulk made several times in a row: the median, and each time in order (the first meets a colder process). */
export function bulkLines(runs: readonly BulkTimes[]): string[] {
  const b = runs[0];
  if (b === undefined) return [];
  const times = (pick: (r: BulkTimes) => number): string => `${fmt(median(runs.map(pick)))} (${runs.map((r) => fmt(pick(r))).join(', ')})`;
  return [
    `| POST a ${fmt(b.transactions)}-transaction SEPA bulk (${fmt(b.mib, 1)} MiB): verify signature, validate, store | ${times((r) => r.createMs)} |`,
    `| GET its pain.002 (${fmt(b.statusMib, 1)} MiB, ${fmt(b.transactions)} TxInfAndSts) | ${times((r) => r.statusMs)} |`,
  ];
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export function targetLines(targets: readonly Target[]): string[] {
  return [
    '| target | goal | measured | met |',
    '|---|---|---:|:---:|',
    ...targets.map((t) => `| ${t.what} | ${t.goal} | ${t.measured} | ${t.met ? 'yes' : 'NO'} |`),
  ];
}

export { fmt };
