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
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Fixtures, INSTITUTION, SEPA, SEPA_SINGLE_FILE } from './fixtures';
import { bulkPayment, signatureRows, type BulkTimes } from './in-process';
import type { LoadResult, LoadSpec, Scenario } from './load-spec';
import { bulkLines, fmt, httpTable, inProcessTable, machine, median, mib, targetLines, type HttpRow, type Target } from './report';
import { removeLoadSpecs, rssBytes, runLoad, startCeiling, startServe, type Started } from './processes';
import type { CeilingAnswers } from './ceiling-server';
import { soak } from './soak';
import { editorMarkerRows } from './editor-markers';
import { cpuDuring, untilQuiet } from './cpu';
import { inspectorLines, inspectorRows } from './inspector';
import { flowLines, flowTimes, type FlowTimes } from './flows';
import { sustainedRatio, sustainedRow, sustainedTable, type SustainedRow, type SustainedSpec } from './sustained';

const CONNECTIONS = 10;
const SECONDS = 5;
const STARTS = 3;
const INSPECTOR_LOG = 100_000;
/** Signed requests the load process signs before a sustained row and sends in turn (each RSA signature costs it a millisecond or so). */
const SUSTAINED_SIGNED_POOL = 3000;

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

/** The flows' rows, on a simulator of their own (not the one the load rows fill). */
async function flows(): Promise<FlowTimes> {
  const sim = await startServe(folder());
  try {
    return flowTimes(sim.url);
  } finally {
    await sim.stop();
  }
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
    const statuses = await f.paymentStatus(50);
    ceilingServer = await startCeiling(answersFile(f));
    const ceilingPid = ceilingServer.child.pid;
    const ceilingUrl = ceilingServer.url;
    await load(ceilingUrl, ceilingScenario, { seconds: 1 });

    const rows: (HttpRow & { ok: readonly number[] })[] = [];
    const cpu = { sim: 0, ceiling: 0, like: 0 };
    // The simulator's search index catches up behind the traffic (within a fraction of a second, and at once when it
    // stops): a ceiling measured meanwhile would share the cores with that work. So each ceiling slice waits for the
    // simulator to be quiet, and the wait is printed per row; the sustained rows count that work instead.
    const quietWaits: QuietWait[] = [];
    let waited = 0;
    const measured = async (at: number | undefined, into: keyof typeof cpu, work: () => Promise<LoadResult>): Promise<LoadResult> => {
      if (into !== 'sim') waited += await untilQuiet(pid);
      const { result, cpuMicros } = await cpuDuring(at, work);
      cpu[into] += cpuMicros;
      return result;
    };
    const ceilingSlice = (): Promise<LoadResult> => measured(ceilingPid, 'ceiling', () => load(ceilingUrl, ceilingScenario, { seconds: CEILING_SECONDS }));
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
    const row = async (
      operation: string,
      scenario: Scenario,
      options: { extra?: Partial<LoadSpec>; ok?: readonly number[]; likeForLike?: boolean } = {},
    ): Promise<void> => {
      const { extra = {}, ok = [200], likeForLike = false } = options;
      const slice = { seconds: SECONDS / SLICES, ...extra };
      const ceilings: LoadResult[] = [];
      const likes: LoadResult[] = [];
      const slices: LoadResult[] = [];
      resetCpu();
      for (let i = 0; i < SLICES; i++) {
        ceilings.push(await ceilingSlice());
        if (likeForLike) likes.push(await measured(ceilingPid, 'like', () => load(ceilingUrl, scenario, slice)));
        slices.push(await measured(pid, 'sim', () => load(sim.url, scenario, slice)));
      }
      addRow(operation, ok, combined(slices), combined(ceilings), likeForLike ? combined(likes) : null);
    };
    // A fixed count (each request signed once) cannot be sliced: the GET ceiling and the like-for-like run before and after it.
    const countedRow = async (operation: string, measure: () => Promise<LoadResult>, like: (() => Promise<LoadResult>) | null): Promise<LoadResult> => {
      resetCpu();
      const before = await ceilingSlice();
      const likes = like ? [await measured(ceilingPid, 'like', like)] : [];
      const result = await measured(pid, 'sim', measure);
      if (like) likes.push(await measured(ceilingPid, 'like', like));
      const after = await ceilingSlice();
      addRow(operation, [201], result, combined([before, after]), like ? combined(likes) : null);
      return result;
    };

    const sustainedSeconds = Number(flag('--sustained-seconds') ?? 30);
    const sustained: SustainedRow[] = [];
    /** The row just measured in bursts, again sustained: its burst ratio to the same ceiling goes beside it. */
    const thenSustained = async (spec: Omit<SustainedSpec, 'burstRatio'>): Promise<void> => {
      if (!(sustainedSeconds > 0)) return;
      const burst = rows.at(-1);
      const burstRatio = burst ? burst.result.perSecond / (spec.likeForLike && burst.like ? burst.like.perSecond : burst.ceiling) : Number.NaN;
      sustained.push(
        await sustainedRow(
          {
            simUrl: sim.url,
            simPid: pid,
            dataDir: starts.dataDir,
            ceilingUrl,
            ceilingPid,
            getCeiling: ceilingScenario,
            seconds: sustainedSeconds,
            load: (url, scenario, extra) => load(url, scenario, extra),
          },
          { ...spec, burstRatio },
        ),
      );
    };

    await new Promise((r) => setTimeout(r, 500));
    const rssAfterStart = rssBytes(pid);
    const info: Scenario = { kind: 'fixed', method: 'GET', path: '/simulator/v1/info' };
    const unknown: Scenario = {
      kind: 'fixed',
      method: 'GET',
      path: `/${INSTITUTION}/berlingroup/v1/nothing-here`,
      headers: { 'x-request-id': 'a3b1f5c2-1d4e-4f6a-8b9c-0d1e2f3a4b5c' },
    };
    // Warm-up: the first seconds of a process are the JIT's.
    await load(sim.url, info, { seconds: 1 });
    await load(sim.url, consents, { seconds: 2 });

    const both = async (operation: string, scenario: Scenario, options: { extra?: Partial<LoadSpec>; ok?: readonly number[]; likeForLike?: boolean } = {}) => {
      await row(operation, scenario, options);
      await thenSustained({
        operation,
        scenario,
        ok: options.ok ?? [200],
        likeForLike: options.likeForLike ? scenario : null,
        ...(options.extra ? { extra: options.extra } : {}),
      });
    };
    if (wanted('info')) await both('GET /simulator/v1/info (control API)', info);
    if (wanted('404')) await both('GET an unknown bank route (404)', unknown, { ok: [404] });
    if (wanted('token')) await both('POST /token (client_credentials)', { kind: 'token', institution: INSTITUTION }, { extra: { dataDir: starts.dataDir } });
    if (wanted('consent')) await both('GET /consents/{id}/status', consents, { likeForLike: true });
    // A PSU's access lasts minutes: the sustained row, which comes after the burst's, gets its own.
    if (wanted('status')) {
      await row('GET /payments/{product}/{id}/status (pain.002)', statuses, { likeForLike: true });
      const fresh: Scenario = statuses.kind === 'payment-status' ? { ...statuses, access: await f.access('FRA-CREATOR') } : statuses;
      await thenSustained({ operation: 'GET /payments/{product}/{id}/status (pain.002)', scenario: fresh, ok: [200], likeForLike: fresh });
    }
    const signedCount = Number(flag('--signed') ?? 3000);
    let made = 50;
    if (wanted('signed')) {
      await load(sim.url, await f.paymentCreate(300), { amount: 300, dataDir: starts.dataDir });
      const creations = await f.paymentCreate(signedCount);
      const created = await countedRow(
        'POST /payments/{product} (signed, each request its own signature)',
        () => load(sim.url, creations, { amount: signedCount, dataDir: starts.dataDir, collectPaymentIds: true }),
        () => signedAtCeiling(ceilingUrl, starts.dataDir, signedCount),
      );
      made += 300 + signedCount;
      // Sustained: a pool signed beforehand, sent in turn for the whole time (the same X-Request-ID again after
      // SUSTAINED_SIGNED_POOL requests, which the bank accepts, as the memory row's pool does).
      const pooled = await f.paymentCreate(SUSTAINED_SIGNED_POOL);
      await thenSustained({
        operation: 'POST /payments/{product} (signed, each request its own signature)',
        scenario: pooled,
        ok: [201],
        likeForLike: pooled,
        extra: { dataDir: starts.dataDir },
      });
      made += sustained.at(-1)?.result.requests ?? 0;
      // No sustained authorisations: each payment takes one, and 30 s of them would need some 40,000 signed beforehand.
      const authorisations = await f.authorisationStart(created.createdPaymentIds);
      await countedRow(
        'POST /payments/{product}/{id}/authorisations (signed)',
        () => load(sim.url, authorisations, { amount: created.createdPaymentIds.length, dataDir: starts.dataDir }),
        null,
      );
    }
    if (only !== undefined) {
      print({
        starts,
        rows,
        bulks: [],
        signatures: [],
        editor: [],
        rssAfterStart,
        rssAfterPayments: Number.NaN,
        rssAfterBulk: Number.NaN,
        paymentsForMemory: 0,
        mass: null,
        inspector: null,
        quietWaits,
        flows: flowRows,
        sustained,
        sustainedSeconds,
      });
      return;
    }

    // Memory after 100,000 payments: made through the real signed route, 10 connections in parallel. Before the
    // bulk, whose one-off peak the allocator keeps for a while (its figure is printed apart).
    const toMake = Math.max(0, paymentsForMemory - made - 1);
    const mass = toMake === 0 ? null : await load(sim.url, await f.paymentCreate(2000), { amount: toMake, dataDir: starts.dataDir });
    const rssAfterPayments = rssBytes(pid);
    const inspector = await inspectorRows(sim.url, await f.onePayment(), 'FRA-CREATOR', pid);

    const bulks: BulkTimes[] = [];
    for (let i = 0; i < BULK_RUNS; i++) bulks.push(await bulkPayment(f, 10_000));
    const rssAfterBulk = rssBytes(pid);
    const signatures = signatureRows(starts.dataDir);
    // Its first calls follow a long quiet spell (the in-process rows), in which the server may close an idle
    // keep-alive connection just as the client reuses it: one retry, so that does not cost the whole run.
    const editor = await editorMarkerRows(sim.url, [1_000, 10_000]).catch(() => editorMarkerRows(sim.url, [1_000, 10_000]));

    print({
      starts,
      rows,
      bulks,
      signatures,
      editor,
      rssAfterStart,
      rssAfterPayments,
      rssAfterBulk,
      paymentsForMemory,
      mass,
      inspector,
      quietWaits,
      flows: flowRows,
      sustained,
      sustainedSeconds,
    });
  } finally {
    await Promise.all([sim.stop(), ceilingServer?.stop()]);
    if (sim.stderr() !== '') process.stderr.write(`\nThe simulator reported faults (its stderr):\n${sim.stderr()}\n`);
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
  inspector: Awaited<ReturnType<typeof inspectorRows>> | null;
  quietWaits: QuietWait[];
  /** The headless flows (flows.ts); null when left out by --only. */
  flows: FlowTimes | null;
  /** The throughput rows again under continuous load (sustained.ts); the targets are judged on these. */
  sustained: SustainedRow[];
  sustainedSeconds: number;
}

/** How long the ceilings of a row waited for the simulator to be quiet (its search index catching up). */
interface QuietWait {
  operation: string;
  ms: number;
}

/** The signed POSTs (4–5 KB each) against the bare server: the most any server could answer of them here. */
function signedAtCeiling(url: string, dataDir: string, count: number): Promise<LoadResult> {
  const access = { institution: INSTITUTION, psuId: 'FRA-CREATOR', consentId: 'none', accessToken: 'none' };
  return load(url, { kind: 'payment-create', access, product: SEPA, pain001File: SEPA_SINGLE_FILE, pool: count }, { amount: count, dataDir });
}

/** The throughput targets (docs/benchmarks.md#targets): each row against its like-for-like ceiling. */
const LIKE_TARGETS = [
  { what: 'GET payment status (pain.002)', prefix: 'GET /payments', goal: 0.6 },
  { what: 'GET consent status', prefix: 'GET /consents', goal: 0.7 },
  { what: 'signed POST /payments', prefix: 'POST /payments/{product} ', goal: 0.3 },
] as const;
const INSPECTOR_MS = 300;
/** Under sustained load the search index stays within this many seconds of the log (docs/benchmarks.md#targets). */
const MAX_INDEX_LAG_S = 5;

function print(r: Results): void {
  const burstRatio = (prefix: string): number => {
    const found = r.rows.find((x) => x.operation.startsWith(prefix));
    return found?.like ? found.result.perSecond / found.like.perSecond : Number.NaN;
  };
  const sustainedOf = (prefix: string): SustainedRow | undefined => r.sustained.find((x) => x.operation.startsWith(prefix) && x.ceiling.likeForLike);
  // Judged on the sustained rows (every thread's work inside the measurement); on the burst rows only when they were left out.
  const likeRatio = (prefix: string): number => {
    const row = sustainedOf(prefix);
    return row ? sustainedRatio(row) : burstRatio(prefix);
  };
  const judged = r.sustained.length > 0 ? 'sustained' : 'burst';
  const startExisting = median(r.starts.existing);
  const startFresh = median(r.starts.fresh);
  const bulkMs = median(r.bulks.map((b) => b.createMs));
  const inspectorWorst = r.inspector ? Math.max(...r.inspector.rows.map((x) => x.ms)) : Number.NaN;
  const clean = [...r.rows, ...r.sustained].every(({ result, ok }) => result.errors === 0 && Object.keys(result.statuses).every((s) => ok.includes(Number(s))));
  const targets: Target[] = [
    ...LIKE_TARGETS.map(({ what, prefix, goal }) => {
      const row = sustainedOf(prefix);
      // A row whose search index fell behind did not do all its work inside the measurement: not met, whatever its ratio.
      const kept = row === undefined || row.lag.seconds <= MAX_INDEX_LAG_S;
      const lag = row ? `; index ${fmt(row.lag.seconds, 1)} s behind at the end${kept ? '' : `, more than ${MAX_INDEX_LAG_S} s`}` : '';
      return {
        what: `${what} (${judged})`,
        goal: `≥ ${fmt(goal, 2)}× like-for-like${row ? `, index within ${MAX_INDEX_LAG_S} s` : ''}`,
        measured: `${fmt(likeRatio(prefix), 2)}× (burst ${fmt(burstRatio(prefix), 2)}×${lag})`,
        met: likeRatio(prefix) >= goal && kept,
      };
    }),
    { what: 'start-up, existing data folder', goal: '< 400 ms', measured: `${fmt(startExisting)} ms`, met: startExisting < 400 },
    { what: 'start-up, fresh data folder', goal: '< 1 s', measured: `${fmt(startFresh)} ms`, met: startFresh < 1000 },
  ];
  if (r.flows) {
    const oneFlow = median(r.flows.oneFlow);
    targets.push({ what: 'one headless flow, `flow ais-consent --base URL`', goal: '< 1 s', measured: `${fmt(oneFlow)} ms`, met: oneFlow < 1000 });
  }
  if (r.inspector)
    targets.push({
      what: `Inspector list at ${fmt(r.inspector.kept)} exchanges: open and search (slowest call)`,
      goal: `< ${INSPECTOR_MS} ms`,
      measured: `${fmt(inspectorWorst)} ms`,
      met: inspectorWorst < INSPECTOR_MS,
    });
  if (r.bulks.length > 0) {
    targets.push(
      { what: '10,000-transaction bulk', goal: '< 500 ms', measured: `${fmt(bulkMs)} ms`, met: bulkMs < 500 },
      { what: `RSS after ${fmt(r.paymentsForMemory)} payments`, goal: '< 200 MiB', measured: mib(r.rssAfterPayments), met: r.rssAfterPayments < 200 * 2 ** 20 },
    );
  }
  const lines = [
    `Machine: ${machine()}, load average ${loadavg()
      .map((x) => fmt(x, 2))
      .join(
        ' ',
      )} at the end. Load: autocannon in its own process, ${CONNECTIONS} connections, ${SECONDS} s a row (signed rows: a fixed count, each request signed beforehand in the load process).`,
    `Ceilings (bench/ceiling-server.ts, one bare node:http process): the GET ceiling answers GET / with a fixed 200; the like-for-like ceiling of a route answers the same requests doing only their unavoidable work (status reads: the simulator's own pain.002 or consent JSON, same bytes; signed POST /payments: body read, SHA-256 against Digest, RSA verify over the signing string with the TPP-Signature-Certificate's key decoded once per value, 201 with a body of the simulator's size). The machine is shared and its speed swings within seconds, so each timed row runs in ${SLICES} slices of ${fmt(SECONDS / SLICES, 2)} s, each right after ${CEILING_SECONDS} s of the GET ceiling and a slice of its like-for-like ceiling, and its ratios are to the ceilings of those same moments (the signed rows, a fixed count: the ceilings just before and after).`,
    '',
    ...httpTable(r.rows),
    '',
    `Before each ceiling slice the bench waited for the simulator to be quiet (the search index and the log's writes catching up on the slice before; the burst rows leave that work out, the sustained rows count it), in all: ${r.quietWaits.map((w) => `${w.operation} ${fmt(w.ms / 1000, 1)} s`).join('; ')}.`,
    '',
    ...(r.sustained.length === 0
      ? []
      : [
          `Sustained (the targets are judged here): each row again as ${fmt(r.sustainedSeconds)} s of continuous load from the load process, no quiet wait inside it, so the work each exchange leaves behind (the log's writes, the search index) is inside the figures. CPU: every thread of the simulator process (/proc/<pid>/stat), per request answered. The ceiling (like-for-like where the row has one, else the GET ceiling) ran continuously for ${fmt(Math.max(1, Math.round(r.sustainedSeconds / 6)))} s before and after. Index lag: exchanges written and not yet in the search index when the load stopped, and how long ago the oldest was logged; then the time and CPU the simulator took until it was quiet, per request of the row.`,
          '',
          ...sustainedTable(r.sustained, r.sustainedSeconds),
          '',
        ]),
    '| start-up (process start to the ready line, median of 3) | ms |',
    '|---|---:|',
    `| existing data folder | ${fmt(startExisting)} (${r.starts.existing.map((x) => fmt(x)).join(', ')}) |`,
    `| fresh data folder (PKI generated, schema, dataset) | ${fmt(startFresh)} (${r.starts.fresh.map((x) => fmt(x)).join(', ')}) |`,
    '',
  ];
  if (r.flows) lines.push(...flowLines(r.flows), '');
  if (r.inspector) lines.push(...inspectorLines(r.inspector), '');
  if (r.bulks.length > 0) {
    lines.push(
      `| bulk payment, made ${r.bulks.length} times in a row | ms, median (each) |`,
      '|---|---:|',
      ...bulkLines(r.bulks),
      '',
      ...inProcessTable(r.signatures),
      '',
      ...r.editor,
      '',
      `Resident memory of the simulator process: ${mib(r.rssAfterStart)} after start, ${mib(r.rssAfterPayments)} after ${fmt(r.paymentsForMemory)} payments` +
        (r.mass
          ? ` (the last ${fmt(r.mass.requests)} created through the signed HTTP route at ${fmt(r.mass.perSecond)} req/s, from a pool of 2,000 requests each signed once${r.mass.errors ? `, ${r.mass.errors} errors` : ''}, statuses ${JSON.stringify(r.mass.statuses)})`
          : '') +
        `, every exchange logged; ${mib(r.rssAfterBulk)} after the ${r.bulks.length} 10,000-transaction bulks that followed.`,
      '',
    );
  }
  lines.push(
    ...targetLines(targets),
    '',
    clean ? 'Every response had the expected status.' : 'Some responses had another status than expected: see the rows marked.',
  );
  console.log(lines.join('\n'));
}

try {
  if (process.argv.includes('--soak')) await soak(Number(flag('--soak-seconds') ?? 600), folder);
  else await bench();
} finally {
  removeLoadSpecs();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}
