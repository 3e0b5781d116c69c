/**
 * The throughput rows of `npm run bench`, each in burst slices (burst-rows.ts) and then sustained (sustained.ts):
 * the control API, an unknown route, the token, the consent and payment status reads, the signed POSTs.
 */
import { burstRows, GET_CEILING, load, type BurstRow, type BurstServers, type QuietWait, type RowOptions } from './burst-rows';
import { INSTITUTION, SEPA, SEPA_SINGLE_FILE, type Fixtures } from './fixtures';
import type { LoadResult, Scenario } from './load-spec';
import { sustainedRow, type SustainedRow, type SustainedSpec } from './sustained';

/** Signed requests the load process signs before a sustained row and sends in turn (each RSA signature costs it a millisecond or so). */
const SUSTAINED_SIGNED_POOL = 3000;

export interface ThroughputOptions {
  /** Whether a row of `--only` is to run (every row without it). */
  wanted: (name: string) => boolean;
  /** Signed payment creations the counted row sends. */
  signedCount: number;
  /** Each sustained row's seconds of load; 0 leaves them out. */
  sustainedSeconds: number;
  dataDir: string;
  /** Consent status reads and payment status reads, prepared while the simulator was sampled for the ceiling's answers. */
  consents: Scenario;
  statuses: Scenario;
}

export interface ThroughputResults {
  rows: BurstRow[];
  quietWaits: QuietWait[];
  sustained: SustainedRow[];
  /** Payments the rows created, which count towards the memory figure's. */
  paymentsMade: number;
}

/** The signed POSTs (4–5 KB each) against the bare server: the most any server could answer of them here. */
function signedAtCeiling(url: string, dataDir: string, count: number): Promise<LoadResult> {
  const access = { institution: INSTITUTION, psuId: 'FRA-CREATOR', consentId: 'none', accessToken: 'none' };
  return load(url, { kind: 'payment-create', access, product: SEPA, pain001File: SEPA_SINGLE_FILE, pool: count }, { amount: count, dataDir });
}

export async function throughputRows(servers: BurstServers, f: Fixtures, options: ThroughputOptions): Promise<ThroughputResults> {
  const { wanted, signedCount, sustainedSeconds, dataDir, consents, statuses } = options;
  const { simUrl, simPid, ceilingUrl, ceilingPid } = servers;
  const { rows, quietWaits, row, countedRow } = burstRows(servers);
  const sustained: SustainedRow[] = [];
  /** The row just measured in bursts, again sustained: its burst ratio to the same ceiling goes beside it. */
  const thenSustained = async (spec: Omit<SustainedSpec, 'burstRatio'>): Promise<void> => {
    if (!(sustainedSeconds > 0)) return;
    const burst = rows.at(-1);
    const burstRatio = burst ? burst.result.perSecond / (spec.likeForLike && burst.like ? burst.like.perSecond : burst.ceiling) : Number.NaN;
    sustained.push(
      await sustainedRow(
        { simUrl, simPid, dataDir, ceilingUrl, ceilingPid, getCeiling: GET_CEILING, seconds: sustainedSeconds, load },
        { ...spec, burstRatio },
      ),
    );
  };
  const both = async (operation: string, scenario: Scenario, rowOptions: RowOptions = {}): Promise<void> => {
    await row(operation, scenario, rowOptions);
    await thenSustained({
      operation,
      scenario,
      ok: rowOptions.ok ?? [200],
      likeForLike: rowOptions.likeForLike ? scenario : null,
      ...(rowOptions.extra ? { extra: rowOptions.extra } : {}),
    });
  };

  const info: Scenario = { kind: 'fixed', method: 'GET', path: '/simulator/v1/info' };
  const unknown: Scenario = {
    kind: 'fixed',
    method: 'GET',
    path: `/${INSTITUTION}/berlingroup/v1/nothing-here`,
    headers: { 'x-request-id': 'a3b1f5c2-1d4e-4f6a-8b9c-0d1e2f3a4b5c' },
  };
  // Warm-up: the first seconds of a process are the JIT's.
  await load(simUrl, info, { seconds: 1 });
  await load(simUrl, consents, { seconds: 2 });

  if (wanted('info')) await both('GET /simulator/v1/info (control API)', info);
  if (wanted('404')) await both('GET an unknown bank route (404)', unknown, { ok: [404] });
  if (wanted('token')) await both('POST /token (client_credentials)', { kind: 'token', institution: INSTITUTION }, { extra: { dataDir } });
  if (wanted('consent')) await both('GET /consents/{id}/status', consents, { likeForLike: true });
  // A PSU's access lasts minutes: the sustained row, which comes after the burst's, gets its own.
  if (wanted('status')) {
    await row('GET /payments/{product}/{id}/status (pain.002)', statuses, { likeForLike: true });
    const fresh: Scenario = statuses.kind === 'payment-status' ? { ...statuses, access: await f.access('FRA-CREATOR') } : statuses;
    await thenSustained({ operation: 'GET /payments/{product}/{id}/status (pain.002)', scenario: fresh, ok: [200], likeForLike: fresh });
  }
  let made = 0;
  if (wanted('signed')) {
    await load(simUrl, await f.paymentCreate(300), { amount: 300, dataDir });
    const creations = await f.paymentCreate(signedCount);
    const created = await countedRow(
      'POST /payments/{product} (signed, each request its own signature)',
      () => load(simUrl, creations, { amount: signedCount, dataDir, collectPaymentIds: true }),
      () => signedAtCeiling(ceilingUrl, dataDir, signedCount),
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
      extra: { dataDir },
    });
    made += sustained.at(-1)?.result.requests ?? 0;
    // No sustained authorisations: each payment takes one, and 30 s of them would need some 40,000 signed beforehand.
    const authorisations = await f.authorisationStart(created.createdPaymentIds);
    await countedRow(
      'POST /payments/{product}/{id}/authorisations (signed)',
      () => load(simUrl, authorisations, { amount: created.createdPaymentIds.length, dataDir }),
      null,
    );
  }
  return { rows, quietWaits, sustained, paymentsMade: made };
}
