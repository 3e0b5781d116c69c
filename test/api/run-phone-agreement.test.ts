// The phone and the run agree: the PSU opening the SCA link or deciding in any window (here the control
// API, as the Phone screen, a second browser window and automation do) is the run's step, made at once,
// with the real exchange, its timing and what it changed in the bank.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRunState, FlowExchange } from '../../preload/api/workbench-api';
import { controlClient, type ControlClient } from '../../shared/control-client';
import { startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
let api: ControlClient;

beforeAll(async () => {
  bank = await startTestBank();
  api = controlClient(bank.url);
});
afterAll(() => bank.stop());

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Steps the run (approving on the PSU's behalf) until it is ready with `stepId` next. */
async function readyBefore(start: FlowRunState, stepId: string): Promise<FlowRunState> {
  let run = start;
  for (let i = 0; i < 200 && !(run.phase === 'ready' && run.nextStep?.id === stepId); i++) {
    run = run.phase === 'ready' ? await api.prepareStep(run.runId) : await api.sendStep(run.runId, null, 'step');
  }
  if (run.nextStep?.id !== stepId) throw new Error(`the run did not get to ${stepId}; it is ${run.phase}`);
  return run;
}

/** Waits, without pressing anything, until the run has made `stepId` by itself. */
async function madeByItself(runId: string, stepId: string): Promise<FlowRunState> {
  for (let i = 0; i < 200; i++) {
    const run = await api.getRun(runId);
    if (run.steps.some((s) => s.step.id === stepId) && run.phase !== 'running') return run;
    await sleep(20);
  }
  throw new Error(`the run did not make ${stepId} by itself`);
}

const stepOf = (run: FlowRunState, stepId: string) => {
  const step = run.steps.find((s) => s.step.id === stepId);
  if (step === undefined) throw new Error(`no step ${stepId}`);
  return step;
};

/** The SCA link the step's last answer (a start of authorisation) handed out. */
const linkOf = (run: FlowRunState, stepId: string): { href: string; journeyId: string } => {
  const href = JSON.parse(stepOf(run, stepId).exchanges.at(-1)?.responseBody ?? '{}')._links.scaRedirect.href as string;
  return { href, journeyId: href.split('/').pop() as string };
};

/** What only a real exchange has: the headers the server and the client actually sent. */
async function expectRealDecision(exchange: FlowExchange | undefined, journeyId: string): Promise<void> {
  const kept = (await (await fetch(`${bank.url}/simulator/v1/sca/${journeyId}/decision`)).json()) as { at: string; durationMs: number };
  expect(exchange).toMatchObject({
    actor: 'psuApp',
    method: 'POST',
    url: `/simulator/v1/sca/${journeyId}`,
    status: 200,
    requestBody: '{"action":"approve"}',
    at: kept.at,
    durationMs: Math.round(kept.durationMs),
  });
  expect(exchange?.responseHeaders['content-length']).toBeDefined();
  expect(exchange?.requestHeaders.host).toBeDefined();
  expect(JSON.parse(exchange?.responseBody ?? '{}')).toMatchObject({ journeyId, status: 'finalised', outcome: 'approved' });
}

describe('the PSU acts in another window; the run makes its step from the bank', () => {
  it('opening the link on the phone is the run’s “browser opens the SCA link” step, at the gate and before it is prepared', async () => {
    let run = await readyBefore(await api.startRun({ flow: 'sepa-two-authorisations', autoApprove: true }), 'firstOpen');
    const first = linkOf(run, 'firstStart');
    run = await api.prepareStep(run.runId);
    expect(run.pending).toMatchObject({ kind: 'request', request: { operation: 'sca-open' } });
    // The phone's Open link: the browser's GET of the link (single use).
    expect((await fetch(first.href)).status).toBe(200);
    run = await madeByItself(run.runId, 'firstOpen');
    const opened = stepOf(run, 'firstOpen');
    expect(opened).toMatchObject({ met: true, status: 200 });
    expect(opened.exchanges).toHaveLength(1);
    expect(opened.exchanges[0]).toMatchObject({ actor: 'psuBrowser', method: 'GET', url: `/sca/${first.journeyId}`, status: 200, failed: false });
    expect(opened.exchanges[0]?.exchangeId).toBeGreaterThan(0);
    expect(run).toMatchObject({ phase: 'ready', nextStep: { id: 'firstApprove' } });

    run = await readyBefore(run, 'secondOpen');
    const second = linkOf(run, 'secondStart');
    expect((await fetch(second.href)).status).toBe(200);
    run = await madeByItself(run.runId, 'secondOpen');
    expect(stepOf(run, 'secondOpen')).toMatchObject({
      met: true,
      status: 200,
      exchanges: [expect.objectContaining({ method: 'GET', url: `/sca/${second.journeyId}`, status: 200 })],
    });
    expect(run.nextStep?.id).toBe('secondApprove');
  });

  it('a decision through the control API while the run is ready with the decision next: the step at once, with the real exchange', async () => {
    let run = await readyBefore(await api.startRun({ flow: 'sepa-two-authorisations', autoApprove: true }), 'secondApprove');
    const { journeyId } = linkOf(run, 'secondStart');
    // As a window of the UI sends it, with its control cookie: the credential stays out of the run.
    const sent = await fetch(`${bank.url}/simulator/v1/sca/${journeyId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'psd2wb-control=secret' },
      body: '{"action":"approve"}',
    });
    expect(sent.status).toBe(200);
    run = await madeByItself(run.runId, 'secondApprove');
    const step = stepOf(run, 'secondApprove');
    expect(step).toMatchObject({ met: true, status: 200 });
    expect(step.exchanges).toHaveLength(1);
    expect(step.exchanges[0]?.requestHeaders.cookie).toBeUndefined();
    await expectRealDecision(step.exchanges[0], journeyId);
    // What the decision changed, though it was made before the run made its step.
    const paymentId = JSON.parse(stepOf(run, 'payment').exchanges.at(-1)?.responseBody ?? '{}').paymentId as string;
    expect(step.changes).toContainEqual({ kind: 'payment', id: paymentId, before: 'PATC', after: 'PDNG' });
    expect(run).toMatchObject({ phase: 'ready', nextStep: { id: 'afterSecond' } });
  });

  it('a decision through the control API while the run waits for the PSU: the real exchange and what it changed', async () => {
    let run = await readyBefore(await api.startRun({ flow: 'sepa-two-authorisations', autoApprove: true }), 'secondApprove');
    run = await api.setAutoApprove(run.runId, false);
    run = await api.prepareStep(run.runId);
    if (run.pending?.kind !== 'psu') throw new Error(`the run does not wait for the PSU; it is ${run.phase}`);
    const { journeyId } = run.pending;
    await api.actOnJourney(journeyId, 'approve');
    run = await madeByItself(run.runId, 'secondApprove');
    const step = stepOf(run, 'secondApprove');
    expect(step).toMatchObject({ met: true, status: 200 });
    await expectRealDecision(step.exchanges[0], journeyId);
    const paymentId = JSON.parse(stepOf(run, 'payment').exchanges.at(-1)?.responseBody ?? '{}').paymentId as string;
    expect(step.changes).toContainEqual({ kind: 'payment', id: paymentId, before: 'PATC', after: 'PDNG' });
  });
});
