// The Flows screen's runs through the control API: step by step behind a gate, the PSU deciding on
// the phone, edited requests (re-signed or byte-exact), free steps, kept runs, export, import, replay, HAR.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRunState } from '../../preload/api/workbench-api';
import { ControlApiError, controlClient, type ControlClient } from '../../shared/control-client';
import { call, newDataFolder, startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
const json = { 'content-type': 'application/json' };

let bank: TestBank;
let api: ControlClient;

beforeAll(async () => {
  bank = await startTestBank();
  api = controlClient(bank.url);
});
afterAll(async () => {
  await bank.stop();
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Once the PSU has decided, the run goes on by itself: wait for its next stop. */
async function nextStop(runApi: ControlClient, runId: string): Promise<FlowRunState> {
  for (let i = 0; i < 200; i++) {
    const run = await runApi.getRun(runId);
    if (run.phase === 'ready' || run.phase === 'finished' || (run.phase === 'waiting' && run.pending?.kind === 'request')) return run;
    await sleep(25);
  }
  throw new Error('the run did not go on');
}

/** Sends gated requests one by one until the request of `operation` waits at the gate. */
async function sendUntil(runApi: ControlClient, start: FlowRunState, operation: string): Promise<FlowRunState> {
  let run = start;
  for (let i = 0; i < 20 && !(run.pending?.kind === 'request' && run.pending.request.operation === operation); i++)
    run = await runApi.sendStep(run.runId, null, 'request');
  if (run.pending?.kind !== 'request') throw new Error(`no ${operation} at the gate; the run is ${run.phase}`);
  return run;
}

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (err) {
    if (err instanceof ControlApiError) return err.status;
    throw err;
  }
}

describe('the library through the control API', () => {
  it('lists the flows with their steps and the operations a free step can send', async () => {
    const flows = await api.listFlows();
    const sepa = flows.find((f) => f.name === 'sepa-two-authorisations');
    expect(sepa?.institutions[0]).toBe('frankfurt');
    expect(sepa?.psus).toMatchObject({ creator: 'CREATOR' });
    expect(sepa?.steps.map((s) => s.id)).toContain('firstApprove');
    const operations = await api.listFlowOperations();
    expect(operations.find((o) => o.name === 'createPayment')).toMatchObject({ actor: 'tpp', required: { psu: 'psuRole', product: 'text' } });
  });
});

describe('a run step by step, the PSU deciding on the phone', () => {
  let finished: FlowRunState;

  it('stops before each request and where the PSU must decide, and ends met', async () => {
    let run = await api.startRun({ flow: 'sepa-two-authorisations', autoApprove: false });
    expect(run).toMatchObject({ phase: 'ready', institution: 'frankfurt', nextStep: { id: 'creatorSession' }, psus: { creator: 'FRA-CREATOR' }, met: null });

    run = await api.prepareStep(run.runId);
    expect(run.phase).toBe('waiting');
    run = await sendUntil(api, run, 'consent-create');
    expect(run.pending).toMatchObject({ kind: 'request', request: { method: 'POST', url: '/frankfurt/berlingroup/v1/consents', operation: 'consent-create' } });
    const sentSoFar = run.current.length;
    run = await api.sendStep(run.runId, null, 'request');
    expect(run.current.length).toBe(sentSoFar + 1);
    expect(run.current.at(-1)).toMatchObject({ method: 'POST', url: '/frankfurt/berlingroup/v1/consents', status: 201, actor: 'tpp', failed: false });
    expect(run.current.at(-1)?.exchangeId).toBeGreaterThan(0);

    // The SCA link opened by the PSU's browser, then the decision waits for the PSU.
    run = await sendUntil(api, run, 'sca-open');
    run = await api.sendStep(run.runId, null, 'request');
    expect(run.current.at(-1)).toMatchObject({ actor: 'psuBrowser', status: 200 });
    expect(run.phase).toBe('waiting');
    if (run.pending?.kind !== 'psu') throw new Error('no PSU wait');
    expect(run.pending).toMatchObject({ psuId: 'FRA-CREATOR', role: 'creator', expected: 'approve' });
    const journey = (await api.listJourneys()).find((j) => j.journeyId === (run.pending as { journeyId: string }).journeyId);
    expect(journey?.status).toBe('opened');
    expect(await status(api.sendStep(run.runId, null, 'step'))).toBe(409);

    await api.actOnJourney(run.pending.journeyId, 'approve');
    run = await nextStop(api, run.runId);
    expect(run.current.at(-1)).toMatchObject({ actor: 'psuApp', method: 'POST', exchangeId: null });
    run = await api.sendStep(run.runId, null, 'step');
    expect(run.phase).toBe('ready');
    expect(run.steps[0]).toMatchObject({ number: 1, status: 200, met: true, fromFlow: true });
    expect(run.steps[0]?.exchanges.map((e) => e.url.split('?')[0])).toEqual(
      expect.arrayContaining(['/frankfurt/berlingroup/v1/consents', '/frankfurt/oauth/v1/token']),
    );
    expect(run.steps[0]?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'consent', before: null, after: 'valid' })]));

    // The payment: a signed request at the gate, with what its signature covers.
    run = await api.prepareStep(run.runId);
    run = await sendUntil(api, run, 'payment-create');
    if (run.pending?.kind !== 'request') throw new Error('no payment at the gate');
    expect(run.pending.request).toMatchObject({ method: 'POST', url: `/frankfurt/berlingroup/v1/payments/${SEPA}`, signed: true, faults: [] });
    expect(run.pending.request.signedHeaders).toEqual(expect.arrayContaining(['digest', 'x-request-id']));
    expect(run.pending.request.signingString).toContain('digest: SHA-256=');
    run = await api.sendStep(run.runId, null, 'step');
    expect(run.steps[1]).toMatchObject({ status: 201, met: true });
    expect(run.steps[1]?.exchanges.at(-1)?.signature?.verdict).toEqual({ valid: true });
    const paymentId = JSON.parse(run.steps[1]?.exchanges.at(-1)?.responseBody ?? '{}').paymentId as string;
    expect(run.steps[1]?.changes).toContainEqual({ kind: 'payment', id: paymentId, before: null, after: 'PATC' });

    // The rest, the PSUs deciding on the phone whenever the run waits for them.
    while (run.phase !== 'finished') {
      if (run.phase === 'ready') run = await api.prepareStep(run.runId);
      else if (run.pending?.kind === 'psu') {
        await api.actOnJourney(run.pending.journeyId, run.pending.expected);
        run = await nextStop(api, run.runId);
      } else run = await api.sendStep(run.runId, null, 'step');
    }
    expect(run.steps.map((s) => [s.step.id, s.met])).toEqual(run.flow.steps.map((s) => [s.id, true]));
    expect(run.met).toBe(true);
    const toPending = run.steps.find((s) => s.changes.some((c) => c.kind === 'payment' && c.before === 'PATC' && c.after === 'PDNG'));
    expect(toPending?.step.id).toBe('secondApprove');
    finished = run;
  });

  it('lists the run newest first and writes its exchanges as HAR with the diagnosis and simulated time', async () => {
    const runs = await api.listRuns();
    expect(runs[0]).toMatchObject({ runId: finished.runId, flowName: 'sepa-two-authorisations', met: true, stepCount: finished.steps.length });
    expect(runs[0]?.statuses).toEqual(finished.steps.map((s) => s.status));

    const har = JSON.parse(await api.exportRunHar(finished.runId));
    const count = finished.steps.reduce((n, s) => n + s.exchanges.length, 0);
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(count);
    const signed = har.log.entries.filter((e: { _signature: unknown }) => e._signature !== null);
    expect(signed.length).toBeGreaterThan(0);
    expect(signed[0]._signature.verdict).toEqual({ valid: true });
    expect(har.log.entries[0]._simulatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const exported = await fetch(`${bank.url}/simulator/v1/runs/${finished.runId}/har`);
    expect(exported.headers.get('content-disposition')).toContain('attachment');
  });

  it('replays in a fresh data folder from the exported file, with the same step statuses, and keeps runs over a restart', async () => {
    const file = await api.exportRun(finished.runId);
    expect(JSON.parse(file)).toMatchObject({ format: 'psd2-workbench-run', version: 1 });
    const dataDir = newDataFolder();
    try {
      let other = await startTestBank({ dataDir });
      const otherApi = controlClient(other.url);
      const imported = await otherApi.importRun(file);
      expect(imported).toMatchObject({ imported: true, phase: 'finished', met: true });
      expect(imported.steps.map((s) => s.status)).toEqual(finished.steps.map((s) => s.status));
      expect(await status(otherApi.prepareStep(imported.runId))).toBe(409);

      const replay = await otherApi.replayRun(imported.runId);
      expect(replay).toMatchObject({ replayOf: imported.runId, phase: 'finished', met: true, autoApprove: true });
      expect(replay.steps.map((s) => s.status)).toEqual(finished.steps.map((s) => s.status));
      expect(replay.steps.map((s) => s.met)).toEqual(finished.steps.map(() => true));

      await other.stop();
      other = await startTestBank({ dataDir });
      const kept = await controlClient(other.url).listRuns();
      expect(kept.map((r) => r.runId)).toEqual([replay.runId, imported.runId]);
      expect((await controlClient(other.url).getRun(replay.runId)).steps).toHaveLength(finished.steps.length);
      await other.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("approving on the PSU's behalf", () => {
  it('decides at once, as the step expects, when turned on while the PSU is awaited', async () => {
    let run = await api.startRun({ flow: 'sepa-two-authorisations', autoApprove: false });
    run = await sendUntil(api, await api.prepareStep(run.runId), 'sca-open');
    run = await api.sendStep(run.runId, null, 'request');
    expect(run.pending?.kind).toBe('psu');
    run = await api.setAutoApprove(run.runId, true);
    expect(run.autoApprove).toBe(true);
    expect(run.pending).toMatchObject({ kind: 'request', request: { operation: 'authorize' } });
    expect(run.current.at(-1)).toMatchObject({ actor: 'psuApp', url: expect.stringMatching(/^\/simulator\/v1\/sca\//), status: 200, exchangeId: null });
    run = await api.sendStep(run.runId, null, 'step');
    expect(run.steps[0]).toMatchObject({ met: true });
  });
});

describe("the operator's requests in a run", () => {
  it("wait at the gate like the TPP's: the clock moves only when the request is sent, as edited", async () => {
    let run = await api.startRun({ flow: 'consent-expiry', autoApprove: true });
    run = await api.prepareStep(run.runId);
    for (let i = 0; i < 40 && !(run.pending?.kind === 'request' && run.pending.request.url === '/simulator/v1/clock'); i++) {
      run = run.phase === 'ready' ? await api.prepareStep(run.runId) : await api.sendStep(run.runId, null, 'request');
    }
    if (run.pending?.kind !== 'request') throw new Error(`the operator's request did not wait at the gate; the run is ${run.phase}`);
    expect(run.pending.request).toMatchObject({ method: 'POST', url: '/simulator/v1/clock', body: '{"advance":"P2D"}', signed: false });
    const clock = async (): Promise<number> => Date.parse(((await (await fetch(`${bank.url}/simulator/v1/clock`)).json()) as { now: string }).now);
    const before = await clock();
    await sleep(150);
    expect(await clock()).toBeLessThan(before + 86_400_000);

    const { method, url, headers } = run.pending.request;
    run = await api.sendStep(run.runId, { method, url, headers, body: '{"advance":"P3D"}', resign: false }, 'step');
    expect(run.steps.at(-1)).toMatchObject({ step: { id: 'later' }, status: 200, met: true });
    expect(run.steps.at(-1)?.exchanges).toEqual([
      expect.objectContaining({ actor: 'operator', url: '/simulator/v1/clock', requestBody: '{"advance":"P3D"}', status: 200 }),
    ]);
    expect((await clock()) - before).toBeGreaterThanOrEqual(3 * 86_400_000);
  });
});

describe('free steps and edited requests', () => {
  /** A free run whose next free step is a payment of FRA-CREATOR, stopped with the payment at the gate. */
  async function paymentAtGate(): Promise<FlowRunState> {
    const run = await api.startRun({ flow: null, institution: 'frankfurt', autoApprove: true });
    await api.addFreeStep(run.runId, { operation: 'createPayment', params: { psu: 'FRA-CREATOR', product: SEPA } });
    return sendUntil(api, await api.prepareStep(run.runId), 'payment-create');
  }

  const crlf = (text: string | null): string => (text ?? '').replace(/\r?\n/g, '\r\n');

  it('sends an edited body signed again: the bank verifies it', async () => {
    const run = await paymentAtGate();
    if (run.pending?.kind !== 'request') throw new Error('no request');
    const { method, url, headers, body } = run.pending.request;
    const done = await api.sendStep(run.runId, { method, url, headers, body: crlf(body), resign: true }, 'end');
    const sent = done.steps[0]?.exchanges.at(-1);
    expect(sent).toMatchObject({ status: 201, failed: false, signature: { verdict: { valid: true } } });
    expect(done.steps[0]?.exchanges.some((e) => e.url.endsWith('/consents'))).toBe(true);
    expect(done).toMatchObject({ phase: 'finished', met: true });
  });

  it('sends the same edit as given: CRLF arrives byte for byte and the bank names the digest mismatch', async () => {
    const run = await paymentAtGate();
    if (run.pending?.kind !== 'request') throw new Error('no request');
    const { method, url, headers, body } = run.pending.request;
    expect(body).not.toContain('\r\n');
    const done = await api.sendStep(run.runId, { method, url, headers, body: crlf(body), resign: false }, 'end');
    const sent = done.steps[0]?.exchanges.at(-1);
    expect(sent?.status).toBe(401);
    expect(sent?.failed).toBe(true);
    expect(sent?.signature?.verdict).toMatchObject({ valid: false, code: 'SIGNATURE_INVALID' });
    expect(sent?.signature?.checks.find((c) => !c.passed)?.id).toMatch(/digest/i);
    const logged = await api.getExchange(sent?.exchangeId as number);
    expect(logged.request.body).toContain('\r\n');
    expect(logged.request.body).toBe(crlf(body));
    // A free step is met whenever it could be made, whatever the bank answered.
    expect(done.steps[0]).toMatchObject({ status: 401, met: true, fromFlow: false });
  });

  it('answers a free step for a PSU of the run, its session obtained first', async () => {
    let run = await api.startRun({ flow: null, institution: 'paris', autoApprove: false });
    expect(run).toMatchObject({ institution: 'paris', nextStep: null, phase: 'ready' });
    run = await api.addFreeStep(run.runId, { operation: 'getAccounts', params: { psu: 'PAR-CREATOR' }, title: 'Accounts of the creator' });
    expect(run.nextStep).toMatchObject({ operation: 'getAccounts', title: 'Accounts of the creator' });
    run = await api.prepareStep(run.runId);
    run = await api.sendStep(run.runId, null, 'end');
    expect(run).toMatchObject({ phase: 'finished', met: true });
    const step = run.steps[0];
    expect(step).toMatchObject({ status: 200, met: true, fromFlow: false });
    const accounts = step?.exchanges.at(-1);
    expect(accounts?.url).toBe('/paris/berlingroup/v1/accounts');
    expect(JSON.parse(accounts?.responseBody ?? '{}').accounts.length).toBeGreaterThan(0);
    expect(step?.exchanges.some((e) => e.actor === 'psuApp')).toBe(true);
    expect(run.psus).toMatchObject({ 'PAR-CREATOR': 'PAR-CREATOR' });
  });
});

describe('refusals', () => {
  it('answers bad input 400, an unknown run or exchange 404 and a request in the wrong phase 409', async () => {
    const post = (path: string, body: string) => call(bank, 'POST', `/simulator/v1${path}`, { headers: json, body });
    expect((await post('/runs', JSON.stringify({ flow: 'sepa-two-authorisations' }))).status).toBe(400);
    expect((await post('/runs', JSON.stringify({ flow: 'no-such-flow', autoApprove: true }))).status).toBe(400);
    expect((await post('/runs', JSON.stringify({ flow: 'sepa-two-authorisations', autoApprove: true, psus: { nobody: 'FRA-CREATOR' } }))).status).toBe(400);
    expect((await post('/runs', 'not json')).status).toBe(400);
    const unknown = await call(bank, 'GET', '/simulator/v1/runs/no-such-run');
    expect(unknown.status).toBe(404);
    expect(unknown.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
    expect((await call(bank, 'GET', '/simulator/v1/exchanges/99999999')).status).toBe(404);
    expect((await call(bank, 'GET', '/simulator/v1/exchanges/abc')).status).toBe(400);

    const run = await api.startRun({ flow: null, autoApprove: true });
    const sent = await post(`/runs/${run.runId}/send`, JSON.stringify({ edit: null, until: 'step' }));
    expect(sent.status).toBe(409);
    expect(sent.body.tppMessages[0].text).toContain('prepare the next step first');
    expect((await post(`/runs/${run.runId}/prepare`, '{}')).status).toBe(409);
    expect((await post(`/runs/${run.runId}/send`, JSON.stringify({ edit: null, until: 'later' }))).status).toBe(400);
    expect((await post(`/runs/${run.runId}/free-steps`, JSON.stringify({ operation: 'noSuchOperation', params: {} }))).status).toBe(400);
    expect((await post(`/runs/${run.runId}/free-steps`, JSON.stringify({ operation: 'getAccounts', params: {} }))).status).toBe(400);
    expect((await post(`/runs/${run.runId}/free-steps`, JSON.stringify({ operation: 'getAccounts', params: { psu: 'NOBODY' } }))).status).toBe(400);
    expect((await post(`/runs/${run.runId}/auto-approve`, JSON.stringify({ on: 'yes' }))).status).toBe(400);
    expect((await post('/runs/import', JSON.stringify({ file: '{"format":"something-else"}' }))).status).toBe(400);

    await api.addFreeStep(run.runId, { operation: 'consentStatus', params: { consentId: 'unknown' } });
    const gated = await api.prepareStep(run.runId);
    expect(gated.phase).toBe('waiting');
    const edit = (headers: Record<string, string>) => JSON.stringify({ edit: { method: 'GET', url: '/x', headers, body: null, resign: false }, until: 'end' });
    expect((await post(`/runs/${run.runId}/send`, edit({ 'content-length': '3' }))).status).toBe(400);
    expect((await post(`/runs/${run.runId}/send`, edit(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`x-h${i}`, 'v']))))).status).toBe(400);
    expect((await post(`/runs/${run.runId}/prepare`, '{}')).status).toBe(409);

    // A reset returns the bank to its dataset; the runs are the user's work and stay.
    expect((await post('/reset', '{}')).status).toBe(200);
    expect((await api.listRuns()).map((r) => r.runId)).toContain(run.runId);

    expect(await status(api.deleteRun(run.runId))).toBe(200);
    expect(await status(api.getRun(run.runId))).toBe(404);
  });
});
