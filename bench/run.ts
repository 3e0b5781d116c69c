/**
 * `npm run bench`: the simulator started as `npm run serve` starts it, driven over loopback by autocannon in
 * a process of its own (10 connections), beside a bare Node http server answering a fixed 200 (the ceiling)
 * measured in the same run; start-up times, the 10,000-transaction bulk, and memory after 100,000 payments.
 * Prints Markdown for docs/benchmarks.md. `-- --soak [--soak-seconds N]` runs soak.ts instead.
 * `-- --payments N` creates N payments for the memory figure instead of 100,000 (a quicker run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Fixtures, INSTITUTION, SEPA, SEPA_SINGLE_FILE } from './fixtures';
import { bulkPayment, signatureRows, type BulkTimes } from './in-process';
import type { LoadResult, LoadSpec, Scenario } from './load-spec';
import { bulkLines, fmt, httpTable, inProcessTable, machine, median, mib, targetLines, type HttpRow, type Target } from './report';
import { removeLoadSpecs, rssBytes, runLoad, startCeiling, startServe } from './processes';
import { soak } from './soak';
import { editorMarkerRows } from './editor-markers';
import { cpuDuring } from './cpu';

const CONNECTIONS = 10;
const SECONDS = 5;
const STARTS = 3;

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

const load = (url: string, scenario: Scenario, extra: Partial<LoadSpec> = {}): Promise<LoadResult> =>
  runLoad({ url, connections: CONNECTIONS, seconds: SECONDS, scenario, ...extra });

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

// autocannon runs whole seconds.
const CEILING_SECONDS = 1;
/** A timed row runs in this many slices, each right after a slice of the ceiling (A B A B ...). */
const SLICES = 5;
/** The bulk is made this many times in a row and its median reported, as start-up is: one run is one sample of a swinging machine. */
const BULK_RUNS = 3;
const ceilingScenario: Scenario = { kind: 'fixed', method: 'GET', path: '/' };

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

async function bench(): Promise<void> {
  const paymentsForMemory = Number(flag('--payments') ?? 100_000);
  const starts = await startUps();
  const ceilingServer = await startCeiling();
  await load(ceilingServer.url, ceilingScenario, { seconds: 1 });

  const sim = await startServe(starts.dataDir);
  const pid = sim.child.pid;
  const f = new Fixtures(sim.url, starts.dataDir);
  const rows: (HttpRow & { ok: readonly number[] })[] = [];
  const cpu = { sim: 0, ceiling: 0 };
  const simSlice = async (work: () => Promise<LoadResult>): Promise<LoadResult> => {
    const { result, cpuMicros } = await cpuDuring(pid, work);
    cpu.sim += cpuMicros;
    return result;
  };
  const ceilingSlice = async (): Promise<LoadResult> => {
    const { result, cpuMicros } = await cpuDuring(ceilingServer.child.pid, () => load(ceilingServer.url, ceilingScenario, { seconds: CEILING_SECONDS }));
    cpu.ceiling += cpuMicros;
    return result;
  };
  const resetCpu = (): void => {
    cpu.sim = 0;
    cpu.ceiling = 0;
  };
  /** The CPU each server spent per request answered, over the slices since resetCpu(). */
  const cpuPerRequest = (sim: LoadResult, ceiling: LoadResult): Pick<HttpRow, 'cpuPerRequest' | 'ceilingCpuPerRequest'> => ({
    cpuPerRequest: cpu.sim / sim.requests,
    ceilingCpuPerRequest: cpu.ceiling / ceiling.requests,
  });
  // The machine is shared and its speed swings within seconds: a timed row alternates with the ceiling, slice by
  // slice, and its ratio is to the ceiling of those same moments.
  const row = async (operation: string, scenario: Scenario, extra: Partial<LoadSpec> = {}, ok: readonly number[] = [200]): Promise<void> => {
    const ceilings: LoadResult[] = [];
    const slices: LoadResult[] = [];
    resetCpu();
    for (let i = 0; i < SLICES; i++) {
      ceilings.push(await ceilingSlice());
      slices.push(await simSlice(() => load(sim.url, scenario, { seconds: SECONDS / SLICES, ...extra })));
    }
    const result = combined(slices);
    const ceiling = combined(ceilings);
    rows.push({ operation, result, ok, ceiling: ceiling.perSecond, ...cpuPerRequest(result, ceiling) });
  };
  // A fixed count (each request signed once) cannot be sliced: the ceiling before and after it.
  const countedRow = async (operation: string, measure: () => Promise<LoadResult>, ok: readonly number[] = [201], server: 'simulator' | 'ceiling' = 'simulator'): Promise<LoadResult> => {
    resetCpu();
    const before = await ceilingSlice();
    const measured = await cpuDuring(server === 'simulator' ? pid : ceilingServer.child.pid, measure);
    cpu.sim = measured.cpuMicros;
    const result = measured.result;
    const after = await ceilingSlice();
    const ceiling = combined([before, after]);
    rows.push({ operation, result, ok, ceiling: ceiling.perSecond, ...cpuPerRequest(result, ceiling) });
    return result;
  };
  try {
    await new Promise((r) => setTimeout(r, 500));
    const rssAfterStart = rssBytes(pid);
    const info: Scenario = { kind: 'fixed', method: 'GET', path: '/simulator/v1/info' };
    const unknown: Scenario = { kind: 'fixed', method: 'GET', path: `/${INSTITUTION}/berlingroup/v1/nothing-here`, headers: { 'x-request-id': 'a3b1f5c2-1d4e-4f6a-8b9c-0d1e2f3a4b5c' } };
    const consents = await f.consentStatus(200);
    // Warm-up: the first seconds of a process are the JIT's.
    await load(sim.url, info, { seconds: 1 });
    await load(sim.url, consents, { seconds: 2 });

    await row('GET /simulator/v1/info (control API)', info);
    await row('GET an unknown bank route (404)', unknown, {}, [404]);
    await row('POST /token (client_credentials)', { kind: 'token', institution: INSTITUTION }, { dataDir: starts.dataDir });
    await row('GET /consents/{id}/status', consents);
    await row('GET /payments/{product}/{id}/status (pain.002)', await f.paymentStatus(50));
    const signedCount = Number(flag('--signed') ?? 3000);
    await load(sim.url, await f.paymentCreate(300), { amount: 300, dataDir: starts.dataDir });
    const creations = await f.paymentCreate(signedCount);
    const created = await countedRow('POST /payments/{product} (signed, each request its own signature)', () =>
      load(sim.url, creations, { amount: signedCount, dataDir: starts.dataDir, collectPaymentIds: true }),
    );
    const authorisations = await f.authorisationStart(created.createdPaymentIds);
    await countedRow('POST /payments/{product}/{id}/authorisations (signed)', () => load(sim.url, authorisations, { amount: created.createdPaymentIds.length, dataDir: starts.dataDir }));
    await countedRow('a bare Node server answering the same signed POSTs /payments (what the load generator and Node\'s HTTP parsing allow)', () => signedAtCeiling(ceilingServer.url, starts.dataDir, signedCount), [200], 'ceiling');

    // Memory after 100,000 payments: made through the real signed route, 10 connections in parallel. Before the
    // bulk, whose one-off peak the allocator keeps for a while (its figure is printed apart).
    const madeSoFar = 300 + signedCount + 50 + 1;
    const toMake = Math.max(0, paymentsForMemory - madeSoFar);
    const mass = toMake === 0 ? null : await load(sim.url, await f.paymentCreate(2000), { amount: toMake, dataDir: starts.dataDir });
    const rssAfterPayments = rssBytes(pid);

    const bulks: BulkTimes[] = [];
    for (let i = 0; i < BULK_RUNS; i++) bulks.push(await bulkPayment(f, 10_000));
    const rssAfterBulk = rssBytes(pid);
    const signatures = signatureRows(starts.dataDir);
    const editor = await editorMarkerRows(sim.url, [1_000, 10_000]);

    print({ starts, rows, bulks, signatures, editor, rssAfterStart, rssAfterPayments, rssAfterBulk, paymentsForMemory, mass });
  } finally {
    await Promise.all([sim.stop(), ceilingServer.stop()]);
  }
}

interface Results {
  starts: { fresh: number[]; existing: number[] };
  rows: (HttpRow & { ok: readonly number[] })[];
  bulks: BulkTimes[];
  signatures: ReturnType<typeof signatureRows>;
  editor: string[];
  rssAfterStart: number;
  rssAfterPayments: number;
  rssAfterBulk: number;
  paymentsForMemory: number;
  mass: LoadResult | null;
}

/** The signed POSTs (4–5 KB each) against the bare server: the most any server could answer of them here. */
function signedAtCeiling(url: string, dataDir: string, count: number): Promise<LoadResult> {
  const access = { institution: INSTITUTION, psuId: 'FRA-CREATOR', consentId: 'none', accessToken: 'none' };
  return load(url, { kind: 'payment-create', access, product: SEPA, pain001File: SEPA_SINGLE_FILE, pool: count }, { amount: count, dataDir });
}

function print(r: Results): void {
  const ratio = (prefix: string): number => {
    const found = r.rows.find((x) => x.operation.startsWith(prefix));
    return found ? found.result.perSecond / found.ceiling : 0;
  };
  const startExisting = median(r.starts.existing);
  const startFresh = median(r.starts.fresh);
  const bulkMs = median(r.bulks.map((b) => b.createMs));
  const clean = r.rows.filter((x) => !x.operation.startsWith('a bare')).every(({ result, ok }) => result.errors === 0 && Object.keys(result.statuses).every((s) => ok.includes(Number(s))));
  const targets: Target[] = [
    { what: 'GET payment status (pain.002)', goal: '≥ 0.50× ceiling', measured: `${fmt(ratio('GET /payments'), 2)}×`, met: ratio('GET /payments') >= 0.5 },
    { what: 'GET consent status', goal: '≥ 0.50× ceiling', measured: `${fmt(ratio('GET /consents'), 2)}×`, met: ratio('GET /consents') >= 0.5 },
    { what: 'signed POST /payments', goal: '≥ 0.25× ceiling', measured: `${fmt(ratio('POST /payments/{product} '), 2)}×`, met: ratio('POST /payments/{product} ') >= 0.25 },
    { what: 'start-up, existing data folder', goal: '< 1 s', measured: `${fmt(startExisting)} ms`, met: startExisting < 1000 },
    { what: 'start-up, fresh data folder', goal: '< 2 s', measured: `${fmt(startFresh)} ms`, met: startFresh < 2000 },
    { what: '10,000-transaction bulk', goal: '< 500 ms', measured: `${fmt(bulkMs)} ms`, met: bulkMs < 500 },
    { what: `RSS after ${fmt(r.paymentsForMemory)} payments`, goal: '< 200 MiB', measured: mib(r.rssAfterPayments), met: r.rssAfterPayments < 200 * 2 ** 20 },
  ];
  const lines = [
    `Machine: ${machine()}. Load: autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s a row (signed rows: a fixed count, each request signed beforehand in the load process).`,
    `Ceiling: a bare Node http server answering GET with a fixed 200. The machine is shared and its speed swings within seconds, so each timed row runs in ${SLICES} slices of ${fmt(SECONDS / SLICES, 2)} s, each right after ${CEILING_SECONDS} s of the ceiling, and its ratio is to the ceiling of those same moments (the signed rows, a fixed count, to the ceiling just before and after).`,
    '',
    ...httpTable(r.rows),
    '',
    '| start-up (process start to the ready line, median of 3) | ms |',
    '|---|---:|',
    `| existing data folder | ${fmt(startExisting)} (${r.starts.existing.map((x) => fmt(x)).join(', ')}) |`,
    `| fresh data folder (PKI generated, schema, dataset) | ${fmt(startFresh)} (${r.starts.fresh.map((x) => fmt(x)).join(', ')}) |`,
    '',
    `| bulk payment, made ${r.bulks.length} times in a row | ms, median (each) |`,
    '|---|---:|',
    ...bulkLines(r.bulks),
    '',
    ...inProcessTable(r.signatures),
    '',
    ...r.editor,
    '',
    `Resident memory of the simulator process: ${mib(r.rssAfterStart)} after start, ${mib(r.rssAfterPayments)} after ${fmt(r.paymentsForMemory)} payments` +
      (r.mass ? ` (the last ${fmt(r.mass.requests)} created through the signed HTTP route at ${fmt(r.mass.perSecond)} req/s, from a pool of 2,000 requests each signed once${r.mass.errors ? `, ${r.mass.errors} errors` : ''}, statuses ${JSON.stringify(r.mass.statuses)})` : '') +
      `, every exchange logged; ${mib(r.rssAfterBulk)} after the ${r.bulks.length} 10,000-transaction bulks that followed.`,
    '',
    ...targetLines(targets),
    '',
    clean ? 'Every response had the expected status.' : 'Some responses had another status than expected: see the rows marked.',
  ];
  console.log(lines.join('\n'));
}

try {
  if (process.argv.includes('--soak')) await soak(Number(flag('--soak-seconds') ?? 600), folder);
  else await bench();
} finally {
  removeLoadSpecs();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}
