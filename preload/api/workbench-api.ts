// The one typed API between the UI and its host (docs/architecture.md#the-workbench-contract). Electron implements it
// in preload/index.ts over IPC, the browser host in renderer/src/api/browser-api.ts over HTTP and
// server-sent events; main/http/contract.ts maps the engine's values to its shapes. Each shape the
// control API sends or takes is written once, as a schema in shared/control-api, and derived here;
// the imports are types only, so the preload and the renderer bundle no schema code.
import type { Static } from 'typebox';
import type * as S from '../../shared/control-api';

export type SimulatorMode = Static<typeof S.SimulatorMode>;
export type SimulatorInfo = Static<typeof S.SimulatorInfo>;
export type ClockReading = Static<typeof S.ClockReading>;
export type ResetOptions = Static<typeof S.ResetOptions>;
export type RateLimit = Static<typeof S.RateLimit>;
export type ServiceBlock = Static<typeof S.ServiceBlock>;
export type FaultRuleInput = Static<typeof S.FaultRuleInput>;
export type FaultRuleReport = Static<typeof S.FaultRuleReport>;
export type ConductFinding = Static<typeof S.ConductFinding>;
export type ConductReport = Static<typeof S.ConductReport>;
export type ListPageQuery = Static<typeof S.ListPageQuery>;

export type SignatureCheck = Static<typeof S.SignatureCheck>;
export type SigningRule = Static<typeof S.SigningRule>;
export type SignatureDiagnosis = Static<typeof S.SignatureDiagnosis>;
export type SignatureVerdict = Static<typeof S.SignatureVerdict>;
export type PastedRequestKind = Static<typeof S.PastedRequestKind>;
export type DiagnoseAs = NonNullable<Static<typeof S.DiagnoseRequest>['tpp']>;
/** `tpp`: whom the checks are made as; `hashedBody`: the body the client hashed, from its own log. */
export type DiagnoseOptions = Pick<Static<typeof S.DiagnoseRequest>, 'tpp' | 'hashedBody'>;
export type PastedDiagnosis = Static<typeof S.PastedDiagnosis>;

export type HeaderLine = Static<typeof S.HeaderLine>;
export type ExchangeMessage = Static<typeof S.ExchangeMessage>;
export type Exchange = Static<typeof S.Exchange>;
/** An exchange as a list row shows it (the live event, a page of a search). */
export type ExchangeSummary = Static<typeof S.ExchangeSummary>;
export type FailureLine = Static<typeof S.FailureLine>;
export type ParserRefusal = Static<typeof S.ParserRefusal>;
export type ResendOptions = Static<typeof S.ResendOptions>;

export type JourneyStatus = Static<typeof S.JourneyStatus>;
export type JourneyOutcome = Static<typeof S.JourneyOutcome>;
export type ScaJourney = Static<typeof S.ScaJourney>;
export type ConsentSummary = Static<typeof S.ConsentSummary>;
export type VopSummary = Static<typeof S.VopSummary>;
export type PaymentSummary = Static<typeof S.PaymentSummary>;
export type BasketSummary = Static<typeof S.BasketSummary>;
export type PsuSummary = Static<typeof S.PsuSummary>;
export type PhoneLink = Static<typeof S.PhoneLink>;
export type InstitutionSummary = Static<typeof S.InstitutionSummary>;
export type Pain001TemplateSummary = Static<typeof S.Pain001TemplateSummary>;
export type VopRegistryPayee = Static<typeof S.VopRegistryPayee>;
export type VopRegistry = Static<typeof S.VopRegistry>;
export type VopRegistryPayeeInput = Static<typeof S.VopRegistryPayeeInput>;
export type PsuInput = Static<typeof S.PsuInput>;
export type SavedLessonInput = Static<typeof S.SavedLessonInput>;
export type SavedLesson = Static<typeof S.SavedLesson>;
export type LessonsFile = Static<typeof S.LessonsFile>;
export type LessonsImported = Static<typeof S.LessonsImported>;

export type FlowActor = Static<typeof S.FlowActor>;
export type FlowStepSummary = Static<typeof S.FlowStepSummary>;
export type FlowSummary = Static<typeof S.FlowSummary>;
export type FlowParameterSummary = Static<typeof S.FlowParameterSummary>;
export type PsuNeeds = Static<typeof S.PsuNeeds>;
export type FlowOperationSummary = Static<typeof S.FlowOperationSummary>;
export type FlowRequest = Static<typeof S.FlowRequest>;
export type FlowRequestEdit = Static<typeof S.FlowRequestEdit>;
export type FlowExchange = Static<typeof S.FlowExchange>;
export type BankChange = Static<typeof S.BankChange>;
export type FlowUnmet = Static<typeof S.FlowUnmet>;
export type FlowStepRun = Static<typeof S.FlowStepRun>;
export type FlowPending = Static<typeof S.FlowPending>;
export type FlowRunPhase = Static<typeof S.FlowRunPhase>;
export type FlowRunState = Static<typeof S.FlowRunState>;
export type FlowRunListItem = Static<typeof S.FlowRunListItem>;
export type StartRunOptions = Static<typeof S.StartRunOptions>;
export type ReplayRunOptions = Static<typeof S.ReplayRunOptions>;
export type FreeStep = Static<typeof S.FreeStep>;

/** A search of the whole traffic log (`GET /simulator/v1/exchanges` with its query parameters); every field given narrows. */
export interface ExchangeQuery {
  /** Words that must each occur (ASCII case-insensitively) in the method, URL, status, TPP, institution, headers, bodies or signature diagnosis; at most 200 characters. */
  q?: string;
  /** Status classes (`4xx`) or statuses (`401`), any of which may match. */
  status?: string[];
  /** The signature verdict: valid, invalid, or none (unsigned); any of which may match. */
  signature?: ('valid' | 'invalid' | 'none')[];
  tpp?: string;
  institution?: string;
  /** A consent, payment or basket id. */
  resource?: string;
  /** Only answers a fault rule injected: any rule's, or the rule with this id. */
  fault?: 'any' | number;
  /** Only exchanges older than this id: the next page. */
  before?: number;
  /** 1-10,000; default 100. */
  limit?: number;
}

/** A HAR export of the traffic log: the file's text and how many exchanges it holds (the log's own count, written last). */
export interface ExchangesHar {
  text: string;
  count: number;
}

/** The window of a conduct report (`GET /simulator/v1/conduct`); each field given narrows. */
export interface ConductQuery {
  /** One TPP, as the log names it (organizationIdentifier). */
  tppId?: string;
  /** Wall-clock date-times with their zone (when the requests came), e.g. 2026-11-29T10:00:00Z. */
  since?: string;
  until?: string;
}

/** A page of a search: newest first; `total` matches in all (whatever the page), `kept` exchanges in the log. */
export interface ExchangePage {
  /** As a list row shows them: the whole of one is `getExchange`. */
  exchanges: ExchangeSummary[];
  total: number;
  kept: number;
  /** Exchanges the log discarded since it was last cleared (`X-Discarded-Count`); failures and pinned ones outlive the others. */
  discarded: number;
  /** The failures among them (`X-Discarded-Failure-Count`): none while the failure budgets have room. */
  discardedFailures: number;
  /** The signature failures among those (`X-Discarded-Signature-Failure-Count`): their own budget. */
  discardedSignatureFailures: number;
}

export type WorkbenchEvent = Static<typeof S.WorkbenchEvent>;

/** A request the built-in TPP sends (edit and resend in the Inspector). `url` is a path on the simulator. */
export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface SentResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
}

export interface ResourceTotals {
  consents: number;
  payments: number;
  baskets: number;
}

export interface WorkbenchApi {
  getInfo(): Promise<SimulatorInfo>;
  /** Origin of the running simulator, e.g. http://127.0.0.1:4646. */
  simulatorUrl(): Promise<string>;
  /** Newest first; with `resourceId`, only the exchanges concerning that consent, payment or basket. */
  listExchanges(limit: number, resourceId?: string): Promise<Exchange[]>;
  /** Searches the whole traffic log, newest first, with the count of every match: a page of summaries. */
  searchExchanges(query: ExchangeQuery): Promise<ExchangePage>;
  listJourneys(): Promise<ScaJourney[]>;
  /** Newest first: the first 500, or the page asked for. */
  listConsents(page?: ListPageQuery): Promise<ConsentSummary[]>;
  listPayments(page?: ListPageQuery): Promise<PaymentSummary[]>;
  listBaskets(page?: ListPageQuery): Promise<BasketSummary[]>;
  /** How many consents, payments and baskets there are in all, however many a page holds (each list's X-Total-Count). */
  resourceTotals(): Promise<ResourceTotals>;
  listPsus(): Promise<PsuSummary[]>;
  /** "Approve on your own phone": a link that opens one customer's approvals on a phone of the class, and nothing else. */
  createPhoneLink(psuId: string): Promise<PhoneLink>;
  /** The institution's pain.001 templates (the payment editor's "Load template" and the institution's BIC and products). */
  listTemplates(institution: string): Promise<Pain001TemplateSummary[]>;
  listInstitutions(): Promise<InstitutionSummary[]>;
  /** The payees of the VoP registry, each with a creditor name and the outcome it demonstrates (the editor's templates). */
  listVopRegistry(institution: string): Promise<VopRegistry>;
  /** Adds a payee to an institution's VoP registry ahead of a lesson: its payments to the IBAN get the chosen answer of the payee's bank. */
  addVopRegistryPayee(payee: VopRegistryPayeeInput): Promise<VopRegistryPayee>;
  /** Takes a payee added for a lesson out of the institution's registry (refused while a saved lesson pays it). */
  removeVopRegistryPayee(institution: string, iban: string): Promise<void>;
  /** Adds a customer to an institution ahead of a lesson, checked as the dataset's own customers are. */
  addPsu(psu: PsuInput): Promise<PsuSummary>;
  /** Takes a customer added for a lesson out of the bank: they can no longer log in (refused while a saved lesson casts them). */
  removePsu(psuId: string): Promise<void>;
  /** The lessons saved with their options (the Flows list shows each as an entry of its own). */
  listLessons(): Promise<SavedLesson[]>;
  /** Saves a lesson with its options under a name, checked as a run's start checks them. */
  saveLesson(lesson: SavedLessonInput): Promise<SavedLesson>;
  /** Takes a saved lesson off the Flows list, by the name it was saved under. */
  removeLesson(name: string): Promise<void>;
  /** Everything prepared for lessons (added payees and customers, saved lessons) as one file another trainer imports. */
  exportLessons(): Promise<LessonsFile>;
  /** Adds what an exported lessons file holds, all or nothing; what is here already, the same, is skipped. */
  importLessons(file: LessonsFile): Promise<LessonsImported>;
  /** A payment's original pain.001 exactly as the TPP sent it (text). */
  getPaymentPain001(paymentId: string): Promise<string>;
  /** A payment's pain.002 status report as the bank would send it now (text). */
  getPaymentPain002(paymentId: string): Promise<string>;
  /** The PSU approves or rejects in the bank's app (the journey must have been opened). */
  actOnJourney(journeyId: string, action: 'approve' | 'reject'): Promise<ScaJourney>;
  /** Opens an SCA link as the PSU's browser would (single use). */
  openJourney(journeyId: string): Promise<void>;
  /** The PSU revokes a valid consent in the bank's app ("connected providers"): it becomes revokedByPsu. */
  revokeConsent(consentId: string): Promise<ConsentSummary>;
  getClock(): Promise<ClockReading>;
  advanceClock(duration: string): Promise<ClockReading>;
  setClock(instant: string): Promise<ClockReading>;
  /** Pauses or resumes the simulated clock (resuming also ends every run's hold on it). */
  setClockPaused(paused: boolean): Promise<ClockReading>;
  /** Without options: the bank back to the dataset's state. With them: "New class". */
  reset(options?: ResetOptions): Promise<void>;
  setMode(mode: SimulatorMode): Promise<{ mode: SimulatorMode }>;
  sendRequest(request: OutgoingRequest): Promise<SentResponse>;
  getRateLimit(): Promise<RateLimit>;
  setRateLimit(perSecond: number): Promise<RateLimit>;
  listServiceBlocks(): Promise<ServiceBlock[]>;
  blockService(institution: string, tppId: string | null): Promise<ServiceBlock>;
  unblockService(institution: string, tppId: string | null): Promise<void>;
  /** The fault rules (docs/testing-your-tpp.md), each with how often it matched and fired. */
  listFaults(): Promise<FaultRuleReport[]>;
  addFault(rule: FaultRuleInput): Promise<FaultRuleReport>;
  removeFault(id: number): Promise<void>;
  clearFaults(): Promise<void>;
  /** The TPPs' conduct: the spec's rules for TPPs checked over the traffic log, each finding with its exchanges. */
  getConduct(query: ConductQuery): Promise<ConductReport>;
  /** The flow library. */
  listFlows(): Promise<FlowSummary[]>;
  /** The operations a free step can send. */
  listFlowOperations(): Promise<FlowOperationSummary[]>;
  /** Starts a run; no step runs yet (phase ready). */
  startRun(options: StartRunOptions): Promise<FlowRunState>;
  /** Starts the next step and stops before its first request is sent (pending request) or where the PSU must act. */
  prepareStep(runId: string): Promise<FlowRunState>;
  /**
   * Sends the pending request, as edited when `edit` is given, then goes on: `request` stops before the
   * step's next request, `step` at the end of the step, `end` at the end of the run (or where a PSU must act
   * and autoApprove is off). Events of type `flow-run` tell of progress.
   */
  sendStep(runId: string, edit: FlowRequestEdit | null, until: 'request' | 'step' | 'end'): Promise<FlowRunState>;
  /** Adds a free step after the run's remaining steps (the composer); prepare and send it like any other. */
  addFreeStep(runId: string, step: FreeStep): Promise<FlowRunState>;
  /** Turns approving on the PSUs' behalf on or off; on, a waiting PSU decision is made at once. */
  setAutoApprove(runId: string, on: boolean): Promise<FlowRunState>;
  getRun(runId: string): Promise<FlowRunState>;
  listRuns(): Promise<FlowRunListItem[]>;
  deleteRun(runId: string): Promise<void>;
  /**
   * A new run of the same flow, institution and PSUs (and free steps) on the current data, run to the end, approving
   * automatically; with `untilStep`, only up to that step: the new run stays live, ready before it (back a step).
   */
  replayRun(runId: string, options?: ReplayRunOptions): Promise<FlowRunState>;
  /** The run as a file another machine opens (JSON text). */
  exportRun(runId: string): Promise<string>;
  /** Keeps a run from an exported file; answers the kept run. */
  importRun(file: string): Promise<FlowRunState>;
  /** The run's exchanges as HAR 1.2 JSON text, with the bank's diagnosis and the simulated time in custom fields. */
  exportRunHar(runId: string): Promise<string>;
  /** Every exchange the search matches (its filters; no page, `limit` and `before` left out) as HAR 1.2 JSON text, and how many it holds. */
  exportExchangesHar(query: ExchangeQuery): Promise<ExchangesHar>;
  /** One exchange of the traffic log, for the Inspector opened from a diagram arrow. */
  getExchange(id: number): Promise<Exchange>;
  /** Sends an exchange again as the built-in TPP with the choices given; answers the new exchange, with its diagnosis. */
  resendExchange(id: number, options: ResendOptions): Promise<Exchange>;
  /** Pins (true) or unpins an exchange: a pinned one is never discarded; answers it as now logged. */
  pinExchange(id: number, pinned: boolean): Promise<Exchange>;
  /**
   * The bank's diagnosis of a pasted raw HTTP request, cURL command or HAR entry; nothing is sent to the bank.
   * `tpp` "certificate": made as the registered TPP the pasted QSEAL names, when the bank does not know the token;
   * `hashedBody`: the body the client hashed, so a Digest no usual change explains is told by its first differing byte.
   */
  diagnoseRequest(kind: PastedRequestKind, text: string, options?: DiagnoseOptions): Promise<PastedDiagnosis>;
  /**
   * Batched host events; returns the unsubscribe function. `missed` is called when the events may have missed
   * some (the browser's event stream dropped, as when the simulator restarts, and came back): read again.
   * The desktop app's events never drop.
   */
  subscribe(listener: (events: WorkbenchEvent[]) => void, missed?: () => void): () => void;
}

/** The methods invoked over IPC; `subscribe` is not invoked: events arrive on WorkbenchEventChannel. */
export type WorkbenchMethod = Exclude<keyof WorkbenchApi, 'subscribe'>;

/**
 * The IPC channel of each method. The preload invokes and the main process handles exactly these,
 * each side deriving the name from the method, so a channel cannot exist on one side only.
 */
export type WorkbenchChannel = `workbench:${WorkbenchMethod}`;

export type WorkbenchEventChannel = 'workbench:events';
