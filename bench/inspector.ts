/**
 * The Inspector's list over a full log: what opening it and searching it cost through the control API (the
 * same calls the UI makes: the newest page of 200, a word, a status class), timed from this process over
 * loopback, each the median of a few calls. The log is the simulator's own after the bench's payments.
 * The simulator's search index keeps a fraction of a second behind the log under load and catches up once the
 * load stops, so right after the payments a search may read the exchanges not indexed yet: one search is timed
 * then, then the index is waited for (the simulator's CPU quiet) and that wait is told, then the calls are timed.
 */
import { cpuMicros, untilQuiet } from './cpu';
import { fmt, median } from './report';

export interface InspectorRow {
  what: string;
  /** How many exchanges matched, as the answer says. */
  total: number;
  ms: number;
}

const CALLS = 5;
/** The Inspector's page (renderer/src/state/inspector.ts, PAGE_SIZE) as its list asks for it: summaries (shared/control-client.ts). */
const PAGE = 'limit=200&view=summary';

async function timed(url: string, calls = CALLS): Promise<{ ms: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    total = Number(res.headers.get('x-total-count') ?? Number.NaN);
  }
  return { ms: median(times), total };
}

/** What the Inspector's calls met and took: the search before the index caught up, how long it took to, the calls after. */
export interface InspectorResults {
  kept: number;
  beforeCatchUp: InspectorRow;
  catchUpMs: number;
  /** The simulator's CPU over that wait (all threads). */
  catchUpCpuMs: number;
  rows: InspectorRow[];
}

/**
 * `rareWord` matches one exchange deep in the log (the whole log is searched); `commonWord` most of them;
 * `pid` is the simulator's, whose CPU tells when its search index has caught up.
 */
export async function inspectorRows(origin: string, rareWord: string, commonWord: string, pid: number | undefined): Promise<InspectorResults> {
  const exchanges = `${origin}/simulator/v1/exchanges`;
  const rareSearch = `${exchanges}?${PAGE}&q=${encodeURIComponent(rareWord)}`;
  const beforeCatchUp = { what: 'search a word found once, before waiting for the search index (one call)', ...(await timed(rareSearch, 1)) };
  const cpuBefore = cpuMicros(pid);
  const catchUpMs = await untilQuiet(pid);
  const catchUpCpuMs = (cpuMicros(pid) - cpuBefore) / 1000;
  const calls: [string, string][] = [
    ['open: the newest 200', `${exchanges}?${PAGE}`],
    [`search a word found once ("${rareWord}")`, rareSearch],
    [`search a word found in most ("${commonWord}")`, `${exchanges}?${PAGE}&q=${encodeURIComponent(commonWord)}`],
    ['filter 4xx', `${exchanges}?${PAGE}&status=4xx`],
    ['filter by resource (one payment)', `${exchanges}?${PAGE}&resource=${encodeURIComponent(rareWord)}`],
  ];
  const rows: InspectorRow[] = [];
  for (const [what, url] of calls) rows.push({ what, ...(await timed(url)) });
  const kept = Number((await fetch(`${exchanges}?limit=1`)).headers.get('x-kept-count') ?? Number.NaN);
  return { kept, beforeCatchUp, catchUpMs, catchUpCpuMs, rows };
}

/** The results as Markdown: the table of the calls after the index caught up, and what came before. */
export function inspectorLines(r: InspectorResults): string[] {
  return [
    `Before waiting for the search index, a word found once took ${fmt(r.beforeCatchUp.ms)} ms (the exchanges not indexed yet are read); the simulator then indexed for ${fmt(r.catchUpMs / 1000, 1)} s (${fmt(r.catchUpCpuMs / 1000, 1)} s of CPU), idle otherwise (the wait until its CPU was quiet), and the calls below were timed after that.`,
    '',
    `| Inspector over the control API, ${fmt(r.kept)} exchanges kept | matched | ms (median of ${CALLS}) |`,
    '|---|---:|---:|',
    ...r.rows.map((x) => `| ${x.what} | ${fmt(x.total)} | ${fmt(x.ms, 1)} |`),
  ];
}
