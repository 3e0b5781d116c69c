// Back a step in the presentation view: a run replayed on fresh data only up to a step stays live,
// ready before that step, approving as its source run did from there on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRunState } from '../../preload/api/workbench-api';
import { controlClient, type ControlClient } from '../../shared/control-client';
import { call, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
let api: ControlClient;
let source: FlowRunState;

beforeAll(async () => {
  bank = await startTestBank();
  api = controlClient(bank.url);
  // The PSU decides on the phone in the source run: a replay keeps that from where it stops.
  source = await api.startRun({ flow: 'ais-consent', autoApprove: false });
});
afterAll(async () => {
  await bank.stop();
});

const consentIdOf = (run: FlowRunState): unknown => {
  const created = run.steps.find((s) => s.step.id === 'consent')?.exchanges.find((e) => e.url.endsWith('/consents'));
  return JSON.parse(created?.responseBody ?? '{}').consentId;
};

describe('a replay up to a step', () => {
  it('runs the steps before it on fresh data and stands ready before it, live', async () => {
    const replay = await api.replayRun(source.runId, { untilStep: 6 });
    expect(replay).toMatchObject({ replayOf: source.runId, phase: 'ready', pending: null, met: null, autoApprove: false, nextStep: { id: 'statusAfter' } });
    expect(replay.steps.map((s) => s.step.id)).toEqual(['tppToken', 'consent', 'statusBefore', 'openSca', 'approve']);
    expect(replay.steps.every((s) => s.met)).toBe(true);

    // Live: the next step prepares and sends like any other, on the consent the replay made.
    const prepared = await api.prepareStep(replay.runId);
    expect(prepared.pending).toMatchObject({ kind: 'request', request: { method: 'GET', operation: 'consent-status' } });
    const sent = await api.sendStep(replay.runId, null, 'step');
    expect(sent.steps.at(-1)).toMatchObject({ step: { id: 'statusAfter' }, status: 200, met: true });
    expect(sent.steps.at(-1)?.exchanges[0]?.responseBody).toContain('valid');

    const again = await api.replayRun(source.runId, { untilStep: 3 });
    expect(again.steps).toHaveLength(2);
    expect(consentIdOf(again)).toEqual(expect.any(String));
    expect(consentIdOf(again)).not.toBe(consentIdOf(sent));
  });

  it('stops before a PSU’s decision, which the PSU then makes on the phone', async () => {
    const replay = await api.replayRun(source.runId, { untilStep: 5 });
    expect(replay).toMatchObject({ phase: 'ready', nextStep: { id: 'approve' }, autoApprove: false });
    const waiting = await api.prepareStep(replay.runId);
    expect(waiting.pending).toMatchObject({ kind: 'psu', expected: 'approve' });
  });

  it('stops before the first step with nothing run', async () => {
    const replay = await api.replayRun(source.runId, { untilStep: 1 });
    expect(replay).toMatchObject({ phase: 'ready', steps: [], nextStep: { id: 'tppToken' } });
  });

  it('refuses a step the run does not have, and a body it does not know', async () => {
    const path = `/simulator/v1/runs/${source.runId}/replay`;
    const headers = { 'content-type': 'application/json' };
    const beyond = await call(bank, 'POST', path, { headers, body: JSON.stringify({ untilStep: 14 }) });
    expect(beyond.status).toBe(400);
    expect(JSON.stringify(beyond.body)).toContain('untilStep must be a step of the run: 1 to 13');
    expect((await call(bank, 'POST', path, { headers, body: JSON.stringify({ untilStep: 0 }) })).status).toBe(400);
    expect((await call(bank, 'POST', path, { headers, body: JSON.stringify({ untilStep: 2.5 }) })).status).toBe(400);
    expect((await call(bank, 'POST', path, { headers, body: JSON.stringify({ until: 2 }) })).status).toBe(400);
  });

  it('still replays to the end without a body', async () => {
    const full = await call<FlowRunState>(bank, 'POST', `/simulator/v1/runs/${source.runId}/replay`, { headers: { 'content-type': 'application/json' } });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ phase: 'finished', met: true });
  });
});
