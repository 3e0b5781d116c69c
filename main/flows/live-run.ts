import { BankControl } from '../tpp/control';
import type { TppCredentials } from '../tpp/credentials';
import { sendHttp } from '../tpp/http';
import type { BankTransport } from '../tpp/transport';
import type { HttpRequest, TppResponse } from '../tpp/types';
import { bankChanges, type BankStatus } from './bank-changes';
import { bankSnapshot } from './bank-snapshot';
import type { Actor, FlowStep } from './format';
import type { DatasetPsu } from './psus';
import { isPrepared, type Decide, type GateRelease, type RunHooks } from './recording';
import { RunError } from './run-error';
import type { FlowRunRecord, GatedRequest, RunArchive, RunExchange, RunPhase, RunStep } from './run-record';
import { FlowRunner, type StepOutcome } from './runner';
import { loggedExchangeOf } from './traffic-log';

/** Where a live run stops next: before the step's next request, at the end of the step, at the end of the run. */
export type Until = 'request' | 'step' | 'end';

/** What the user sends in place of a gated request. */
export interface RequestEdit {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  resign: boolean;
}

/** How often the bank's journeys are read while the PSU is awaited. */
const PSU_POLL_MS = 150;
/** The bank logs an exchange once its answer is out, a moment after the client has it. */
const LOG_TRIES = 10;
const LOG_RETRY_MS = 15;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const bodyText = (body: HttpRequest['body']): string | null => (body === null ? null : typeof body === 'string' ? body : body.toString('utf8'));

/** An edit of the SCA link still goes where the PSU's browser opens it (the PSU pages' origin under --tls). */
const browserOriginOf = (request: HttpRequest): Pick<HttpRequest, 'browserOrigin'> => (request.browserOrigin === undefined ? {} : { browserOrigin: request.browserOrigin });

/** The request at the gate as the Flows screen shows it. */
function gatedView(request: HttpRequest): GatedRequest {
  const prepared = isPrepared(request) ? request : null;
  return {
    method: request.method,
    url: request.path,
    headers: { ...request.headers },
    body: bodyText(request.body),
    operation: prepared?.operation ?? 'request',
    signed: prepared !== null && prepared.signedOperation !== null,
    signedHeaders: prepared?.signedHeaders ?? null,
    signingString: prepared?.signingString ?? null,
    faults: prepared === null ? [] : Object.entries(prepared.faults).filter(([, value]) => value !== undefined && value !== false).map(([name]) => name),
  };
}

interface Journey {
  journeyId: string;
  psuId: string;
  status: string;
}

/**
 * A run the user drives step by step: each request of the built-in TPP waits at a gate until sent
 * (as prepared or edited), each PSU decision waits for the PSU unless the run approves itself, and
 * the run is saved through the archive at every change. Its record is what the Flows screen shows.
 */
export class LiveRun {
  private runner: FlowRunner | null = null;
  private stopAt: Until = 'request';
  /** Running on without gates, stop once this many steps are done (a replay back to an earlier step). */
  private stopAfter: number | null = null;
  private gate: { request: HttpRequest; release: (release: GateRelease) => void } | null = null;
  private waiters: (() => void)[] = [];
  private wake: (() => void) | null = null;
  private stopped = false;
  private readonly freeSteps = new Set<FlowStep>();
  private readonly loggedIds = new Set<number>();
  private stepActor: Actor = 'tpp';
  private readonly clock: BankControl;

  private constructor(
    readonly record: FlowRunRecord,
    private readonly bank: BankTransport,
    private readonly archive: RunArchive,
  ) {
    this.clock = new BankControl(bank);
  }

  /** Finds the PSUs and saves the run, ready for its first step. */
  static async start(record: FlowRunRecord, bank: BankTransport, credentials: TppCredentials, archive: RunArchive): Promise<LiveRun> {
    const live = new LiveRun(record, bank, archive);
    const runner = await FlowRunner.start(record.flow, { origin: bank.origin, tls: bank.tls, credentials, institution: record.institution, psuIds: record.psus, params: record.params, hooks: live.hooks() });
    live.runner = runner;
    record.psus = runner.psus;
    record.params = runner.params;
    record.nextStep = runner.nextStep;
    live.save();
    return live;
  }

  /** Starts the next step; answers once it stops at a gate, at a PSU, or at the step's end. */
  async prepare(): Promise<void> {
    if (this.record.phase !== 'ready') throw new RunError('phase', this.record.phase === 'finished' ? 'the run is finished: no step left to prepare (add a free step to go on)' : `the run is ${this.record.phase}: send or decide what it waits for first`);
    if (this.flowRunner().nextStep === null) throw new RunError('phase', 'no step to prepare: add a free step first');
    this.stopAt = 'request';
    await this.drive();
  }

  /** Lets the gated request go, as prepared (edit null) or edited, and goes on until `until`. */
  async send(edit: RequestEdit | null, until: Until): Promise<void> {
    const gate = this.gate;
    if (gate === null) {
      const why = this.record.pending?.kind === 'psu' ? "the run waits for the PSU's decision in the bank's app, not for a request to be sent" : 'no request is waiting to be sent: prepare the next step first';
      throw new RunError('phase', why);
    }
    this.gate = null;
    this.record.pending = null;
    this.stopAt = until;
    const settled = this.settled();
    this.setPhase('running');
    gate.release(edit === null ? { request: gate.request, resign: false } : { request: { ...browserOriginOf(gate.request), method: edit.method, path: edit.url, headers: edit.headers, body: edit.body }, resign: edit.resign });
    await settled;
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
      this.save();
      return;
    }
    const settled = this.settled();
    this.wake?.();
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
      this.setPhase('ready');
    } else this.save();
  }

  hasRole(role: string): boolean {
    return this.flowRunner().hasRole(role);
  }

  /** The simulator stops or the run is deleted: polling ends, gates stay shut. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  private flowRunner(): FlowRunner {
    if (this.runner === null) throw new Error('the run has not started');
    return this.runner;
  }

  private hooks(): RunHooks {
    return {
      gate: (request) => this.atGate(request),
      decide: (journeyId, action, decide, either) => this.psuDecides(journeyId, action, decide, either === true),
      exchanged: (request, response, actor) => this.observe(request, response, actor ?? this.stepActor),
    };
  }

  private async drive(): Promise<void> {
    const settled = this.settled();
    this.setPhase('running');
    void this.runSteps();
    await settled;
  }

  private async runSteps(): Promise<void> {
    const runner = this.flowRunner();
    try {
      for (let step = runner.nextStep; step !== null; step = runner.nextStep) {
        this.stepActor = step.actor;
        this.record.current = [];
        const before = await bankSnapshot(this.bank, this.record.institution);
        const startedAt = await this.now();
        const outcome = await runner.next();
        this.record.steps.push(await this.stepRun(outcome, before, startedAt));
        this.record.current = [];
        this.record.nextStep = runner.nextStep;
        if (this.stopAt !== 'end' || this.stopped || (this.stopAfter !== null && this.record.steps.length >= this.stopAfter)) break;
        this.save();
      }
    } catch (err) {
      // The bank stopped answering between steps: the run stays where it stood.
      if (this.stopped) return;
      this.record.current = [];
      console.error(`flow run ${this.record.runId}: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.record.met = this.metSoFar();
    const over = runner.nextStep === null;
    this.record.finishedAt = over ? await this.now().catch(() => new Date().toISOString()) : null;
    this.setPhase(over ? 'finished' : 'ready');
  }

  private async stepRun(outcome: StepOutcome, before: BankStatus[], startedAt: string): Promise<RunStep> {
    const after = await bankSnapshot(this.bank, this.record.institution);
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
      finishedAt: await this.now(),
    };
  }

  /** true once every step met its expectation, false when one did not, null while steps remain. */
  private metSoFar(): boolean | null {
    if (this.record.steps.some((s) => !s.met)) return false;
    return this.flowRunner().nextStep === null ? true : null;
  }

  private atGate(request: HttpRequest): Promise<GateRelease> {
    if (this.stopAt !== 'request' || this.stopped) return Promise.resolve({ request, resign: false });
    return new Promise((release) => {
      this.gate = { request, release };
      this.record.pending = { kind: 'request', request: gatedView(request) };
      this.setPhase('waiting');
    });
  }

  private async psuDecides(journeyId: string, expected: 'approve' | 'reject', decide: Decide, either: boolean): Promise<TppResponse> {
    if (this.record.autoApprove) return decide(expected);
    const psuId = (await this.journey(journeyId))?.psuId ?? '';
    const role = Object.entries(this.record.psus).find(([, id]) => id === psuId)?.[0] ?? psuId;
    this.record.pending = { kind: 'psu', journeyId, psuId, role, expected, ...(either ? { either } : {}) };
    this.setPhase('waiting');
    for (;;) {
      await this.pause(PSU_POLL_MS);
      if (this.stopped) throw new Error("the run stopped while it waited for the PSU's decision");
      if (this.record.autoApprove) {
        this.resume();
        return decide(expected);
      }
      const journey = await this.journey(journeyId);
      if (journey !== undefined && (journey.status === 'finalised' || journey.status === 'failed')) {
        this.resume();
        return this.decidedByPsu(journey);
      }
    }
  }

  /** The PSU decided on the phone: the decision stands in the step as the app's exchange. */
  private async decidedByPsu(journey: Journey): Promise<TppResponse> {
    const text = JSON.stringify(journey);
    const response: TppResponse = { status: 200, headers: { 'content-type': 'application/json' }, text, body: journey, durationMs: 0 };
    const action = journey.status === 'finalised' ? 'approve' : 'reject';
    await this.observe({ method: 'POST', path: `/simulator/v1/sca/${journey.journeyId}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action }) }, response, 'psuApp');
    return response;
  }

  private resume(): void {
    this.record.pending = null;
    this.setPhase('running');
  }

  private async journey(journeyId: string): Promise<Journey | undefined> {
    const res = await sendHttp(this.bank, { method: 'GET', path: '/simulator/v1/sca', headers: {}, body: null });
    return Array.isArray(res.body) ? (res.body as Journey[]).find((j) => j.journeyId === journeyId) : undefined;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** Records an exchange of the step under way, with the bank's log entry and diagnosis when the bank logged it. */
  private async observe(request: HttpRequest, response: TppResponse, actor: Actor): Promise<void> {
    const logged = request.path.startsWith('/simulator/') ? null : await this.logged(request, response.status);
    if (logged !== null) this.loggedIds.add(logged.id);
    const exchange: RunExchange = {
      seq: this.record.steps.reduce((n, s) => n + s.exchanges.length, 0) + this.record.current.length + 1,
      actor,
      method: request.method,
      url: request.path,
      ...(request.browserOrigin === undefined ? {} : { origin: request.browserOrigin }),
      requestHeaders: { ...request.headers },
      requestBody: bodyText(request.body),
      status: response.status,
      responseHeaders: response.headers,
      responseBody: response.text,
      durationMs: Math.round(response.durationMs),
      at: logged?.simulatedAt ?? (await this.now()),
      exchangeId: logged?.id ?? null,
      signature: logged?.signature ?? null,
      failed: response.status >= 400 || logged?.signature?.verdict.valid === false,
    };
    this.record.current.push(exchange);
    this.save();
  }

  private async logged(request: HttpRequest, status: number): Promise<Awaited<ReturnType<typeof loggedExchangeOf>>> {
    for (let attempt = 1; ; attempt++) {
      const found = await loggedExchangeOf(this.bank, request, status, this.loggedIds);
      if (found !== null || attempt >= LOG_TRIES) return found;
      await sleep(LOG_RETRY_MS);
    }
  }

  private async now(): Promise<string> {
    return (await this.clock.now()).toISOString();
  }

  private settled(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private setPhase(phase: RunPhase): void {
    this.record.phase = phase;
    this.save();
    if (phase === 'running') return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** A stopped run (deleted, cleared by "New class", or its simulator closing) stays as it stood: nothing more is kept. */
  private save(): void {
    if (this.stopped) return;
    this.archive.save(this.record);
  }
}
