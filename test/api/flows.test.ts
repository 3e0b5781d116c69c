// The flow library (resources/flows) through the runner against started banks, one per behaviour:
// every flow at each of its institutions meets every expectation in its behaviour and is refused in
// the other; a wrong expectation is reported and fails the run; the headless command lists the
// library and exits non-zero on an unmet step.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowFile } from '../../main/flows/library/format';
import { readLibrary } from '../../main/flows/library/library';
import { runsFor } from '../../main/flows/library/step-choices';
import { FlowRunner, runFlow, type FlowRun } from '../../main/flows/runs/runner';
import { describeStep } from '../../main/flows/runs/report';
import { flowCommand } from '../support/flow-command';
import { call, startTestBank, type TestBank } from '../support/simulator';

const library = readLibrary(join(import.meta.dirname, '..', '..', 'resources', 'flows'));

let bank: TestBank;
let sandbox: TestBank;
beforeAll(async () => {
  [bank, sandbox] = await Promise.all([startTestBank(), startTestBank({ mode: 'sandbox' })]);
});
afterAll(() => Promise.all([bank.stop(), sandbox.stop()]));

/** The lessons that break a rule of conduct on purpose, and the rules they break. */
const BREACHES_SHOWN: Record<string, string[]> = { 'temporary-error-read-again': ['temporary-error-treated-as-rejection'] };

/** The bank in the flow's behaviour. */
const bankFor = (flow: FlowFile): TestBank => (flow.behaviour === 'sandbox' ? sandbox : bank);

const run = (flow: FlowFile, institution?: string): Promise<FlowRun> =>
  runFlow(flow, { origin: bankFor(flow).url, credentials: bankFor(flow).client, institution });

/** What the runner would print, so a failure shows the step and the unmet expectation. */
const printed = (result: FlowRun): string => result.steps.map(describeStep).join('\n');

describe('every library flow', () => {
  it('has the flows the Flows screen offers', () => {
    expect(library.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'ais-consent',
        'consent-rejected',
        'sepa-two-authorisations',
        'separation-of-duty',
        'cancellation',
        'funds-confirmation',
        'signing-basket',
        'consent-expiry',
        'token-refresh',
        'bulk-mixed-vop',
        'signature-body-changed',
        'signature-header-left-out',
        'signature-request-target',
        'signature-other-certificate',
        'vop-timeout',
        'london-chaps-payment',
        'london-faster-payment',
        'vop-close-match-psu-decides',
        'vop-no-match',
        'vop-payee-bank-silent',
        'sca-timeout-after-opening',
        'sca-timeout-after-start',
        'sca-rejected-payment',
        'temporary-error-read-again',
        'sandbox-ais-consent',
        'sandbox-payment',
        'sandbox-london-payment',
        'sandbox-signing-basket',
        'sandbox-funds-confirmation',
      ]),
    );
  });

  it('has flows of both behaviours', () => {
    expect(new Set(library.map((f) => f.behaviour))).toEqual(new Set(['simulation', 'sandbox']));
  });

  for (const flow of library) {
    it(`${flow.name} meets every expectation at ${flow.institutions.join(', ')}`, async () => {
      for (const institution of flow.institutions) {
        await call(bankFor(flow), 'POST', '/simulator/v1/reset');
        const since = new Date().toISOString();
        const result = await run(flow, institution);
        expect(result.met, `${institution}:\n${printed(result)}`).toBe(true);
        // Every step its default choices run (a step for other choices only, its `when`, is left out).
        expect(result.steps).toHaveLength(result.flow.steps.length);
        expect(result.flow.steps).toEqual(flow.steps.filter((step) => runsFor(step, result.params)));
        // The built-in TPP keeps the spec's rules of conduct; a lesson that shows a breach leaves exactly its own.
        const conduct = (await call(bankFor(flow), 'GET', `/simulator/v1/conduct?since=${since}`)).body as { findings: { rule: string; text: string }[] };
        expect(
          conduct.findings.map((f) => f.rule),
          `${institution}: ${conduct.findings.map((f) => f.text).join('\n')}`,
        ).toEqual(BREACHES_SHOWN[flow.name] ?? []);
      }
    });
  }
});

/** The AIS flow with one expectation changed: consent status "valid" right after creation. */
function withWrongExpectation(): FlowFile {
  const flow = structuredClone(library.find((f) => f.name === 'ais-consent') as FlowFile);
  const consent = flow.steps.find((s) => s.id === 'consent');
  if (!consent) throw new Error('ais-consent has no consent step');
  consent.expect = { status: 201, fields: { 'body.consentStatus': 'valid' } };
  return { ...flow, name: 'ais-consent-wrong' };
}

describe('step by step, as the Flows screen runs a flow', () => {
  it('next() runs one step at a time, each with the exchanges it made, until none is left', async () => {
    const flow = library.find((f) => f.name === 'consent-rejected') as FlowFile;
    const runner = await FlowRunner.start(flow, { origin: bank.url, credentials: bank.client, institution: 'brussels' });
    expect(runner.psus).toEqual({ psu: 'BRU-AISONLY' });
    expect(runner.nextStep?.id).toBe('consent');
    const first = await runner.next();
    expect(first).toMatchObject({ number: 1, met: true, result: { status: 201 } });
    expect(first.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /brussels/oauth/v1/token', 'POST /brussels/berlingroup/v1/consents']);
    expect(runner.nextStep?.id).toBe('open');
    while (runner.nextStep !== null) await runner.next();
    expect(runner.run()).toMatchObject({ met: true, institution: 'brussels' });
    await expect(runner.next()).rejects.toThrow(/no step left/);
  });
});

describe('choosing PSUs', () => {
  it('a role takes the chosen PSU of the institution in place of the default', async () => {
    const flow = library.find((f) => f.name === 'funds-confirmation') as FlowFile;
    const result = await runFlow(flow, { origin: bank.url, credentials: bank.client, psuIds: { creator: 'FRA-SOLO' } });
    expect(result.psus).toEqual({ creator: 'FRA-SOLO' });
    expect(result.met, printed(result)).toBe(true);
  });

  it('a role the flow lacks, or a PSU of another institution, is refused', async () => {
    const flow = library.find((f) => f.name === 'funds-confirmation') as FlowFile;
    await expect(runFlow(flow, { origin: bank.url, credentials: bank.client, psuIds: { approver: 'FRA-SOLO' } })).rejects.toThrow(/no PSU role approver/);
    await expect(runFlow(flow, { origin: bank.url, credentials: bank.client, psuIds: { creator: 'PAR-SOLO' } })).rejects.toThrow(
      /PAR-SOLO, chosen for the role creator, is no PSU of frankfurt/,
    );
  });
});

describe("the simulator's behaviour", () => {
  it('a flow is refused (no run, not a failed step) where the mode is not its behaviour, naming the switch', async () => {
    const sandboxFlow = library.find((f) => f.name === 'sandbox-ais-consent') as FlowFile;
    const simulationFlow = library.find((f) => f.name === 'ais-consent') as FlowFile;
    await expect(runFlow(sandboxFlow, { origin: bank.url, credentials: bank.client })).rejects.toThrow(
      `sandbox-ais-consent is a sandbox flow, but the simulator at ${bank.url} runs in simulation mode: switch it with POST /simulator/v1/mode {"mode":"sandbox"}`,
    );
    await expect(runFlow(simulationFlow, { origin: sandbox.url, credentials: sandbox.client })).rejects.toThrow(
      /ais-consent is a simulation flow, but .* runs in sandbox mode: switch it with POST \/simulator\/v1\/mode \{"mode":"simulation"\}/,
    );
  });
});

describe('an unmet expectation', () => {
  it('fails the run at that step, names the field, and runs nothing after it', async () => {
    const result = await run(withWrongExpectation());
    expect(result.met).toBe(false);
    const last = result.steps.at(-1);
    expect(last?.step.id).toBe('consent');
    expect(last?.unmet).toEqual([{ field: 'body.consentStatus', expected: '"valid"', actual: '"received"' }]);
    expect(result.steps).toHaveLength(2);
  });

  it('a wrong HTTP status fails too', async () => {
    const flow = structuredClone(library.find((f) => f.name === 'funds-confirmation') as FlowFile);
    (flow.steps[1] as FlowFile['steps'][number]).expect = { status: 201 };
    const result = await run(flow);
    expect(result.met).toBe(false);
    expect(result.steps.at(-1)?.unmet[0]).toMatchObject({ field: 'status', expected: '201' });
  });

  it('an institution the flow does not run at is refused', async () => {
    const flow = library.find((f) => f.name === 'bulk-mixed-vop') as FlowFile;
    await expect(run(flow, 'atlantis')).rejects.toThrow(/not at atlantis/);
  });
});

describe('npm run flow', () => {
  it('--list prints the library names, one per line', async () => {
    const { code, output } = await flowCommand(['--list']);
    expect(code).toBe(0);
    expect(output.trim().split('\n')).toEqual(library.map((f) => f.name));
  }, 60_000);

  it("without --base starts its own simulator in the flow's behaviour: a sandbox flow runs to the end", async () => {
    const { code, output } = await flowCommand(['sandbox-funds-confirmation', '--institution', 'london']);
    expect(output).toContain('All 4 steps met their expectations.');
    expect(code).toBe(0);
  }, 60_000);

  it('runs a flow file against a running bank (--base): each step printed, exit 1 at the unmet expectation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-flow-'));
    const file = join(dir, 'wrong.json');
    writeFileSync(file, JSON.stringify(withWrongExpectation()));
    try {
      const { code, output } = await flowCommand([file, '--base', bank.url, '--institution', 'paris']);
      expect(output).toMatch(/^ais-consent-wrong: .* at paris \(psu PAR-AISONLY\)$/m);
      expect(output).toMatch(/^ 1\. ✓ The provider identifies itself to the bank \[tpp\] POST \/paris\/oauth\/v1\/token → 200$/m);
      expect(output).toContain('✗ body.consentStatus: expected "valid", got "received"');
      expect(code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
