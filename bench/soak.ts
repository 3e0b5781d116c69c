/**
 * `npm run bench -- --soak [--soak-seconds N]` (default ten minutes): mixed traffic (token, consent status,
 * payment status, signed payment creation, in turn) at half the capacity measured first in the same run,
 * in ten windows, each a load process of its own with fresh PSU tokens (they last minutes). Prints each
 * window and the first beside the last: errors, p99, resident memory.
 */
import { Fixtures, INSTITUTION } from './fixtures';
import type { LoadResult, Scenario } from './load-spec';
import { fmt, machine, mib } from './report';
import { rssBytes, runLoad, startServe } from './processes';

const CONNECTIONS = 10;
const WINDOWS = 10;

async function mixed(f: Fixtures): Promise<Scenario> {
  const parts: Scenario[] = [{ kind: 'token', institution: INSTITUTION }, await f.consentStatus(50), await f.paymentStatus(20), await f.paymentCreate(1000)];
  return { kind: 'mixed', parts };
}

const unexpected = (r: LoadResult): number =>
  r.errors +
  Object.entries(r.statuses)
    .filter(([s]) => s !== '200' && s !== '201')
    .reduce((n, [, c]) => n + c, 0);

export async function soak(seconds: number, newFolder: () => string): Promise<void> {
  const dataDir = newFolder();
  const sim = await startServe(dataDir);
  try {
    const f = new Fixtures(sim.url, dataDir);
    const capacity = await runLoad({
      url: sim.url,
      dataDir,
      connections: CONNECTIONS,
      seconds: Math.min(10, Math.max(3, seconds / 10)),
      scenario: await mixed(f),
    });
    const rate = Math.max(1, Math.round(capacity.perSecond / 2));
    console.log(
      `Machine: ${machine()}. Soak: mixed traffic at ${fmt(rate)} req/s, half the ${fmt(capacity.perSecond)} req/s measured just before, ${CONNECTIONS} connections, ${fmt(seconds)} s in ${WINDOWS} windows.\n`,
    );
    console.log('| window | requests | req/s | p50 ms | p99 ms | errors or unexpected statuses | RSS after |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|');
    const windows: { result: LoadResult; rss: number }[] = [];
    for (let w = 1; w <= WINDOWS; w++) {
      const result = await runLoad({
        url: sim.url,
        dataDir,
        connections: CONNECTIONS,
        seconds: seconds / WINDOWS,
        overallRate: rate,
        scenario: await mixed(f),
      });
      const rss = rssBytes(sim.child.pid);
      windows.push({ result, rss });
      console.log(
        `| ${w} | ${fmt(result.requests)} | ${fmt(result.perSecond)} | ${fmt(result.p50, 1)} | ${fmt(result.p99, 1)} | ${unexpected(result)} | ${mib(rss)} |`,
      );
    }
    const first = windows[0];
    const last = windows.at(-1);
    if (!first || !last) return;
    const errors = windows.reduce((n, w) => n + unexpected(w.result), 0);
    console.log(
      `\nFirst against last window: p99 ${fmt(first.result.p99, 1)} → ${fmt(last.result.p99, 1)} ms, RSS ${mib(first.rss)} → ${mib(last.rss)}; ${errors === 0 ? 'no error' : `${errors} errors or unexpected statuses`}.`,
    );
  } finally {
    await sim.stop();
  }
}
