// Fault rules as flow steps (docs/testing-your-tpp.md#in-a-flow): an addFault step sets a rule through
// the control API and gives its id to later steps, clearFaults removes it (or every rule), and no rule a run added
// outlives the run: runFlow, a flow's live run (the Flows screen, `flow --json`) and a stopped run remove theirs at
// the end; the composer's free requests keep theirs while their run is live.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FlowFile } from '../../main/flows/library/format';
import { controlJson } from '../support/control';
import { parseFlow } from '../../main/flows/library/validate';
import type { FlowRunRecord, FlowRunSummary, RunArchive } from '../../main/flows/run-record';
import { LiveRun } from '../../main/flows/runs/live-run';
import { runFlow, type FlowRun } from '../../main/flows/runs/runner';
import { startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());
afterEach(async () => {
  await fetch(`${bank.url}/simulator/v1/faults`, { method: 'DELETE' });
});

const control = (method: string, path: string, body?: unknown) => controlJson(bank, method, path, body);
const ruleIds = async (): Promise<number[]> => ((await control('GET', '/faults')).body as { id: number }[]).map((r) => r.id);

const step = (id: string, operation: string, params: Record<string, unknown>, expect: Record<string, unknown>) => ({
  id,
  title: id,
  explanation: `The ${id} step.`,
  spec: 'Controlled status retrieval',
  operation,
  params,
  expect,
});
const flowOf = (steps: unknown[]): FlowFile =>
  parseFlow({
    formatVersion: 1,
    name: 'fault-steps',
    title: 'Fault steps',
    description: 'For the tests.',
    institutions: ['frankfurt'],
    psus: { creator: 'CREATOR' },
    steps,
  });

/** A PSU session and a payment: what a status read needs. */
const payment = [
  step('session', 'psuSession', { psu: 'creator' }, { status: 200 }),
  step('pay', 'createPayment', { psu: 'creator', product: SEPA }, { status: 201 }),
];
const statusRead = (id: string, expect: Record<string, unknown>) =>
  step(id, 'paymentStatus', { psu: 'creator', product: SEPA, paymentId: '${steps.pay.values.paymentId}' }, expect);
/** From now on every status read at the run's institution answers 503, until the rule goes. */
const maintenance = step(
  'maintenance',
  'addFault',
  {
    match: { operation: 'payment-status', institution: '${institution}' },
    action: { status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: 5 },
    note: 'a lesson',
  },
  { status: 201, fields: { 'values.faultId': { present: true }, 'body.note': 'a lesson' } },
);

const run = (flow: FlowFile): Promise<FlowRun> => runFlow(flow, { origin: bank.url, credentials: bank.client });
const unmet = (done: FlowRun): string =>
  JSON.stringify(done.steps.filter((s) => !s.met).map((s) => ({ step: s.step.id, error: s.error, unmet: s.unmet, status: s.result?.status })));

describe('addFault and clearFaults in a flow file', () => {
  it('a status read after an addFault step gets the injected 503, marked with its rule; the run leaves no rule behind', async () => {
    const trainers = (await control('POST', '/faults', { match: { operation: 'consent-delete' }, action: { status: 500 } })).body.id as number;
    const done = await run(
      flowOf([
        ...payment,
        maintenance,
        statusRead('read', {
          status: 503,
          fields: {
            'body.tppMessages[0].code': 'SERVICE_UNAVAILABLE',
            'headers.retry-after': '5',
            'headers.psd2-workbench-fault': { matches: '^rule \\d+: 503' },
          },
        }),
      ]),
    );
    expect(done.met, unmet(done)).toBe(true);
    const faultId = done.steps[2]?.result?.values.faultId as number;
    expect(done.steps[3]?.result?.headers['psd2-workbench-fault']).toMatch(new RegExp(`^rule ${faultId}: `));
    // The run's rule is gone; the one set outside the run stays.
    expect(await ruleIds()).toEqual([trainers]);
    // The log holds the injected answer under the rule's id.
    const injected = (await control('GET', `/exchanges?fault=${faultId}`)).body as { url: string; response: { status: number } }[];
    expect(injected.map((e) => [e.url, e.response.status])).toEqual([[expect.stringMatching(/\/status$/), 503]]);
  });

  it('clearFaults removes the rule an earlier step added (by its id), then the status reads are the bank’s own', async () => {
    const done = await run(
      flowOf([
        ...payment,
        maintenance,
        statusRead('during', { status: 503 }),
        step('lifted', 'clearFaults', { faultId: '${steps.maintenance.values.faultId}' }, { status: 204 }),
        statusRead('after', { status: 200 }),
      ]),
    );
    expect(done.met, unmet(done)).toBe(true);
    expect(await ruleIds()).toEqual([]);
  });

  it('clearFaults without an id removes every rule of the bank, those set outside the run too', async () => {
    await control('POST', '/faults', { match: { operation: 'consent-delete' }, action: { status: 500 } });
    const done = await run(flowOf([...payment, maintenance, step('all', 'clearFaults', {}, { status: 204 }), statusRead('read', { status: 200 })]));
    expect(done.met, unmet(done)).toBe(true);
    expect(await ruleIds()).toEqual([]);
  });

  it('a run that stops at an unmet step removes its rules all the same', async () => {
    const done = await run(flowOf([...payment, maintenance, statusRead('read', { status: 200 }), step('never', 'clearFaults', {}, { status: 204 })]));
    expect(done.met).toBe(false);
    expect(done.steps.map((s) => s.step.id)).toEqual(['session', 'pay', 'maintenance', 'read']);
    expect(await ruleIds()).toEqual([]);
  });

  it('a body the API would refuse fails the step with the API’s words (a reference resolved to the wrong type)', async () => {
    const flow = flowOf([
      step('clock', 'advanceClock', { duration: 'PT1S' }, { status: 200 }),
      step('bad', 'addFault', { match: { operation: 'payment-status' }, action: { status: 503 }, note: '${steps.clock.body.paused}' }, { status: 201 }),
    ]);
    const done = await run(flow);
    expect(done.met).toBe(false);
    expect(done.steps[1]?.result?.status).toBe(400);
    expect(JSON.stringify(done.steps[1]?.result?.body)).toContain('note must be a text');
  });
});

/** The Flows screen's keeping of runs, reduced to memory. */
class MemoryArchive implements RunArchive {
  readonly runs = new Map<string, FlowRunRecord>();
  save(run: FlowRunRecord): void {
    this.runs.set(run.runId, run);
  }
  get(runId: string): FlowRunRecord | undefined {
    return this.runs.get(runId);
  }
  list(): FlowRunSummary[] {
    return [];
  }
  delete(runId: string): boolean {
    return this.runs.delete(runId);
  }
}

const liveRun = async (flow: FlowFile, free: boolean): Promise<LiveRun> => {
  const record: FlowRunRecord = {
    runId: randomUUID(),
    flow,
    free,
    institution: 'frankfurt',
    psus: {},
    params: {},
    autoApprove: true,
    pauseClock: false,
    phase: 'ready',
    steps: [],
    nextStep: null,
    current: [],
    pending: null,
    met: null,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    replayOf: null,
    imported: false,
    freeSteps: [],
  };
  return LiveRun.start(record, { origin: bank.url, tls: null }, bank.client, new MemoryArchive());
};

describe('live runs', () => {
  it('a flow’s live run (the Flows screen) removes its rules when its last step is done', async () => {
    const live = await liveRun(flowOf([...payment, maintenance, statusRead('read', { status: 503 })]), false);
    await live.runToEnd();
    expect(live.record.phase).toBe('finished');
    expect(live.record.met).toBe(true);
    expect(await ruleIds()).toEqual([]);
  });

  it('the composer’s free requests keep their rule while their run is live; stopping the run (deleted, New class) removes it', async () => {
    const live = await liveRun(flowOf([maintenance]), true);
    await live.runToEnd();
    expect(live.record.phase).toBe('finished');
    const [faultId] = await ruleIds();
    expect(faultId).toBeDefined();
    live.stop();
    await expect.poll(ruleIds, { timeout: 5_000 }).toEqual([]);
  });
});
