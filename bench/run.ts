/**
 * `npm run bench`: the simulator started as `npm run serve` starts it, driven over loopback by autocannon in
 * a process of its own (10 connections), beside a bare Node http server answering a fixed 200 (the ceiling)
 * measured in the same run; start-up times, the 10,000-transaction bulk, and memory after 100,000 payments.
 * Prints Markdown for docs/benchmarks.md. `-- --soak [--soak-seconds N]` runs soak.ts instead.
 * `-- --payments N` creates N payments for the memory figure instead of 100,000 (a quicker run).
 * `-- --only consent,status,signed` runs only those rows (also info, 404, token, flows) and prints them with start-up;
 * `-- --cpu-prof DIR` has the simulator write a V8 CPU profile of everything it did into DIR when it stops.
 * Each throughput row runs twice: in burst slices (the second column) and sustained (sustained.ts: continuous
 * load, every thread's CPU, the search index's lag), on which the targets are judged; `-- --sustained-seconds N`
 * (default 30) shortens it, 0 leaves the sustained rows out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GET_CEILING, load } from './burst-rows';
import type { CeilingAnswers } from './ceiling-server';
import { editorMarkerRows } from './editor-markers';
import { Fixtures } from './fixtures';
import { flowTimes, type FlowTimes } from './flows';
import { bulkPayment, signatureRows, type BulkTimes } from './in-process';
import { inspectorRows } from './inspector';
import { printResults } from './print-results';
import { removeLoadSpecs, rssBytes, startCeiling, startServe, type Started } from './processes';
import { rssWhile } from './rss-samples';
import { soak } from './soak';
import { throughputRows } from './throughput-rows';

const STARTS = 3;
const INSPECTOR_LOG = 100_000;
/** The payments whose status the status rows read; they count towards the memory figure's. */
const STATUS_PAYMENTS = 50;
/** The bulk is made this many times in a row and its median reported, as start-up is: one run is one sample of a swinging machine. */
const BULK_RUNS = 3;

const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const newFolder = (): string => mkdtempSync(join(tmpdir(), 'wb-bench-'));
const folders: string[] = [];
const folder = (): string => {
  const dir = newFolder();
  folders.push(dir);
  return dir;
};

/** Start-up to the ready line: on fresh folders (PKI, schema, dataset), then again on the last of them. */
async function startUps(): Promise<{ fresh: number[]; existing: number[]; dataDir: string }> {
  const fresh: number[] = [];
  let dataDir = '';
  for (let i = 0; i < STARTS; i++) {
    dataDir = folder();
    const s = await startServe(dataDir);
    fresh.push(s.readyMs);
    await s.stop();
  }
  const existing: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const s = await startServe(dataDir);
    existing.push(s.readyMs);
    await s.stop();
  }
  return { fresh, existing, dataDir };
}

/** The flows' rows, on a simulator of their own (not the one the load rows fill). */
async function flows(): Promise<FlowTimes> {
  const sim = await startServe(folder());
  try {
    return flowTimes(sim.url);
  } finally {
    await sim.stop();
  }
}

/** The simulator's answers as the like-for-like ceiling reads them. */
function answersFile(f: Fixtures): string {
  const { paymentStatus, consentStatus, paymentCreated } = f.answers;
  if (!paymentStatus || !consentStatus || !paymentCreated) throw new Error('the fixtures have not sampled every answer the ceiling repeats');
  const answers: CeilingAnswers = { paymentStatus, consentStatus, paymentCreatedBytes: Buffer.byteLength(paymentCreated.body) };
  const file = join(folder(), 'ceiling-answers.json');
  writeFileSync(file, JSON.stringify(answers));
  return file;
}

async function bench(): Promise<void> {
  const paymentsForMemory = Number(flag('--payments') ?? 100_000);
  const starts = await startUps();
  const only = flag('--only');
  const wanted = (name: string): boolean => only === undefined || only.split(',').includes(name);
  const flowRows = wanted('flows') ? await flows() : null;

  // The log keeps 100,000 exchanges (not the default 10,000) so that the Inspector's figures meet a full log.
  const sim = await startServe(starts.dataDir, ['--log-limit', String(INSPECTOR_LOG)], flag('--cpu-prof'));
  const pid = sim.child.pid;
  const f = new Fixtures(sim.url, starts.dataDir);
  let ceilingServer: Started | null = null;
  try {
    const consents = await f.consentStatus(200);
    const statuses = await f.paymentStatus(STATUS_PAYMENTS);
    ceilingServer = await startCeiling(answersFile(f));
    await load(ceilingServer.url, GET_CEILING, { seconds: 1 });
    await new Promise((r) => setTimeout(r, 500));
    const rssAfterStart = rssBytes(pid);

    const sustainedSeconds = Number(flag('--sustained-seconds') ?? 30);
    const { rows, quietWaits, sustained, paymentsMade } = await throughputRows(
      { simUrl: sim.url, simPid: pid, ceilingUrl: ceilingServer.url, ceilingPid: ceilingServer.child.pid },
      f,
      { wanted, signedCount: Number(flag('--signed') ?? 3000), sustainedSeconds, dataDir: starts.dataDir, consents, statuses },
    );
    const measured = { starts, rows, quietWaits, flows: flowRows, sustained, sustainedSeconds, rssAfterStart };
    if (only !== undefined) {
      printResults({
        ...measured,
        bulks: [],
        signatures: [],
        editor: [],
        rssAfterPayments: Number.NaN,
        rssWhilePaying: null,
        rssAfterBulk: Number.NaN,
        paymentsForMemory: 0,
        mass: null,
        inspector: null,
      });
      return;
    }

    // Memory after 100,000 payments: made through the real signed route, 10 connections in parallel. Before the
    // bulk, whose one-off peak the allocator keeps for a while (its figure is printed apart).
    const toMake = Math.max(0, paymentsForMemory - STATUS_PAYMENTS - paymentsMade - 1);
    const scenario = await f.paymentCreate(2000);
    const made = toMake === 0 ? null : await rssWhile(pid, () => load(sim.url, scenario, { amount: toMake, dataDir: starts.dataDir }));
    const mass = made?.result ?? null;
    const rssAfterPayments = rssBytes(pid);
    const inspector = await inspectorRows(sim.url, await f.onePayment(), 'FRA-CREATOR', pid);

    const bulks: BulkTimes[] = [];
    for (let i = 0; i < BULK_RUNS; i++) bulks.push(await bulkPayment(f, 10_000));
    const rssAfterBulk = rssBytes(pid);
    const signatures = signatureRows(starts.dataDir);
    // Its first calls follow a long quiet spell (the in-process rows), in which the server may close an idle
    // keep-alive connection just as the client reuses it: one retry, so that does not cost the whole run.
    const editor = await editorMarkerRows(sim.url, [1_000, 10_000]).catch(() => editorMarkerRows(sim.url, [1_000, 10_000]));

    printResults({
      ...measured,
      bulks,
      signatures,
      editor,
      rssAfterPayments,
      rssWhilePaying: made?.rss ?? null,
      rssAfterBulk,
      paymentsForMemory,
      mass,
      inspector,
    });
  } finally {
    await Promise.all([sim.stop(), ceilingServer?.stop()]);
    if (sim.stderr() !== '') process.stderr.write(`\nThe simulator reported faults (its stderr):\n${sim.stderr()}\n`);
  }
}

try {
  if (process.argv.includes('--soak')) await soak(Number(flag('--soak-seconds') ?? 600), folder);
  else await bench();
} finally {
  removeLoadSpecs();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}
