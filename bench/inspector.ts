/**
 * The Inspector's list over a full log: what opening it and searching it cost through the control API (the
 * same calls the UI makes: the newest page of 200, a word, a status class), timed from this process over
 * loopback, each the median of a few calls. The log is the simulator's own after the bench's payments.
 */
import { median } from './report';

export interface InspectorRow {
  what: string;
  /** How many exchanges matched, as the answer says. */
  total: number;
  ms: number;
}

const CALLS = 5;
/** The Inspector's page (renderer/src/state/inspector.ts, PAGE_SIZE). */
const PAGE = 200;

async function timed(url: string): Promise<{ ms: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    total = Number(res.headers.get('x-total-count') ?? Number.NaN);
  }
  return { ms: median(times), total };
}

/** `rareWord` matches one exchange deep in the log (the whole log is searched); `commonWord` most of them. */
export async function inspectorRows(origin: string, rareWord: string, commonWord: string): Promise<{ kept: number; rows: InspectorRow[] }> {
  const exchanges = `${origin}/simulator/v1/exchanges`;
  const calls: [string, string][] = [
    ['open: the newest 200', `${exchanges}?limit=${PAGE}`],
    [`search a word found once ("${rareWord}")`, `${exchanges}?limit=${PAGE}&q=${encodeURIComponent(rareWord)}`],
    [`search a word found in most ("${commonWord}")`, `${exchanges}?limit=${PAGE}&q=${encodeURIComponent(commonWord)}`],
    ['filter 4xx', `${exchanges}?limit=${PAGE}&status=4xx`],
    ['filter by resource (one payment)', `${exchanges}?limit=${PAGE}&resource=${encodeURIComponent(rareWord)}`],
  ];
  const rows: InspectorRow[] = [];
  for (const [what, url] of calls) rows.push({ what, ...(await timed(url)) });
  const kept = Number((await fetch(`${exchanges}?limit=1`)).headers.get('x-kept-count') ?? Number.NaN);
  return { kept, rows };
}
