import { BankControl } from '../../tpp/control';
import type { TppCredentials } from '../../tpp/credentials';
import { journeyIdOf } from '../../tpp/client';
import { parseJson, sendHttp } from '../../tpp/http';
import type { BankTransport } from '../../tpp/transport';
import type { HttpRequest, TppResponse } from '../../tpp/types';
import { bankChanges, type BankStatus } from './bank-changes';
import { bankSnapshot } from './bank-snapshot';
import type { Actor } from '../library/actors';
import type { FlowStep } from '../library/format';
import type { DatasetPsu } from './psus';
import { isPrepared, type Decide, type GateRelease, type RunHooks } from './recording';
import { RunError } from './run-error';
import type { FlowRunRecord, GatedRequest, RunArchive, RunExchange, RunPhase, RunStep } from '../run-record';
import { FlowRunner, type FlowRun, type StepOutcome } from './runner';
import { loggedExchangeOf } from './traffic-log';

/** Where a live run stops next: before the step's next request, at the end of the step, at the end of the run. */
export type StopAt = 'request' | 'step' | 'end';

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
const browserOriginOf = (request: HttpRequest): Pick<HttpRequest, 'browserOrigin'> =>
  request.browserOrigin === undefined ? {} : { browserOrigin: request.browserOrigin };

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
    faults:
      prepared === null
        ? []
        : Object.entries(prepared.faults)
            .filter(([, value]) => value !== undefined && value !== false)
            .map(([name]) => name),
  };
}

interface Journey {
  journeyId: string;
  psuId: string;
  status: string;
  openedAt: string | null;
}

/** The bank telling that a journey changed (opened, decided, timed out): the run looks at once instead of at its next poll. */
export interface JourneyNews {
  journeyId: string;
  status: string;
}

/** Subscribes to the bank's journey news; answers the unsubscribe. */
export type BankNews = (listener: (news: JourneyNews) => void) => () => void;

/** GET /simulator/v1/sca/{id}/decision: the exchange a PSU decided a journey in, whichever window sent it. */
interface DecisionExchange {
  request: { method: string; url: string; headers: Record<string, string | string[]>; body: string | null };
  response: { status: number; headers: Record<string, string | string[]>; body: string };
  at: string;
  durationMs: number;
}

/** The decision is kept once its answer is out, a moment after the journey's event. */
const DECISION_TRIES = 10;
const DECISION_RETRY_MS = 20;

const oneLine = (headers: Record<string, string | string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]));

const answerOf = (response: { status: number; headers: Record<string, string | string[]>; body: string | null }, durationMs: number): TppResponse => {
  const text = response.body ?? '';
  return { status: response.status, headers: oneLine(response.headers), text, body: parseJson(text), durationMs };
};

/** The journey an SCA-page request opens (GET /sca/{id}), or null for any other request. */
const openedJourneyOf = (request: HttpRequest): string | null =>
  request.method === 'GET' ? (/^\/sca\/([^/?]+)$/.exec(request.path.split('?')[0] ?? '')?.[1] ?? null) : null;

/** An opening of the SCA page in the bank's log (GET /simulator/v1/exchanges). */
interface LoggedOpening {
  method: string;
  url: string;
  durationMs: number;
  response: { status: number; headers: Record<string, string | string[]>; body: string | null };
}

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
  private gate: { request: HttpRequest; release: (release: GateRelease) => void } | null = null;
  private waiters: (() => void)[] = [];
  private wake: (() => void) | null = null;
  private stopped = false;
  private readonly freeSteps = new Set<FlowStep>();
  private readonly loggedIds = new Set<number>();
  private stepActor: Actor = 'tpp';
  private readonly clock: BankControl;
  /** The bank as the last step left it, and when: where a step the PSU made elsewhere starts from. */
  private lastAfter: CaughtUp | null = null;
  private caughtUp: CaughtUp | null = null;
  private catchingUp = false;

  private constructor(
    readonly record: FlowRunRecord,
    private readonly bank: BankTransport,
    private readonly archive: RunArchive,
    private readonly onStep: ((outcome: StepOutcome) => void) | undefined,
  ) {
    this.clock = new BankControl(bank);
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
    live.save();
    return live;
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
    const gate = this.gate;
    if (gate === null) {
      const why =
        this.record.pending?.kind === 'psu'
          ? "the run waits for the PSU's decision in the bank's app, not for a request to be sent"
          : 'no request is waiting to be sent: prepare the next step first';
      throw new RunError('phase', why);
    }
    this.gate = null;
    this.record.pending = null;
    this.stopAt = until;
    const settled = this.settled();
    this.setPhase('running');
    gate.release(
      edit === null
        ? { request: gate.request, resign: false }
        : { request: { ...browserOriginOf(gate.request), method: edit.method, path: edit.url, headers: edit.headers, body: edit.body }, resign: edit.resign },
    );
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

  /** The simulator stops or the run is deleted: polling ends, gates stay shut, the run's fault rules go. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
    void this.runner?.removeFaults();
  }

  /**
   * A journey changed in the bank: a run waiting for the PSU looks at once; a run at (or ready for) the
   * step the PSU just made in another window, opening the link or deciding, makes it from the bank's answer.
   */
  onJourneyNews(news: JourneyNews): void {
    if (this.stopped) return;
    const pending = this.record.pending;
    if (pending?.kind === 'psu' && pending.journeyId === news.journeyId) this.wake?.();
    const gate = this.gate;
    if (gate !== null && openedJourneyOf(gate.request) === news.journeyId) {
      void this.openedElsewhere(gate.request).then((answered) => {
        if (answered === null || this.gate !== gate) return;
        this.gate = null;
        this.record.pending = null;
        this.setPhase('running');
        gate.release({ request: gate.request, resign: false, answered });
      });
    }
    void this.catchUp();
  }

  /** Ready with the PSU's step next (open the link, decide) and the PSU has made it elsewhere: the run makes that step now. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp || this.stopped || this.record.phase !== 'ready' || this.runner === null) return;
    const step = this.runner.nextStep;
    if (step === null || (step.operation !== 'openScaLink' && step.operation !== 'psuDecides')) return;
    const scaRedirect = this.runner.nextParams()?.scaRedirect;
    if (typeof scaRedirect !== 'string') return;
    this.catchingUp = true;
    try {
      const journey = await this.journey(journeyIdOf(scaRedirect));
      const made = step.operation === 'openScaLink' ? journey?.openedAt != null : journey?.status === 'finalised' || journey?.status === 'failed';
      if (!made || this.record.phase !== 'ready' || this.stopped) return;
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
        const caughtUp = this.caughtUp;
        this.caughtUp = null;
        const before = caughtUp?.before ?? (await bankSnapshot(this.bank, this.record.institution));
        const startedAt = caughtUp?.startedAt ?? (await this.now());
        const outcome = await runner.next();
        this.record.steps.push(await this.stepRun(outcome, before, startedAt));
        this.onStep?.(outcome);
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
    // A flow's fault rules end with its steps (docs/testing-your-tpp.md#in-a-flow); the composer's free requests are the
    // operator's own, kept while their run is live (each composed request on a finished run starts a run of its own).
    if (over && !this.record.free) await runner.removeFaults();
    this.record.finishedAt = over ? await this.now().catch(() => new Date().toISOString()) : null;
    this.setPhase(over ? 'finished' : 'ready');
    // The PSU may have gone ahead in another window meanwhile (opened the link and decided at once).
    if (!over) void this.catchUp();
  }

  private async stepRun(outcome: StepOutcome, before: BankStatus[], startedAt: string): Promise<RunStep> {
    const after = await bankSnapshot(this.bank, this.record.institution);
    const finishedAt = await this.now();
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
    const answered = await this.openedElsewhere(request);
    if (answered !== null) return { request, resign: false, answered };
    if (this.stopAt !== 'request' || this.stopped) return { request, resign: false };
    return new Promise((release) => {
      this.gate = { request, release };
      this.record.pending = { kind: 'request', request: gatedView(request) };
      this.setPhase('waiting');
    });
  }

  private async psuDecides(journeyId: string, expected: 'approve' | 'reject', decide: Decide, either: boolean): Promise<TppResponse> {
    const first = await this.journey(journeyId);
    // Decided already, in another window or through the control API: that decision is the step's.
    if (first !== undefined && (first.status === 'finalised' || first.status === 'failed')) return this.decidedByPsu(first);
    if (this.record.autoApprove) return decide(expected);
    const psuId = first?.psuId ?? '';
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

  /**
   * The journey ended without the run deciding: the exchange the PSU decided in (any window, the control
   * API) stands in the step as the app's, as the bank answered it; a journey that ended otherwise (its
   * time limit, its payment) stands as the bank's answer about it now.
   */
  private async decidedByPsu(journey: Journey): Promise<TppResponse> {
    const decision = await this.decision(journey.journeyId);
    if (decision !== null) {
      const { request, response } = decision;
      const answer = answerOf(response, decision.durationMs);
      await this.observe({ method: request.method, path: request.url, headers: oneLine(request.headers), body: request.body }, answer, 'psuApp', decision.at);
      return answer;
    }
    const read: HttpRequest = { method: 'GET', path: `/simulator/v1/sca/${journey.journeyId}`, headers: { accept: 'application/json' }, body: null };
    const answer = await sendHttp(this.bank, read);
    await this.observe(read, answer, 'psuApp');
    return answer;
  }

  /** The exchange that decided the journey, once the bank has it; null when no PSU decided it. */
  private async decision(journeyId: string): Promise<DecisionExchange | null> {
    for (let attempt = 1; ; attempt++) {
      const res = await sendHttp(this.bank, { method: 'GET', path: `/simulator/v1/sca/${journeyId}/decision`, headers: {}, body: null });
      if (res.status === 200) return res.body as DecisionExchange;
      if (attempt >= DECISION_TRIES) return null;
      await sleep(DECISION_RETRY_MS);
    }
  }

  /** When the SCA link a request opens was opened already (on the phone): the bank's answer to that opening, from its log. */
  private async openedElsewhere(request: HttpRequest): Promise<TppResponse | null> {
    const journeyId = openedJourneyOf(request);
    if (journeyId === null || (await this.journey(journeyId))?.openedAt == null) return null;
    for (let attempt = 1; ; attempt++) {
      const res = await sendHttp(this.bank, {
        method: 'GET',
        path: `/simulator/v1/exchanges?limit=20&q=${encodeURIComponent(journeyId)}`,
        headers: {},
        body: null,
      });
      const page = res.body as { exchanges?: LoggedOpening[] } | LoggedOpening[] | null;
      const exchanges = (Array.isArray(page) ? page : page?.exchanges) ?? [];
      // Newest first: the first opening is the last of them.
      const opening = exchanges.filter((e) => e.method === 'GET' && e.url === `/sca/${journeyId}` && e.response.status === 200).at(-1);
      if (opening !== undefined) return answerOf(opening.response, opening.durationMs);
      if (attempt >= LOG_TRIES) return null;
      await sleep(LOG_RETRY_MS);
    }
  }

  private resume(): void {
    this.record.pending = null;
    this.setPhase('running');
  }

  private async journey(journeyId: string): Promise<Journey | undefined> {
    const res = await sendHttp(this.bank, { method: 'GET', path: `/simulator/v1/sca/${encodeURIComponent(journeyId)}`, headers: {}, body: null });
    return res.status === 200 ? (res.body as Journey) : undefined;
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
  private async observe(request: HttpRequest, response: TppResponse, actor: Actor, at?: string): Promise<void> {
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
      at: at ?? logged?.simulatedAt ?? (await this.now()),
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
