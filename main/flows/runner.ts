import type { SigningKey } from '../domain/signing/sign';
import type { TppCredentials } from '../tpp/credentials';
import { sendHttp } from '../tpp/http';
import { ACTIONS, type RunContext } from './actions';
import { checkBehaviour } from './behaviour';
import { Params } from './params';
import { unmetExpectations, type UnmetExpectation } from './expectations';
import type { Expectation, FlowFile, FlowStep, FlowValue } from './format';
import { RecordingBankControl, RecordingTppClient, ExchangeRecord } from './recording';
import { resolveReferences } from './references';
import type { StepRequest, StepResult } from './result';
import { resolvePsus, type DatasetPsu } from './psus';

export interface FlowRunOptions {
  /** The simulator's origin, e.g. http://127.0.0.1:4646. */
  origin: string;
  /** The TPP application the flow runs as. */
  credentials: TppCredentials;
  /** One of the flow's institutions; default its first. */
  institution?: string | undefined;
  /** psuId by role, in place of the flow's defaults (any PSU of the institution). */
  psuIds?: Record<string, string> | undefined;
  /** Told once the PSUs are known, before the first step. */
  onStart?: (run: Pick<FlowRun, 'flow' | 'institution' | 'psus'>) => void;
  /** Told of each step as soon as it has run, for live output. */
  onStep?: (outcome: StepOutcome) => void;
}

export interface StepOutcome {
  /** 1-based. */
  number: number;
  step: FlowStep;
  /** Every HTTP exchange the step made, in order. */
  requests: StepRequest[];
  /** null when the step could not be made (a reference to nothing, a PSU without a session). */
  result: StepResult | null;
  unmet: UnmetExpectation[];
  /** Why the step could not be made. */
  error: string | null;
  met: boolean;
}

export interface FlowRun {
  flow: FlowFile;
  institution: string;
  /** psuId by role. */
  psus: Record<string, string>;
  /** The steps run; a run stops at the first step that does not meet its expectation. */
  steps: StepOutcome[];
  met: boolean;
}

/**
 * A flow being run step by step against a started simulator, as the built-in TPP, acting for the
 * PSUs in the bank's app and as the operator through the control API. The Flows screen calls
 * `next()` per step; runFlow runs them all. It stops at the first unmet step: what follows builds on it.
 */
export class FlowRunner {
  private readonly outcomes: StepOutcome[] = [];
  private readonly results: Record<string, StepResult> = {};

  private constructor(
    readonly flow: FlowFile,
    private readonly ctx: RunContext,
    private readonly record: ExchangeRecord,
  ) {}

  /** Checks the institution and the simulator's behaviour and finds the PSUs; no step runs yet. */
  static async start(flow: FlowFile, options: FlowRunOptions): Promise<FlowRunner> {
    const institution = options.institution ?? (flow.institutions[0] as string);
    if (!flow.institutions.includes(institution)) throw new Error(`${flow.name} runs at ${flow.institutions.join(', ')}, not at ${institution}`);
    await checkBehaviour(options.origin, flow);
    const record = new ExchangeRecord();
    const control = new RecordingBankControl(options.origin, record);
    const tpp = new RecordingTppClient({ origin: options.origin, credentials: options.credentials, now: () => control.now(), otherTppKey: () => otherTppKey(control) }, record);
    const psus = await resolvePsus(options.origin, flow, institution, options.psuIds);
    return new FlowRunner(flow, { origin: options.origin, institution, tpp, control, psus, sessions: new Map() }, record);
  }

  get institution(): string {
    return this.ctx.institution;
  }

  /** psuId by role. */
  get psus(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.ctx.psus).map(([role, psu]) => [role, psu.psuId]));
  }

  /** The step `next()` runs, or null when the run is over (all run, or stopped at an unmet one). */
  get nextStep(): FlowStep | null {
    const last = this.outcomes.at(-1);
    if (last !== undefined && !last.met) return null;
    return this.flow.steps[this.outcomes.length] ?? null;
  }

  async next(): Promise<StepOutcome> {
    const step = this.nextStep;
    if (step === null) throw new Error(`${this.flow.name}: no step left to run`);
    const from = this.record.exchanges.length;
    const outcome = await runStep(this.ctx, step, { institution: this.ctx.institution, psus: this.ctx.psus, steps: this.results }, this.record);
    const done: StepOutcome = { number: this.outcomes.length + 1, step, requests: this.record.exchanges.slice(from), ...outcome, met: outcome.error === null && outcome.unmet.length === 0 };
    this.outcomes.push(done);
    if (done.met && done.result) this.results[step.id] = done.result;
    return done;
  }

  /** The run so far: met once every step of the flow has met its expectation. */
  run(): FlowRun {
    const met = this.outcomes.length === this.flow.steps.length && this.outcomes.every((o) => o.met);
    return { flow: this.flow, institution: this.institution, psus: this.psus, steps: [...this.outcomes], met };
  }
}

/** Runs every step of a flow, telling of each as it is done. */
export async function runFlow(flow: FlowFile, options: FlowRunOptions): Promise<FlowRun> {
  const runner = await FlowRunner.start(flow, options);
  options.onStart?.({ flow, institution: runner.institution, psus: runner.psus });
  while (runner.nextStep !== null) {
    // Not `onStep?.(await runner.next())`: without onStep that would skip the step itself.
    const outcome = await runner.next();
    options.onStep?.(outcome);
  }
  return runner.run();
}

async function runStep(ctx: RunContext, step: FlowStep, scope: { institution: string; psus: Record<string, DatasetPsu>; steps: Record<string, StepResult> }, record: ExchangeRecord): Promise<Pick<StepOutcome, 'result' | 'unmet' | 'error'>> {
  try {
    const params = new Params(resolveReferences(step.params, scope) as Record<string, unknown>, step.operation);
    record.lastTppRequest = null;
    const result = await ACTIONS[step.operation](ctx, params);
    if (wantsDiagnosis(step)) result.signature = await diagnosisOf(ctx.origin, record);
    const expectation = resolveReferences(step.expect as unknown as FlowValue, scope) as Expectation;
    return { result, unmet: unmetExpectations(expectation, result), error: null };
  } catch (err) {
    return { result: null, unmet: [], error: err instanceof Error ? err.message : String(err) };
  }
}

const wantsDiagnosis = (step: FlowStep): boolean => Object.keys(step.expect.fields ?? {}).some((path) => path === 'signature' || path.startsWith('signature.'));

/** The bank's diagnosis of the step's last TPP request, found in the traffic log by its X-Request-ID. */
async function diagnosisOf(origin: string, record: ExchangeRecord): Promise<unknown> {
  const requestId = record.lastTppRequest?.headers['x-request-id'];
  if (requestId === undefined) return null;
  const res = await sendHttp(origin, { method: 'GET', path: '/simulator/v1/exchanges?limit=20', headers: {}, body: null });
  const exchanges = (res.body ?? []) as { request: { headers: unknown }; signature: unknown }[];
  return exchanges.find((e) => JSON.stringify(e.request.headers).includes(requestId))?.signature ?? null;
}

/** Another TPP's QSEAL for the otherTppCertificate fault, registered at the bank on first use. */
async function otherTppKey(control: RecordingBankControl): Promise<SigningKey> {
  const other = await control.registerTpp({ organizationId: 'PSDDE-BAFIN-654321' });
  return { keyId: other.keyId, certificatePem: other.qseal.certificatePem, privateKeyPem: other.qseal.privateKeyPem };
}
