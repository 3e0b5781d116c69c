import type { SigningKey } from '../../domain/signing/sign';
import type { TppCredentials } from '../../tpp/credentials';
import { controlDelete } from '../../tpp/control';
import { sendHttp } from '../../tpp/http';
import type { BankTransport, TransportTls } from '../../tpp/transport';
import { ACTIONS, type RunContext } from './actions';
import { checkBehaviour } from './behaviour';
import { Params } from './params';
import { chosenPsuIds, chosenValues, parameterScope } from '../library/parameters';
import { flowForChoices } from '../library/step-choices';
import { unmetExpectations, type UnmetExpectation } from './expectations';
import type { Expectation, FlowFile, FlowStep, FlowValue } from '../library/format';
import { RecordingBankControl, RecordingTppClient, RunRecorder, type RunHooks } from './recording';
import { resolveReferences } from '../library/references';
import type { StepRequest, StepResult } from './result';
import { resolvePsus, type DatasetPsu } from './psus';
import { loggedExchangeOf } from './traffic-log';

export interface FlowRunOptions {
  /** The simulator's origin, e.g. http://127.0.0.1:4646. */
  origin: string;
  /** Under --tls: the data folder's CA and the TPP's QWAC (see tpp/data-folder.ts loadTppTls). */
  tls?: TransportTls | null | undefined;
  /** The control API's token, for a simulator that needs one (--host beyond loopback). */
  controlToken?: string | undefined;
  /** The TPP application the flow runs as. */
  credentials: TppCredentials;
  /** One of the flow's institutions; default its first. */
  institution?: string | undefined;
  /** psuId by role, in place of the flow's defaults (any PSU of the institution). */
  psuIds?: Record<string, string> | undefined;
  /** Values of the flow's parameters by name, in place of their defaults (a ParameterError when one will not do). */
  params?: Record<string, string> | undefined;
  /** Told once the PSUs are known, before the first step. */
  onStart?: (run: Pick<FlowRun, 'flow' | 'institution' | 'psus' | 'params'>) => void;
  /** Told of each step as soon as it has run, for live output. */
  onStep?: (outcome: StepOutcome) => void;
  /** A live run's gates and observers (see RunHooks); none: the run goes straight through. */
  hooks?: RunHooks;
}

/** A step added after the flow's own (the composer's free steps). */
interface AddedStep {
  /** Any status will do: the step is met whenever it could be made. */
  anyStatus: boolean;
  /** The PSU role whose session the step needs: obtained first (approved by the run) when there is none. */
  needsSessionOf: string | null;
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
  /** The value of each parameter the run used (a psu parameter's is the role's psuId). */
  params: Record<string, string>;
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
  /** The flow's steps, then the added ones; `cursor` is the next to run. */
  private readonly queue: FlowStep[];
  private readonly added = new Map<FlowStep, AddedStep>();
  private cursor = 0;

  private constructor(
    readonly flow: FlowFile,
    private readonly ctx: RunContext,
    private readonly record: RunRecorder,
    private readonly chosen: { values: Record<string, string>; scope: Record<string, unknown> },
  ) {
    this.queue = [...flow.steps];
  }

  /** Checks the institution and the simulator's behaviour and finds the PSUs; no step runs yet. */
  static async start(flow: FlowFile, options: FlowRunOptions): Promise<FlowRunner> {
    const institution = options.institution ?? (flow.institutions[0] as string);
    if (!flow.institutions.includes(institution)) throw new Error(`${flow.name} runs at ${flow.institutions.join(', ')}, not at ${institution}`);
    const values = chosenValues(flow, options.params);
    // Built once: every request of the run, the TPP's, the operator's and the reads, goes this way.
    const transport: BankTransport = { origin: options.origin, tls: options.tls ?? null, controlToken: options.controlToken };
    await checkBehaviour(transport, flow);
    const record = new RunRecorder();
    const control = new RecordingBankControl(transport, record, options.hooks);
    const tpp = new RecordingTppClient(
      { ...transport, credentials: options.credentials, now: () => control.now(), otherTppKey: () => otherTppKey(control) },
      record,
      options.hooks,
    );
    const psus = await resolvePsus(transport, flow, institution, { ...options.psuIds, ...chosenPsuIds(flow, values) }, values);
    for (const parameter of flow.parameters) if (parameter.kind === 'psu') values[parameter.name] = (psus[parameter.name] as DatasetPsu).psuId;
    const scope = await parameterScope(transport, flow, institution, values);
    // Steps for other choices than these (their `when`) are not part of this run.
    const steps = flowForChoices(flow, values);
    return new FlowRunner(steps, { transport, institution, tpp, control, psus, sessions: new Map(), faultRules: new Set() }, record, { values, scope });
  }

  get institution(): string {
    return this.ctx.institution;
  }

  /** psuId by role. */
  get psus(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.ctx.psus).map(([role, psu]) => [role, psu.psuId]));
  }

  /** The value of each parameter the run uses. */
  get params(): Record<string, string> {
    return { ...this.chosen.values };
  }

  /** The step `next()` runs, or null when the run is over (all run, or stopped at an unmet one; added steps still run). */
  get nextStep(): FlowStep | null {
    return this.queue[this.cursor] ?? null;
  }

  /** The next step's parameters with their references resolved, or null when there is no step or they cannot be resolved yet. */
  nextParams(): Record<string, unknown> | null {
    const step = this.nextStep;
    if (step === null) return null;
    try {
      return resolveReferences(step.params, { institution: this.ctx.institution, psus: this.ctx.psus, steps: this.results }) as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  /** Whether the run knows a PSU by this role. */
  hasRole(role: string): boolean {
    return Object.hasOwn(this.ctx.psus, role);
  }

  /** A PSU of the institution under a role of its own (a free step naming a psuId). */
  addPsu(role: string, psu: DatasetPsu): void {
    this.ctx.psus[role] = psu;
  }

  /** Queues a step after the others (a free step of the composer). */
  add(step: FlowStep, options: AddedStep): void {
    this.queue.push(step);
    this.added.set(step, options);
  }

  async next(): Promise<StepOutcome> {
    const step = this.nextStep;
    if (step === null) throw new Error(`${this.flow.name}: no step left to run`);
    const from = this.record.exchanges.length;
    const added = this.added.get(step);
    if (added?.needsSessionOf != null && !this.ctx.sessions.has(added.needsSessionOf)) await this.ownSession(added.needsSessionOf);
    const outcome = await runStep(
      this.ctx,
      step,
      { institution: this.ctx.institution, psus: this.ctx.psus, params: this.chosen.scope, steps: this.results },
      this.record,
    );
    const unmet = added?.anyStatus ? outcome.unmet.filter((u) => u.field !== 'status') : outcome.unmet;
    const done: StepOutcome = {
      number: this.outcomes.length + 1,
      step,
      requests: this.record.exchanges.slice(from),
      ...outcome,
      unmet,
      met: outcome.error === null && unmet.length === 0,
    };
    this.outcomes.push(done);
    this.cursor += 1;
    if (done.met && done.result) this.results[step.id] = done.result;
    // What follows in the flow builds on this step; added steps stand on their own.
    if (!done.met && this.cursor <= this.flow.steps.length) this.cursor = this.flow.steps.length;
    return done;
  }

  /** Consent, SCA approved by the run itself, PSU tokens: for a free step whose PSU has no session yet (failures show in the step). */
  private async ownSession(role: string): Promise<void> {
    this.ctx.control.decidesOnOwn = true;
    try {
      await ACTIONS.psuSession(this.ctx, new Params({ psu: role }, 'psuSession'));
    } catch {
      // The step itself then says the PSU has no session.
    } finally {
      this.ctx.control.decidesOnOwn = false;
    }
  }

  /**
   * The run is over: the fault rules its steps added and did not remove go (docs/testing-your-tpp.md#in-a-flow), so
   * no rule outlives its run. Not a step: not gated nor recorded. A rule already gone is no matter; a bank that does
   * not answer keeps them (its rules live in memory, so a restart has none).
   */
  async removeFaults(): Promise<void> {
    const ids = [...this.ctx.faultRules];
    this.ctx.faultRules.clear();
    await Promise.all(ids.map((id) => sendHttp(this.ctx.transport, controlDelete(`faults/${id}`)).catch(() => undefined)));
  }

  /** The run so far: met once every step of the flow has met its expectation. */
  run(): FlowRun {
    const met = this.outcomes.length === this.flow.steps.length && this.outcomes.every((o) => o.met);
    return { flow: this.flow, institution: this.institution, psus: this.psus, params: this.params, steps: [...this.outcomes], met };
  }
}

/** Runs every step of a flow, telling of each as it is done. */
export async function runFlow(flow: FlowFile, options: FlowRunOptions): Promise<FlowRun> {
  const runner = await FlowRunner.start(flow, options);
  options.onStart?.({ flow: runner.flow, institution: runner.institution, psus: runner.psus, params: runner.params });
  try {
    while (runner.nextStep !== null) {
      // Not `onStep?.(await runner.next())`: without onStep that would skip the step itself.
      const outcome = await runner.next();
      options.onStep?.(outcome);
    }
  } finally {
    await runner.removeFaults();
  }
  return runner.run();
}

/** What references and byValue read: `institution`, `psus.<role>`, `params.<name>`, `steps.<id>`. */
interface RunScope {
  institution: string;
  psus: Record<string, DatasetPsu>;
  params: Record<string, unknown>;
  steps: Record<string, StepResult>;
}

async function runStep(ctx: RunContext, step: FlowStep, scope: RunScope, record: RunRecorder): Promise<Pick<StepOutcome, 'result' | 'unmet' | 'error'>> {
  try {
    const params = new Params(resolveReferences(step.params, scope) as Record<string, unknown>, step.operation);
    record.lastTppRequest = null;
    const result = await ACTIONS[step.operation](ctx, params);
    if (wantsDiagnosis(step)) result.signature = await diagnosisOf(ctx.transport, record);
    const expectation = resolveReferences(step.expect as unknown as FlowValue, scope) as Expectation;
    return { result, unmet: unmetExpectations(expectation, result, scope), error: null };
  } catch (err) {
    return { result: null, unmet: [], error: err instanceof Error ? err.message : String(err) };
  }
}

const wantsDiagnosis = (step: FlowStep): boolean => Object.keys(step.expect.fields ?? {}).some((path) => path === 'signature' || path.startsWith('signature.'));

/** The bank's diagnosis of the step's last TPP request, found in the traffic log by its X-Request-ID. */
async function diagnosisOf(bank: BankTransport, record: RunRecorder): Promise<unknown> {
  const request = record.lastTppRequest;
  if (request === null || request.headers['x-request-id'] === undefined) return null;
  return (await loggedExchangeOf(bank, request, null))?.signature ?? null;
}

/** Another TPP's QSEAL for the otherTppCertificate fault, registered at the bank on first use. */
async function otherTppKey(control: RecordingBankControl): Promise<SigningKey> {
  const other = await control.registerTpp({ organizationId: 'PSDDE-BAFIN-654321' });
  return { keyId: other.keyId, certificatePem: other.qseal.certificatePem, privateKeyPem: other.qseal.privateKeyPem };
}
