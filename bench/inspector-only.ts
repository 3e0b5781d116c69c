/**
 * The Inspector's rows alone, over a data folder kept between runs: `npm run bench:inspector -- --data DIR
 * [--exchanges N]`. The simulator starts as the bench starts it (`--log-limit 100000`); while the log keeps
 * fewer than N exchanges (default 100,000) it is filled with signed payments through the real route, as the
 * bench's memory row makes them; then the Inspector's calls are timed (inspector.ts). A second run on the
 * same folder skips the filling, so a change to the log's search can be measured again in seconds.
 */
import { mkdirSync } from 'node:fs';
import { Fixtures } from './fixtures';
import { inspectorLines, inspectorRows } from './inspector';
import { removeLoadSpecs, runLoad, startServe } from './processes';
import { fmt } from './report';

const INSPECTOR_LOG = 100_000;

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function kept(origin: string): Promise<number> {
  return Number((await fetch(`${origin}/simulator/v1/exchanges?limit=1`)).headers.get('x-kept-count') ?? Number.NaN);
}

async function main(): Promise<void> {
  const dataDir = flag('--data');
  if (dataDir === undefined) throw new Error('usage: npm run bench:inspector -- --data DIR [--exchanges N]');
  const wanted = Number(flag('--exchanges') ?? INSPECTOR_LOG);
  mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const sim = await startServe(dataDir, ['--log-limit', String(INSPECTOR_LOG)]);
  console.log(`ready in ${fmt(sim.readyMs)} ms (${fmt(performance.now() - started)} ms with the launcher)`);
  try {
    const f = new Fixtures(sim.url, dataDir);
    const missing = wanted - (await kept(sim.url));
    if (missing > 0) {
      console.log(`filling the log with ${fmt(missing)} signed payments`);
      const result = await runLoad({ url: sim.url, connections: 10, seconds: 0, scenario: await f.paymentCreate(2000), amount: missing, dataDir });
      console.log(`made at ${fmt(result.perSecond)}/s, statuses ${JSON.stringify(result.statuses)}`);
    }
    const inspector = await inspectorRows(sim.url, await f.onePayment(), 'FRA-CREATOR', sim.child.pid);
    console.log(inspectorLines(inspector).join('\n'));
  } finally {
    await sim.stop();
    removeLoadSpecs();
  }
}

await main();
