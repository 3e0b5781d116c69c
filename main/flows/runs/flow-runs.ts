import { randomUUID } from 'node:crypto';
import type { TppCredentials } from '../../tpp/credentials';
import { BankControl } from '../../tpp/control';
import { sendHttp } from '../../tpp/http';
import type { BankTransport } from '../../tpp/transport';
import type { Actor } from '../library/actors';
import type { FlowFile, FlowStep, FlowValue } from '../library/format';
import { readLibrary } from '../library/library';
import { withParameterLabels } from '../library/parameters';
import { flowForChoices, givenOrDefault } from '../library/step-choices';
import { LiveRun } from './live-run';
import type { BankNews } from './psu-coordination';
import type { RequestEdit, StopAt } from './request-gate';
import { isOperation, operationSpec, OPERATIONS, type OperationName, type ParamKind } from '../library/operations';
import type { DatasetPsu } from './psus';
import { RunError } from './run-error';
import { parseRunFile, RunFileError, runFile } from './run-file';
import { runHar } from './run-har';
import { newRunRecord, type FlowRunRecord, type FlowRunSummary, type FreeStepInput, type RunArchive } from '../run-record';

export interface FlowRunsOptions {
  /** The simulator's origin (with the TLS material under --tls), known once it listens. */
  transport: () => BankTransport;
  /** The TPP the runs act as: the demo TPP of the data folder. */
  credentials: () => TppCredentials;
  libraryDir: string;
  archive: RunArchive;
  /** The simulator's clock, held still by runs that wait for a person (none: runs never hold it). */
  clock?: RunClock;
  /** The bank's journey news: a PSU acting in any window moves a live run at once. */
  news?: BankNews;
}

/** What a run may do to the simulator's clock: hold it still while it waits for a person, and let go. */
export interface RunClock {
  hold(holder: string): void;
  release(holder: string): void;
}

export interface StartOptions {
  /** A library flow's name, or null for a run of free steps only. */
  flow: string | null;
  institution?: string | undefined;
  psus?: Record<string, string> | undefined;
  /** Values of the flow's parameters by name; the defaults for the rest. */
  params?: Record<string, string> | undefined;
  autoApprove: boolean;
  /** Hold the clock still while the run is unfinished; default true. */
  pauseClock?: boolean | undefined;
}

/** A replay back to an earlier step: the new run stops, ready, before step `untilStep` (1-based). */
export interface ReplayOptions {
  untilStep?: number | undefined;
}

/** An operation a free step can send, with its parameters' kinds. */
export interface OperationSummary {
  name: string;
  actor: Actor;
  required: Record<string, ParamKind>;
  optional: Record<string, ParamKind>;
}

/** Operations that make the PSU's session rather than need one. */
const SESSION_MAKERS: ReadonlySet<OperationName> = new Set(['createConsent', 'psuSession', 'exchangeCode']);

/** A run kept before flows had parameters: its flow has none and it chose none; or before they had labels (withParameterLabels). */
function keptBeforeParameters(run: FlowRunRecord): FlowRunRecord {
  const kept = run as Omit<FlowRunRecord, 'params' | 'flow'> & {
    params?: FlowRunRecord['params'];
    flow: Omit<FlowFile, 'parameters'> & { parameters?: FlowFile['parameters'] };
  };
  const labelled = kept.flow.parameters?.every((p) => typeof p.label === 'string') === true;
  if (kept.params !== undefined && labelled) return run;
  return { ...run, params: kept.params ?? {}, flow: withParameterLabels({ ...run.flow, parameters: kept.flow.parameters ?? [] }) };
}

/** The name a run of free steps only goes by. */
const FREE_FLOW = 'free-steps';

/**
 * The Flows screen's runs: started from the library (or with no flow, for the composer alone),
 * driven step by step while live, kept through the archive, replayed, exported and imported.
 * Live runs are the ones started since the simulator started; a kept run from before is read only.
 */
export class FlowRuns {
  private readonly live = new Map<string, LiveRun>();
  /** Every save of a live run goes through here: the run holds the clock while it is unfinished. */
  private readonly archive: RunArchive;

  /** One subscription for all live runs (a listener each would pile up on the bank's events). */
  private readonly unsubscribe: (() => void) | null;

  constructor(private readonly options: FlowRunsOptions) {
    const kept = options.archive;
    this.archive = {
      save: (run) => {
        kept.save(run);
        this.holdClockFor(run);
      },
      get: (runId) => kept.get(runId),
      list: () => kept.list(),
      delete: (runId) => kept.delete(runId),
    };
    this.unsubscribe =
      options.news?.((news) => {
        for (const run of this.live.values()) run.onJourneyNews(news);
      }) ?? null;
  }

  private holdClockFor(run: FlowRunRecord): void {
    if (run.pauseClock === true && run.phase !== 'finished' && this.live.has(run.runId)) this.options.clock?.hold(run.runId);
    else this.options.clock?.release(run.runId);
  }

  /** The library, read each time: a flow file added while the workbench runs shows at once. */
  flows(): FlowFile[] {
    return readLibrary(this.options.libraryDir);
  }

  operations(): OperationSummary[] {
    return Object.entries(OPERATIONS).map(([name, spec]) => ({
      name,
      actor: spec.actor,
      required: { ...spec.required },
      optional: { ...('optional' in spec ? spec.optional : {}) },
    }));
  }

  async start(options: StartOptions): Promise<FlowRunRecord> {
    if (options.flow === null) return (await this.startFlow(await this.freeFlow(options.institution), { ...options, free: true })).record;
    const flow = this.flows().find((f) => f.name === options.flow);
    if (flow === undefined) throw new RunError('input', `no flow named ${options.flow} in the library`);
    return (await this.startFlow(flow, { ...options, free: false })).record;
  }

  async prepare(runId: string): Promise<FlowRunRecord> {
    const run = this.liveRun(runId);
    await run.prepare();
    return run.record;
  }

  async send(runId: string, edit: RequestEdit | null, until: StopAt): Promise<FlowRunRecord> {
    const run = this.liveRun(runId);
    await run.send(edit, until);
    return run.record;
  }

  async setAutoApprove(runId: string, on: boolean): Promise<FlowRunRecord> {
    const run = this.liveRun(runId);
    await run.setAutoApprove(on);
    return run.record;
  }

  async addFreeStep(runId: string, input: FreeStepInput): Promise<FlowRunRecord> {
    const run = this.liveRun(runId);
    if (!isOperation(input.operation)) throw new RunError('input', `no operation ${input.operation}; GET /simulator/v1/flow-operations lists them`);
    const spec = operationSpec(input.operation);
    const missing = Object.keys(spec.required).filter((name) => input.params[name] === undefined);
    if (missing.length > 0) throw new RunError('input', `${input.operation} needs ${missing.join(', ')}`);
    const psu = await this.freeStepPsu(run, input.params.psu);
    const step: FlowStep = {
      id: `free${run.record.freeSteps.length + 1}`,
      title: input.title ?? input.operation,
      explanation: 'A free step added in the composer: any answer will do.',
      spec: '',
      actor: spec.actor,
      operation: input.operation,
      params: input.params as Record<string, FlowValue>,
      expect: { status: 200 },
    };
    const needsSessionOf = psu !== null && !SESSION_MAKERS.has(input.operation) ? psu.role : null;
    run.record.freeSteps.push(input);
    run.addStep(step, needsSessionOf, psu?.psu === undefined ? null : { role: psu.role, psu: psu.psu });
    return run.record;
  }

  get(runId: string): FlowRunRecord {
    const run = this.live.get(runId)?.record ?? this.options.archive.get(runId);
    if (run === undefined) throw new RunError('unknown', `no run ${runId}`);
    return keptBeforeParameters(run);
  }

  list(): FlowRunSummary[] {
    return this.options.archive.list();
  }

  delete(runId: string): void {
    const wasLive = this.live.has(runId);
    this.retire(runId);
    if (!this.options.archive.delete(runId) && !wasLive) throw new RunError('unknown', `no run ${runId}`);
  }

  /**
   * The same flow file (and free steps), institution and PSUs on the current data, run to the end approving
   * automatically; with `untilStep`, run only up to that step (1-based) and left live and ready before it, approving
   * as the source run did from there on (the presentation view's "back a step").
   */
  async replay(runId: string, options: ReplayOptions = {}): Promise<FlowRunRecord> {
    const source = this.get(runId);
    const steps = source.flow.steps.length + source.freeSteps.length;
    const { untilStep } = options;
    if (untilStep !== undefined && (untilStep < 1 || untilStep > steps)) throw new RunError('input', `untilStep must be a step of the run: 1 to ${steps}`);
    const flowRoles = Object.fromEntries(Object.entries(source.psus).filter(([role]) => Object.hasOwn(source.flow.psus, role)));
    const run = await this.startFlow(source.flow, {
      flow: source.flow.name,
      institution: source.institution,
      psus: flowRoles,
      params: source.params,
      autoApprove: true,
      pauseClock: source.pauseClock ?? true,
      free: source.free,
      replayOf: source.runId,
    });
    for (const step of source.freeSteps) await this.addFreeStep(run.record.runId, step);
    if (untilStep === undefined) {
      await run.runToEnd();
      return run.record;
    }
    await run.runUntil(untilStep - 1);
    await run.setAutoApprove(source.autoApprove);
    // Going back replaces the source: it stops waiting (and holding the clock) and stays kept for reading.
    this.retire(source.runId);
    return run.record;
  }

  async exportFile(runId: string): Promise<string> {
    return runFile(this.get(runId), await this.now());
  }

  importFile(text: string): FlowRunRecord {
    let run: FlowRunRecord;
    try {
      run = parseRunFile(text, randomUUID());
    } catch (err) {
      if (err instanceof RunFileError) throw new RunError('input', err.message);
      throw err;
    }
    this.options.archive.save(run);
    return run;
  }

  har(runId: string, version: string): string {
    return JSON.stringify(runHar(this.get(runId), this.options.transport().origin, version), null, 2);
  }

  /** A live run stops where it stands, kept for reading and replay. */
  private retire(runId: string): void {
    this.live.get(runId)?.stop();
    this.live.delete(runId);
    this.options.clock?.release(runId);
  }

  /** The simulator stops: live runs stay kept as they stood. */
  close(): void {
    this.unsubscribe?.();
    this.stopLive();
  }

  /** Every live run stops where it stands ("New class" cleared the kept runs). */
  stopLive(): void {
    for (const runId of [...this.live.keys()]) this.retire(runId);
  }

  private async startFlow(flow: FlowFile, options: StartOptions & { free: boolean; replayOf?: string }): Promise<LiveRun> {
    // The run's flow has the steps of its choices only (a step's `when`): its progress counts those.
    const steps = flowForChoices(flow, givenOrDefault(flow, options.params));
    const record = newRunRecord({ ...options, flow: steps, pauseClock: options.pauseClock ?? true }, randomUUID(), await this.now());
    let run: LiveRun;
    try {
      run = await LiveRun.start(record, this.options.transport(), this.options.credentials(), this.archive);
    } catch (err) {
      throw new RunError('input', err instanceof Error ? err.message : String(err));
    }
    this.live.set(record.runId, run);
    this.holdClockFor(record);
    return run;
  }

  /** A flow with no steps at the chosen institution (default: the simulator's first). */
  private async freeFlow(institution: string | undefined): Promise<FlowFile> {
    const info = await sendHttp(this.options.transport(), { method: 'GET', path: '/simulator/v1/info', headers: {}, body: null });
    const { institutions, mode } = info.body as { institutions: string[]; mode: FlowFile['behaviour'] };
    const chosen = institution ?? (institutions[0] as string);
    if (!institutions.includes(chosen)) throw new RunError('input', `no institution ${chosen} (the simulator's: ${institutions.join(', ')})`);
    return {
      formatVersion: 1,
      name: FREE_FLOW,
      title: 'Free steps',
      description: 'Steps composed one by one.',
      behaviour: mode,
      institutions: [chosen],
      psus: {},
      parameters: [],
      steps: [],
    };
  }

  /** A free step's `psu`: a role of the run, or a psuId of the institution, which becomes a role of its own. */
  private async freeStepPsu(run: LiveRun, psu: unknown): Promise<{ role: string; psu?: DatasetPsu } | null> {
    if (psu === undefined) return null;
    if (typeof psu !== 'string') throw new RunError('input', 'psu must be a PSU role of the run or a psuId of the institution');
    if (run.hasRole(psu)) return { role: psu };
    const res = await sendHttp(this.options.transport(), { method: 'GET', path: '/simulator/v1/psus', headers: {}, body: null });
    const found = (res.body as DatasetPsu[]).find((p) => p.psuId === psu && p.institution === run.record.institution);
    if (found === undefined) throw new RunError('input', `${psu} is neither a PSU role of the run nor a PSU of ${run.record.institution}`);
    return { role: psu, psu: found };
  }

  private liveRun(runId: string): LiveRun {
    const run = this.live.get(runId);
    if (run !== undefined) return run;
    const kept = this.options.archive.get(runId);
    if (kept === undefined) throw new RunError('unknown', `no run ${runId}`);
    throw new RunError(
      'phase',
      kept.imported
        ? 'an imported run is kept for reading and replay, not continued'
        : 'the run is no longer live (going back replaced it, or it was started before the simulator last started): it is kept for reading and replay, not continued',
    );
  }

  private async now(): Promise<string> {
    return (await new BankControl(this.options.transport()).now()).toISOString();
  }
}
