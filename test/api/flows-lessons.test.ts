// The lessons with choices (resources/flows with parameters) through the headless runner against a
// started bank: the close-match lesson meets every step with each choice of its parameters and with the PSU's
// approve and reject alike; the chosen values reach the requests; each lesson, with each outcome of the payee's
// bank, runs live as the Flows screen starts it; `npm run flow -- --param` takes
// them and refuses a value the flow does not offer (exit 2, one line naming the choices).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowFile } from '../../main/flows/library/format';
import { readLibrary } from '../../main/flows/library/library';
import type { RunHooks } from '../../main/flows/runs/recording';
import { describeStep } from '../../main/flows/runs/report';
import { runFlow, type FlowRun } from '../../main/flows/runs/runner';
import { controlClient } from '../../shared/control-client';
import { psuChoices, type PsuSummary } from '../../shared/psu-needs';
import { ParameterError } from '../../main/flows/library/parameters';
import { flowCommand } from '../support/flow-command';
import { call, startTestBank, type TestBank } from '../support/simulator';

const library = readLibrary(join(import.meta.dirname, '..', '..', 'resources', 'flows'));
const flow = (name: string): FlowFile => {
  const found = library.find((f) => f.name === name);
  if (found === undefined) throw new Error(`no flow ${name} in the library`);
  return found;
};

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

/** The PSU decides on the phone as `action`, wherever a step leaves the decision to the PSU. */
const psuWho = (action: 'approve' | 'reject'): RunHooks => ({
  decide: (_journeyId, _expected, decide, either) => decide(either === true ? action : _expected),
});

async function run(name: string, options: { institution?: string; params?: Record<string, string>; hooks?: RunHooks } = {}): Promise<FlowRun> {
  await call(bank, 'POST', '/simulator/v1/reset');
  return runFlow(flow(name), { origin: bank.url, credentials: bank.client, ...options });
}

const printed = (result: FlowRun): string => result.steps.map(describeStep).join('\n');

const LESSONS = [
  'vop-close-match-psu-decides',
  'vop-no-match',
  'vop-payee-bank-silent',
  'sca-timeout-after-opening',
  'sca-timeout-after-start',
  'sca-rejected-payment',
];

describe('the lessons with choices', () => {
  it('are in the library, each with its parameters and plain titles', () => {
    expect(library.map((f) => f.name)).toEqual(expect.arrayContaining(LESSONS));
    expect(flow('vop-close-match-psu-decides').parameters.map((p) => [p.name, p.kind, p.default])).toEqual([
      ['payee', 'payee', 'closeMatch'],
      ['amount', 'amount', '250.00'],
      ['clerk', 'psu', undefined],
      ['signatory', 'psu', undefined],
    ]);
  });

  // With their defaults, at each of their institutions, they run with the rest of the library (flows.test.ts).

  it('the close-match lesson meets every step with each payee outcome, whether the PSU approves or rejects', async () => {
    const payee = flow('vop-close-match-psu-decides').parameters.find((p) => p.name === 'payee');
    for (const outcome of payee?.choices?.map((c) => c.value) ?? []) {
      for (const action of ['approve', 'reject'] as const) {
        const result = await run('vop-close-match-psu-decides', { params: { payee: outcome }, hooks: psuWho(action) });
        expect(result.met, `${outcome}, ${action}:\n${printed(result)}`).toBe(true);
        expect(result.steps.find((s) => s.step.id === 'decide')?.result?.values.action).toBe(action);
        expect(result.steps.at(-1)?.result?.values.txStatuses).toEqual([action === 'approve' ? 'PDNG' : 'PATC']);
      }
    }
  });

  it('the chosen payee and amount are what the payment pays; the run keeps the values it used', async () => {
    const result = await run('vop-close-match-psu-decides', { params: { payee: 'noMatch', amount: '99.95', signatory: 'FRA-SOLO' } });
    expect(result.met, printed(result)).toBe(true);
    expect(result.params).toEqual({ payee: 'noMatch', amount: '99.95', clerk: 'FRA-CLERK', signatory: 'FRA-SOLO' });
    expect(result.steps.find((s) => s.step.id === 'vop')?.result?.values.reasons).toEqual(['NMTC']);
    const registry = (await call(bank, 'GET', '/simulator/v1/vop-registry?institution=frankfurt')).body as {
      payees: { outcome: string; creditorName: string; iban: string }[];
    };
    const noMatch = registry.payees.find((p) => p.outcome === 'noMatch');
    const payments = (await call(bank, 'GET', '/simulator/v1/payments')).body as { paymentId: string; creditors?: unknown }[];
    const paid = JSON.stringify(payments.find((p) => p.paymentId === result.steps.find((s) => s.step.id === 'payment')?.result?.values.paymentId));
    expect(paid).toContain(noMatch?.iban);
    expect(paid).toContain('99.95');
  });

  it('every lesson meets every step with every cast of PSUs its form offers, at each of its institutions', async () => {
    const psus = (await call(bank, 'GET', '/simulator/v1/psus')).body as PsuSummary[];
    const cast = library.filter((f) => f.lesson === true && f.parameters.some((p) => p.kind === 'psu'));
    expect(cast.map((f) => f.name)).toEqual(expect.arrayContaining([...LESSONS, 'ais-consent', 'separation-of-duty']));
    let runs = 0;
    for (const lesson of cast) {
      for (const institution of lesson.institutions) {
        const here = psus.filter((p) => p.institution === institution);
        const values = Object.fromEntries(lesson.parameters.flatMap((p) => (p.default === undefined ? [] : [[p.name, p.default]])));
        // Each role in the form's order, from the PSUs it offers once the roles before it are chosen.
        const casts = (chosen: Record<string, string>): Record<string, string>[] => {
          const role = lesson.parameters.find((p) => p.kind === 'psu' && chosen[p.name] === undefined);
          if (role === undefined) return [chosen];
          const offered = psuChoices(lesson.parameters, here, chosen, values)[role.name] ?? [];
          expect(offered.length, `${lesson.name} at ${institution}: nobody can play ${role.name} with ${JSON.stringify(chosen)}`).toBeGreaterThan(0);
          return offered.flatMap((psu) => casts({ ...chosen, [role.name]: psu.psuId }));
        };
        for (const params of casts({})) {
          const result = await run(lesson.name, { institution, params });
          expect(result.met, `${lesson.name} at ${institution} with ${JSON.stringify(params)}:\n${printed(result)}`).toBe(true);
          runs++;
        }
      }
    }
    expect(runs).toBeGreaterThanOrEqual(cast.length * 4);
  }, 240_000);

  it('offers for separation of duty only the creator and the approvers of each signatory group who can play them', async () => {
    const here = ((await call(bank, 'GET', '/simulator/v1/psus')).body as PsuSummary[]).filter((p) => p.institution === 'frankfurt');
    const { parameters } = flow('separation-of-duty');
    const ids = (role: string, chosen: Record<string, string>): string[] => (psuChoices(parameters, here, chosen, {})[role] ?? []).map((p) => p.psuId);
    expect(here.length).toBe(8);
    expect(ids('creator', {})).toEqual(['FRA-CREATOR']);
    expect(ids('approverA', { creator: 'FRA-CREATOR' })).toEqual(['FRA-APPROVER-A']);
    expect(ids('approverB', { creator: 'FRA-CREATOR' })).toEqual(['FRA-APPROVER-B']);
    expect(ids('psu', {})).toEqual([]);
    expect(psuChoices(flow('ais-consent').parameters, here, {}, {}).psu?.map((p) => p.psuId)).not.toContain('FRA-NOAPP');
  });

  it('the signatory’s limit bounds the amount: up to it the lesson is met, a cent more and nobody can authorise it alone', async () => {
    const solo = ((await call(bank, 'GET', '/simulator/v1/psus')).body as PsuSummary[]).find((p) => p.psuId === 'FRA-SOLO');
    const limit = solo?.approvalLimits.sepa?.amount ?? '';
    expect(limit).toMatch(/^\d+\.\d\d$/);
    const atLimit = await run('sca-rejected-payment', { params: { amount: limit } });
    expect(atLimit.met, printed(atLimit)).toBe(true);
    const above = (Number(limit) + 0.01).toFixed(2);
    await expect(run('sca-rejected-payment', { params: { amount: above } })).rejects.toThrow(
      new ParameterError(`nobody at frankfurt can play “Who authorises the payment” for ${above}: choose a smaller amount`),
    );
  });

  it('a PSU who cannot play a role is refused before anything is sent, naming who can', async () => {
    await expect(run('vop-no-match', { params: { clerk: 'FRA-SOLO' } })).rejects.toThrow(
      new ParameterError('FRA-SOLO cannot play “Who prepares the payment” in this lesson; choose FRA-CLERK'),
    );
    await expect(run('vop-no-match', { params: { signatory: 'FRA-APPROVER-A' } })).rejects.toThrow(
      new ParameterError('FRA-APPROVER-A cannot play “Who authorises the payment” in this lesson; choose FRA-SOLO'),
    );
    const before = (await call(bank, 'GET', '/simulator/v1/payments')).body as unknown[];
    expect(before).toEqual([]);
  });

  it('an unmet byValue case says which value picked it, values once-quoted', async () => {
    const changed = structuredClone(flow('sca-rejected-payment'));
    const after = changed.steps.find((s) => s.id === 'after');
    if (after === undefined) throw new Error('no step after');
    after.expect = { status: 200, fields: { 'values.txStatuses': { byValue: { of: 'steps.decide.values.action', cases: { reject: ['PDNG'] } } } } };
    await call(bank, 'POST', '/simulator/v1/reset');
    const result = await runFlow(changed, { origin: bank.url, credentials: bank.client });
    expect(result.steps.at(-1)?.unmet).toEqual([
      { field: 'values.txStatuses', expected: '["PDNG"] (as steps.decide.values.action is "reject")', actual: '["PATC"]' },
    ]);
  });
});

describe('a live run of the lesson (the Flows screen)', () => {
  // The matrix test/ui/flow-parameters.test.ts ran in Chromium, here through the control API the screen calls (Start
  // with the form's choices, "Run to the end", approving on the PSUs' behalf); Chromium keeps one run of each kind.
  it('runs each lesson live with its choices, met: every outcome of the payee’s bank, and each lesson with its defaults', async () => {
    await call(bank, 'POST', '/simulator/v1/reset');
    const client = controlClient(bank.url);
    const runLive = async (name: string, choices: Record<string, string>): Promise<void> => {
      const started = await client.startRun({ flow: name, params: choices, autoApprove: true });
      await client.prepareStep(started.runId);
      let run = await client.sendStep(started.runId, null, 'end');
      for (let i = 0; i < 600 && run.phase !== 'finished'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        run = await client.getRun(started.runId);
      }
      const unmet = run.steps.filter((s) => !s.met).map((s) => `${s.step.id}: ${s.error ?? JSON.stringify(s.unmet)}`);
      expect({ phase: run.phase, met: run.met, unmet }, `${name} ${JSON.stringify(choices)}`).toEqual({ phase: 'finished', met: true, unmet: [] });
      expect(run.params).toMatchObject(choices);
    };
    const lessons = (await client.listFlows()).filter((f) => (f.parameters ?? []).length > 0);
    expect(lessons.map((f) => f.name).sort()).toEqual([...LESSONS, 'ais-consent', 'separation-of-duty'].sort());
    const outcomes = lessons.find((f) => f.name === 'vop-close-match-psu-decides')?.parameters.find((p) => p.name === 'payee')?.choices ?? [];
    expect(outcomes.map((c) => c.value)).toEqual(['match', 'closeMatch', 'noMatch', 'notApplicable', 'timeout', 'serviceUnavailable']);
    for (const { value } of outcomes) await runLive('vop-close-match-psu-decides', { payee: value });
    for (const lesson of lessons.filter((f) => f.name !== 'vop-close-match-psu-decides')) await runLive(lesson.name, {});
  }, 120_000);

  it('keeps its choices, waits for the PSU with either decision expected, and meets every step after a rejection on the phone', async () => {
    await call(bank, 'POST', '/simulator/v1/reset');
    const client = controlClient(bank.url);
    const started = await client.startRun({ flow: 'vop-close-match-psu-decides', params: { payee: 'match', amount: '10.00' }, autoApprove: false });
    expect(started.params).toEqual({ payee: 'match', amount: '10.00', clerk: 'FRA-CLERK', signatory: 'FRA-SOLO' });
    await client.prepareStep(started.runId);
    let run = await client.sendStep(started.runId, null, 'end');
    // The run approves the PSUs' consents itself (onPhone false): it waits on the phone only for the payment, where the signatory may approve or reject, and rejects.
    const decisions: string[] = [];
    let psuChose = 0;
    for (let i = 0; i < 200 && run.phase !== 'finished'; i++) {
      const pending = run.pending;
      if (pending?.kind === 'psu' && !decisions.includes(pending.journeyId)) {
        decisions.push(pending.journeyId);
        if (pending.either === true) {
          psuChose++;
          expect(pending).toMatchObject({ psuId: 'FRA-SOLO', expected: 'approve', role: 'signatory' });
        }
        await client.actOnJourney(pending.journeyId, pending.either === true ? 'reject' : 'approve');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = await client.getRun(started.runId);
    }
    expect(psuChose).toBe(1);
    expect(decisions).toHaveLength(1);
    expect(run.steps.find((s) => s.step.id === 'decide')?.exchanges.at(-1)?.requestBody).toBe('{"action":"reject"}');
    expect(run.steps.filter((s) => !s.met).map((s) => `${s.step.id}: ${s.error ?? JSON.stringify(s.unmet)}`)).toEqual([]);
    expect(run.met).toBe(true);
    const replay = await client.replayRun(started.runId);
    expect(replay.params).toEqual(run.params);
    expect(replay.met).toBe(true);
  });
});

describe('a run kept before flows had parameters', () => {
  it('opens with none chosen and replays', async () => {
    const client = controlClient(bank.url);
    const kept = await client.startRun({ flow: 'funds-confirmation', autoApprove: true });
    // As an older workbench kept it (no params, a flow without the field), under a run id this simulator never started.
    const oldId = `${kept.runId}-old`;
    const db = new Database(join(bank.dataDir, 'workbench.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const row = db.prepare('SELECT summary, record FROM flow_runs WHERE run_id = ?').get(kept.runId) as { summary: string; record: string };
      const record = JSON.parse(row.record) as { runId: string; params?: unknown; flow: { parameters?: unknown } };
      delete record.params;
      delete record.flow.parameters;
      db.prepare('INSERT INTO flow_runs (run_id, summary, record) VALUES (?, ?, ?)').run(
        oldId,
        JSON.stringify({ ...JSON.parse(row.summary), runId: oldId }),
        JSON.stringify({ ...record, runId: oldId }),
      );
    } finally {
      db.close();
    }
    const old = await call(bank, 'GET', `/simulator/v1/runs/${oldId}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ runId: oldId, params: {}, flow: { parameters: [] } });
    expect((await client.replayRun(oldId)).met).toBe(true);
  });

  it('a run kept before parameters had labels opens with each title as its label', async () => {
    const client = controlClient(bank.url);
    const kept = await client.startRun({ flow: 'vop-no-match', autoApprove: true });
    const oldId = `${kept.runId}-unlabelled`;
    const db = new Database(join(bank.dataDir, 'workbench.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const row = db.prepare('SELECT summary, record FROM flow_runs WHERE run_id = ?').get(kept.runId) as { summary: string; record: string };
      const record = JSON.parse(row.record) as { flow: { parameters: { label?: string; help?: string; title?: string }[] } };
      for (const parameter of record.flow.parameters) {
        parameter.title = parameter.label;
        delete parameter.label;
        delete parameter.help;
      }
      db.prepare('INSERT INTO flow_runs (run_id, summary, record) VALUES (?, ?, ?)').run(
        oldId,
        JSON.stringify({ ...JSON.parse(row.summary), runId: oldId }),
        JSON.stringify({ ...record, runId: oldId }),
      );
    } finally {
      db.close();
    }
    const old = await client.getRun(oldId);
    expect(old.flow.parameters.map((p) => p.label)).toEqual(['How much the payment is for (euro)', 'Who prepares the payment', 'Who authorises the payment']);
    expect(JSON.stringify(old.flow)).not.toContain('"title":"How much');
  });
});

describe('npm run flow --param', () => {
  it('runs a lesson with the chosen values (exit 0) and names them at the start', async () => {
    const { code, output } = await flowCommand(['vop-close-match-psu-decides', '--param', 'payee=match', '--param', 'amount=12.50', '--base', bank.url]);
    expect(output).toMatch(/^vop-close-match-psu-decides: .* at frankfurt \(.*\) with payee=match, amount=12\.50$/m);
    // A match leaves out the step that waits out an unanswered name check (its `when`).
    expect(output).toContain('All 9 steps met their expectations.');
    expect(code).toBe(0);
  }, 60_000);

  it('a value the flow does not offer, or a parameter it has not, is a usage error naming the choices (exit 2)', async () => {
    const bad = await flowCommand(['vop-close-match-psu-decides', '--param', 'payee=maybe']);
    expect(bad.output.trim()).toBe('--param: payee must be one of match, closeMatch, noMatch, notApplicable, timeout, serviceUnavailable (got "maybe")');
    expect(bad.code).toBe(2);
    const miscast = await flowCommand(['sca-timeout-after-start', '--param', 'clerk=FRA-CREATOR']);
    expect(miscast.output.trim()).toBe('FRA-CREATOR cannot play “Who prepares the payment” in this lesson; choose FRA-CLERK');
    expect(miscast.code).toBe(2);
    const unknown = await flowCommand(['vop-no-match', '--param', 'colour=red']);
    expect(unknown.output.trim()).toBe('--param: vop-no-match has no parameter colour (its parameters: amount, clerk, signatory)');
    expect(unknown.code).toBe(2);
  }, 60_000);
});
