// Headless flows as a TPP team's pipeline runs them (docs/benchmarks.md#headless-flows): `flow NAME --base URL` and `flow --all
// --institution frankfurt --base URL`, each a whole process from its start to its exit, against a
// simulator started for them, beside the baseline a process of its own cannot beat: `node -e 0`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fmt, median } from './report';

const RUNS = 5;
const LAUNCHER = join('main', 'hosts', 'cli', 'launcher.mjs');

export interface FlowTimes {
  nodeStart: number[];
  oneFlow: number[];
  allFlows: number[];
  flowsRun: number;
}

/** Wall time of one process, in ms; a failing command fails the bench (its figure would mean nothing). */
function timed(args: string[]): { ms: number; output: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stdout}${result.stderr}`);
  return { ms, output: result.stdout };
}

/** Each timing RUNS times (the bundle and its code cache made by a first run, not timed). */
export function flowTimes(url: string): FlowTimes {
  timed([LAUNCHER, 'flow', 'ais-consent', '--base', url]);
  const times = (args: string[]): number[] => Array.from({ length: RUNS }, () => timed(args).ms);
  const all = timed([LAUNCHER, 'flow', '--all', '--institution', 'frankfurt', '--base', url]);
  return {
    nodeStart: times(['-e', '0']),
    oneFlow: times([LAUNCHER, 'flow', 'ais-consent', '--base', url]),
    allFlows: [all.ms, ...times([LAUNCHER, 'flow', '--all', '--institution', 'frankfurt', '--base', url]).slice(1)],
    flowsRun: Number(/^(\d+) of \d+ flows met every expectation\.$/m.exec(all.output)?.[1] ?? Number.NaN),
  };
}

export function flowLines(t: FlowTimes): string[] {
  const base = median(t.nodeStart);
  const line = (what: string, runs: number[]): string =>
    `| ${what} | ${fmt(median(runs))} (${runs.map((x) => fmt(x)).join(', ')}) | ${fmt(median(runs) / base, 1)}× |`;
  return [
    `| headless flows against a running simulator (whole process, median of ${RUNS}) | ms | to \`node -e 0\` |`,
    '|---|---:|---:|',
    line('`node -e 0` (the baseline: a Node process that does nothing)', t.nodeStart),
    line('`flow ais-consent --base URL` (13 steps)', t.oneFlow),
    line(`\`flow --all --institution frankfurt --base URL\` (${t.flowsRun} flows)`, t.allFlows),
  ];
}
