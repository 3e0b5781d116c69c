import type { TppCredentials } from '../../tpp/credentials';
import { journeyIdOf } from '../../tpp/client';
import type { BankTransport } from '../../tpp/transport';
import type { HttpRequest } from '../../tpp/types';
import { bankChanges, type BankStatus } from './bank-changes';
import { bankSnapshot } from './bank-snapshot';
import type { Actor } from '../library/actors';
import type { FlowStep } from '../library/format';
import type { DatasetPsu } from './psus';
import type { GateRelease, RunHooks } from './recording';
import { RunError } from './run-error';
import type { FlowRunRecord, RunArchive, RunStep } from '../run-record';
import { FlowRunner, type FlowRun, type StepOutcome } from './runner';
import { LiveRunState } from './live-run-state';
import { PsuCoordination, isDecided, openedJourneyOf, type JourneyNews } from './psu-coordination';
import { RequestGate, type RequestEdit, type StopAt } from './request-gate';
import { StepExchangeRecorder } from './step-exchanges';

/** Where a step the bank already answered (the PSU acted in another window) starts from: the bank as the last step left it. */
interface CaughtUp {
  before: BankStatus[];
  startedAt: string;
}

/**
 * A run the user drives step by step: each request of the built-in TPP waits at a gate until sent
 * (as prepared or edited), each PSU decision waits for the PSU unless the run approves itself, and
 * the run is saved through the archive at every change. Its record is what the Flows screen shows.
 */
export class LiveRun {
  private runner: FlowRunner | null = null;
  private stopAt: StopAt = 'request';
  /** Running on without gates, stop once this many steps are done (a replay back to an earlier step). */
  private stopAfter: number | null = null;
  private readonly freeSteps = new Set<FlowStep>();
  private stepActor: Actor = 'tpp';
  /** The bank as the last step left it, and when: where a step the PSU made elsewhere starts from. */
  private lastAfter: CaughtUp | null = null;
  private caughtUp: CaughtUp | null = null;
  private catchingUp = false;
  private readonly state: LiveRunState;
  private readonly gate: RequestGate;
  private readonly exchanges: StepExchangeRecorder;
  private readonly psu: PsuCoordination;

  private constructor(
    record: FlowRunRecord,
    private readonly bank: BankTransport,
    archive: RunArchive,
    private readonly onStep: ((outcome: StepOutcome) => void) | undefined,
  ) {
    this.state = new LiveRunState(record, archive);
    this.gate = new RequestGate(this.state);
    this.exchanges = new StepExchangeRecorder(bank, this.state);
    this.psu = new PsuCoordination(bank, this.state, this.exchanges);
  }

  /** Finds the PSUs and saves the run, ready for its first step; `onStep` is told of each step once made (live output). */
  static async start(
    record: FlowRunRecord,
    bank: BankTransport,
    credentials: TppCredentials,
    archive: RunArchive,
    onStep?: (outcome: StepOutcome) => void,
  ): Promise<LiveRun> {
    const live = new LiveRun(record, bank, archive, onStep);
    const runner = await FlowRunner.start(record.flow, {
      origin: bank.origin,
      tls: bank.tls,
      controlToken: bank.controlToken,
      credentials,
      institution: record.institution,
      psuIds: record.psus,
      params: record.params,
      hooks: live.hooks(),
    });
    live.runner = runner;
    record.psus = runner.psus;
    record.params = runner.params;
    record.nextStep = runner.nextStep;
    live.state.save();
    return live;
  }

  /** What the Flows screen shows. */
  get record(): FlowRunRecord {
    return this.state.record;
  }

  /** Starts the next step; answers once it stops at a gate, at a PSU, or at the step's end. */
  async prepare(): Promise<void> {
    if (this.record.phase !== 'ready')
      throw new RunError(
        'phase',
        this.record.phase === 'finished'
          ? 'the run is finished: no step left to prepare (add a free step to go on)'
          : `the run is ${this.record.phase}: send or decide what it waits for first`,
      );
    if (this.flowRunner().nextStep === null) throw new RunError('phase', 'no step to prepare: add a free step first');
    this.stopAt = 'request';
    await this.drive();
  }

  /** Lets the gated request go, as prepared (edit null) or edited, and goes on until `until`. */
  async send(edit: RequestEdit | null, until: StopAt): Promise<void> {
    if (this.gate.request === null) {
      const why =
        this.record.pending?.kind === 'psu'
          ? "the run waits for the PSU's decision in the bank's app, not for a request to be sent"
          : 'no request is waiting to be sent: prepare the next step first';
      throw new RunError('phase', why);
    }
    this.stopAt = until;
    const settled = this.state.settled();
    this.gate.send(edit);
    await settled;
  }

  /** The steps' outcomes as the headless runner reports them (JUnit, the command line's lines). */
  get outcome(): FlowRun {
    return this.flowRunner().run();
  }

  /** Runs every remaining step without stopping at gates (a replay). */
  async runToEnd(): Promise<void> {
    this.stopAt = 'end';
    if (this.record.phase === 'ready') await this.drive();
  }

  /** Runs steps without stopping at gates until `done` steps are done, then stands ready before the next. */
  async runUntil(done: number): Promise<void> {
    if (this.record.steps.length >= done || this.record.phase !== 'ready') return;
    this.stopAt = 'end';
    this.stopAfter = done;
    try {
      await this.drive();
    } finally {
      this.stopAfter = null;
      this.stopAt = 'request';
    }
  }

  /** On while the PSU is awaited: the run decides at once as the step expected, and answers at the next stop. */
  async setAutoApprove(on: boolean): Promise<void> {
    this.record.autoApprove = on;
    if (!on || this.record.pending?.kind !== 'psu') {
      this.state.save();
      return;
    }
    const settled = this.state.settled();
    this.psu.wake();
    await settled;
  }

  /** A free step after the others; a finished run can go on with it. */
  addStep(step: FlowStep, needsSessionOf: string | null, psu: { role: string; psu: DatasetPsu } | null): void {
    const runner = this.flowRunner();
    if (psu !== null && !runner.hasRole(psu.role)) {
      runner.addPsu(psu.role, psu.psu);
      this.record.psus = runner.psus;
    }
    runner.add(step, { anyStatus: true, needsSessionOf });
    this.freeSteps.add(step);
    this.record.nextStep = runner.nextStep;
    if (this.record.phase === 'finished') {
      this.record.finishedAt = null;
      this.record.met = this.metSoFar();
      this.state.setPhase('ready');
    } else this.state.save();
  }

  hasRole(role: string): boolean {
    return this.flowRunner().hasRole(role);
  }

  /** The simulator stops or the run is deleted: polling ends, gates stay shut, the run's fault rules go. */
  stop(): void {
    this.state.stopped = true;
    this.psu.wake();
    void this.runner?.removeFaults();
  }

  /**
   * A journey changed in the bank: a run waiting for the PSU looks at once; a run at (or ready for) the
   * step the PSU just made in another window, opening the link or deciding, makes it from the bank's answer.
   */
  onJourneyNews(news: JourneyNews): void {
    if (this.state.stopped) return;
    const pending = this.record.pending;
    if (pending?.kind === 'psu' && pending.journeyId === news.journeyId) this.psu.wake();
    const held = this.gate.request;
    if (held !== null && openedJourneyOf(held) === news.journeyId) {
      void this.psu.openedElsewhere(held).then((answered) => {
        if (answered !== null) this.gate.answeredElsewhere(held, answered);
      });
    }
    void this.catchUp();
  }

  /** Ready with the PSU's step next (open the link, decide) and the PSU has made it elsewhere: the run makes that step now. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp || this.state.stopped || this.record.phase !== 'ready' || this.runner === null) return;
    const step = this.runner.nextStep;
    if (step === null || (step.operation !== 'openScaLink' && step.operation !== 'psuDecides')) return;
    const scaRedirect = this.runner.nextParams()?.scaRedirect;
    if (typeof scaRedirect !== 'string') return;
    this.catchingUp = true;
    try {
      const journey = await this.psu.journey(journeyIdOf(scaRedirect));
      const made = journey !== undefined && (step.operation === 'openScaLink' ? journey.openedAt != null : isDecided(journey));
      if (!made || this.record.phase !== 'ready' || this.state.stopped) return;
      this.caughtUp = this.lastAfter;
      await this.prepare();
    } catch (err) {
      console.error(`flow run ${this.record.runId}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.catchingUp = false;
    }
  }

  private flowRunner(): FlowRunner {
    if (this.runner === null) throw new Error('the run has not started');
    return this.runner;
  }

  private hooks(): RunHooks {
    return {
      gate: (request) => this.atGate(request),
      decide: (journeyId, action, decide, either) => this.psu.decides(journeyId, action, decide, either === true),
      exchanged: (request, response, actor) => this.exchanges.observe(request, response, actor ?? this.stepActor),
    };
  }

  private async drive(): Promise<void> {
    const settled = this.state.settled();
    this.state.setPhase('running');
    void this.runSteps();
    await settled;
  }

  private async runSteps(): Promise<void> {
    const runner = this.flowRunner();
    try {
      for (let step = runner.nextStep; step !== null; step = runner.nextStep) {
        this.stepActor = step.actor;
        this.record.current = [];
        const caughtUp = this.caughtUp;
        this.caughtUp = null;
        const before = caughtUp?.before ?? (await bankSnapshot(this.bank, this.record.institution));
        const startedAt = caughtUp?.startedAt ?? (await this.exchanges.now());
        const outcome = await runner.next();
        this.record.steps.push(await this.stepRun(outcome, before, startedAt));
        this.onStep?.(outcome);
        this.record.current = [];
        this.record.nextStep = runner.nextStep;
        if (this.stopAt !== 'end' || this.state.stopped || (this.stopAfter !== null && this.record.steps.length >= this.stopAfter)) break;
        this.state.save();
      }
    } catch (err) {
      // The bank stopped answering between steps: the run stays where it stood.
      if (this.state.stopped) return;
      this.record.current = [];
      console.error(`flow run ${this.record.runId}: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.record.met = this.metSoFar();
    const over = runner.nextStep === null;
    // A flow's fault rules end with its steps (docs/testing-your-tpp.md#in-a-flow); the composer's free requests are the
    // operator's own, kept while their run is live (each composed request on a finished run starts a run of its own).
    if (over && !this.record.free) await runner.removeFaults();
    this.record.finishedAt = over ? await this.exchanges.now().catch(() => new Date().toISOString()) : null;
    this.state.setPhase(over ? 'finished' : 'ready');
    // The PSU may have gone ahead in another window meanwhile (opened the link and decided at once).
    if (!over) void this.catchUp();
  }

  private async stepRun(outcome: StepOutcome, before: BankStatus[], startedAt: string): Promise<RunStep> {
    const after = await bankSnapshot(this.bank, this.record.institution);
    const finishedAt = await this.exchanges.now();
    this.lastAfter = { before: after, startedAt: finishedAt };
    return {
      number: outcome.number,
      step: outcome.step,
      fromFlow: !this.freeSteps.has(outcome.step),
      exchanges: [...this.record.current],
      status: outcome.result?.status ?? null,
      met: outcome.met,
      unmet: outcome.unmet.map((u) => ({ path: u.field, expected: u.expected, actual: u.actual })),
      error: outcome.error,
      changes: bankChanges(before, after),
      startedAt,
      finishedAt,
    };
  }

  /** true once every step met its expectation, false when one did not, null while steps remain. */
  private metSoFar(): boolean | null {
    if (this.record.steps.some((s) => !s.met)) return false;
    return this.flowRunner().nextStep === null ? true : null;
  }

  private async atGate(request: HttpRequest): Promise<GateRelease> {
    // The PSU opened the link on the phone already: that opening is this step's (the link is single use).
    const answered = await this.psu.openedElsewhere(request);
    if (answered !== null) return { request, resign: false, answered };
    if (this.stopAt !== 'request' || this.state.stopped) return { request, resign: false };
    return this.gate.hold(request);
  }
}
