// The one typed API between the UI and its host (docs/architecture.md#the-workbench-contract): types only.
// Electron implements it in preload/index.ts over IPC, the browser host in
// renderer/src/api/browser-api.ts over HTTP and server-sent events; the control API answers in
// these shapes (main/http/contract.ts maps the engine's values to them). Both tsconfigs include
// this file, so it imports nothing.

/** The simulator's two behaviours (docs/architecture.md#two-behaviours-simulation-and-sandbox). */
export type SimulatorMode = 'simulation' | 'sandbox';

/** `GET /simulator/v1/info` of the control API. */
export interface SimulatorInfo {
  version: string;
  mode: SimulatorMode;
  institutions: string[];
  /** The simulated clock, ISO-8601. */
  now: string;
}

export interface SignatureCheck {
  id: string;
  rule: number | null;
  passed: boolean;
  text: string;
}

/** A rule of the spec's signing profile ("Application-layer signing", Rules) in the spec's words. */
export interface SigningRule {
  rule: number;
  text: string;
}

/** The bank's verdict on a signed request (`signature` of an exchange). */
export interface SignatureDiagnosis {
  operation: string;
  checks: SignatureCheck[];
  /** Each rule the checks cite, once, in number order, with the spec's sentence: the legend. */
  rules: SigningRule[];
  verdict: { valid: true } | { valid: false; code: string; status: number; text: string; checkId: string };
  digest: { sent: string | null; computed: string };
  headersParameter: string[] | null;
  signingString: { text: string; lines: { name: string; value: string | null }[] } | null;
  /** Where the signature verifies over another string than the bank's: the one the TPP most likely signed, and why it differs. */
  likelySigned?: { text: string; why: string };
  keyId: string | null;
  algorithm: string | null;
  certificate: {
    parsed: boolean;
    problem?: string;
    subjectDn?: string;
    issuerDn?: string;
    serialHex?: string;
    organizationId?: string;
    roles?: string[];
    ncaName?: string;
    ncaId?: string;
    notBefore?: string;
    notAfter?: string;
    fingerprintSha256?: string;
    form: string;
  } | null;
}

/** One header line as sent: the name in its case, the value. */
export type HeaderLine = [name: string, value: string];

export interface ExchangeMessage {
  headers: Record<string, string | string[]>;
  /**
   * The header lines in order as received, names as sent and a header sent twice as two lines. Every
   * request the bank logged has them; a response, or a message the bank did not log, has only `headers`.
   */
  rawHeaders?: HeaderLine[];
  /** The logged bytes decoded as UTF-8 (bytes that are not UTF-8 become U+FFFD: then see bodyBase64). */
  body: string | null;
  /** The logged bytes exactly, present only when `body` does not encode back to them (not UTF-8, or cut mid-character). */
  bodyBase64?: string;
  bodySize: number;
  truncated: boolean;
}

/** One request to the simulator and its response (`GET /simulator/v1/exchanges`). */
export interface Exchange {
  id: number;
  startedAt: string;
  simulatedAt: string;
  durationMs: number;
  method: string;
  url: string;
  institution: string | null;
  tppId: string | null;
  /** The consent, payment or basket the exchange concerns, when it concerns one. */
  resourceId: string | null;
  request: ExchangeMessage;
  response: ExchangeMessage & { status: number };
  signature: SignatureDiagnosis | null;
  /** Kept by the log through every prune and reset until unpinned (or "New class" with the log); the log always says, absent elsewhere (a run's HAR). */
  pinned?: boolean;
}

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
  /** Only exchanges older than this id: the next page. */
  before?: number;
  /** 1-10,000; default 100. */
  limit?: number;
}

/** A page of a search: newest first; `total` matches in all (whatever the page), `kept` exchanges in the log. */
export interface ExchangePage {
  exchanges: Exchange[];
  total: number;
  kept: number;
  /** Exchanges the log discarded since it was last cleared (`X-Discarded-Count`); failures and pinned ones outlive the others. */
  discarded: number;
  /** The failures among them (`X-Discarded-Failure-Count`): none while the failure budget has room. */
  discardedFailures: number;
}

export type JourneyStatus = 'started' | 'opened' | 'finalised' | 'failed';

export interface ScaJourney {
  journeyId: string;
  kind: 'consent' | 'payment-authorisation' | 'signing-basket';
  institution: string;
  psuId: string;
  resourceId: string;
  status: JourneyStatus;
  redirectUrl: string;
  createdAt: string;
  openedAt: string | null;
  finishedAt: string | null;
  /** Why it failed: an authorisation rule, or the time limit ("no decision within 5 minutes of opening the link"). */
  outcomeReason: string | null;
  /** Where the SCA page sends the PSU's browser once done: the TPP-Redirect-URI exactly as the TPP sent it. */
  tppRedirectUri: string;
  /**
   * The time limit the journey waits (or waited) under: the instant it fails by itself unless decided,
   * and the reason it then fails with; null for a consent link never opened, which has none.
   */
  timeLimit: { deadline: string; reason: string } | null;
  /** How it ended, as a kind the Phone puts in words (outcomeReason says the detail); null while it waits. */
  outcome: JourneyOutcome | null;
  /** The provider asking, as the PSU knows it: the name its OAuth client was registered with, and its organisation identifier. */
  tpp: { name: string | null; organizationId: string } | null;
  /** While it waits: what the bank would answer the PSU's approval now when a rule refuses it (said before the PSU acts). */
  approvalRefusal: { outcome: JourneyOutcome; reason: string } | null;
}

/**
 * How an SCA journey ended. Time limits: timedOutAfterOpening (no decision within 5 minutes of opening the
 * link), timedOutAfterStart (link not opened within 15 minutes). Refusals by the corporate customer's rules:
 * separationOfDuty (the PSU created the payment), approvedTwice, aboveLimit, signatoryGroup, notEntitled,
 * notNeeded. The payment under it ended: payment… for its own journey, basketMember… for a basket's.
 */
export type JourneyOutcome =
  | 'approved'
  | 'rejected'
  | 'timedOutAfterOpening'
  | 'timedOutAfterStart'
  | 'separationOfDuty'
  | 'approvedTwice'
  | 'aboveLimit'
  | 'signatoryGroup'
  | 'notEntitled'
  | 'notNeeded'
  | 'paymentCancelled'
  | 'paymentExpired'
  | 'paymentProcessed'
  | 'basketMemberCancelled'
  | 'basketMemberExpired'
  | 'basketMemberProcessed'
  | 'resourceGone';

export interface ConsentSummary {
  consentId: string;
  institution: string;
  tppId: string;
  psuId: string;
  consentStatus: 'received' | 'valid' | 'rejected' | 'expired' | 'revokedByPsu' | 'terminatedByTpp';
  scaStatus: 'started' | 'finalised' | 'failed';
  recurringIndicator: boolean;
  validUntil: string;
  expiresAt: string;
  createdAt: string;
}

/**
 * A credit transfer's Verification of Payee result now (SEPA only): `inProgress` is RECI; a
 * close match's additionalInfo is the name the payee's PSP holds.
 */
export interface VopSummary {
  outcome: 'inProgress' | 'match' | 'closeMatch' | 'noMatch' | 'notApplicable' | 'serviceUnavailable' | 'timeout';
  reasonCode: 'RECI' | 'CMTC' | 'NMTC' | 'NOAP' | null;
  additionalInfo: string | null;
}

export interface PaymentSummary {
  paymentId: string;
  product: string;
  institution: string;
  tppId: string;
  status: 'PATC' | 'PDNG' | 'ACCP' | 'RJCT';
  /** The status before the last change, null until the first one: with status, the transition just taken. */
  previousStatus: 'PATC' | 'PDNG' | 'ACCP' | 'RJCT' | null;
  statusChangedAt: string;
  creatorPsuId: string;
  debtorAccountId: string;
  currency: string;
  totalAmount: string;
  transactionCount: number;
  /** The first 20 credit transfers, in message order; transactionCount says how many there are in all. */
  creditors: { name: string; iban?: string; otherId?: string; amount: string; currency: string; vop?: VopSummary }[];
  executionDate: string;
  authorisationsRequired: number;
  authorisations: { psuId: string; signatoryGroup: string | null; at: string; via: 'individual' | 'basket' }[];
  createdAt: string;
}

export interface BasketSummary {
  basketId: string;
  institution: string;
  tppId: string;
  psuId: string;
  transactionStatus: 'PATC' | 'ACTC' | 'RJCT';
  paymentIds: string[];
  createdAt: string;
}

export interface PsuSummary {
  psuId: string;
  name: string;
  institution: string;
  corporateId: string;
  signatoryGroup: string | null;
  role: string;
  accounts: { resourceId: string; iban?: string; bban?: string; currency: string; permissions: string[] }[];
  /** False: no bank app is enrolled, so the PSU cannot complete SCA. */
  scaEnrolled: boolean;
  /** The most the PSU may authorise per payment category (sepa, international, internal, …); a category left out: none. */
  approvalLimits: Record<string, { currency: string; amount: string }>;
  /** How many authorisations a payment of the PSU's company needs, and up to which amounts one will do. */
  companyApprovals: { authorisationsRequired: 1 | 2; singleAuthorisationUpTo: { currency: string; amount: string }[] };
}

/** `GET /simulator/v1/institutions`: what the bank's rules know of an institution, for the payment editor to check as the bank does. */
export interface InstitutionSummary {
  id: string;
  name: string;
  countryCode: string;
  bic: string;
  currency: string;
  trustFramework: 'eidas' | 'uk-open-banking';
  /** The payment products it offers. */
  products: string[];
  /** Verification of Payee on SEPA credit transfers. */
  verificationOfPayee: boolean;
  /** Its business days: the zone dates are read in, the weekend days (0 = Sunday) and the holidays (YYYY-MM-DD). */
  calendar: { timeZone: string; weekendDays: number[]; holidays: string[] };
  /** Local cut-off time (HH:MM) per product. */
  cutOffs: Record<string, string>;
  /** How long the bank takes to process a payment of each product once fully authorised (ISO-8601 duration). */
  processingDelays: Record<string, string>;
  /** The highest amount a payment of the product may have, where its scheme sets one (Faster Payments). */
  productLimits: Record<string, { amount: string; currency: string }>;
}

/** `GET /simulator/v1/templates?institution=I`: a pain.001 template per product the institution offers, single and bulk. */
export interface Pain001TemplateSummary {
  file: string;
  product: string;
  kind: 'single' | 'bulk';
  institution: string;
  title: string;
  /** The document written for the institution: its accounts, customers and BIC. */
  pain001: string;
}

/** A registered payee of the VoP registry and a creditor name that demonstrates one outcome (`GET /simulator/v1/vop-registry`). */
export interface VopRegistryPayee {
  iban: string;
  registeredName: string;
  /** The creditor name (Cdtr/Nm) to write for this outcome. */
  creditorName: string;
  outcome: VopSummary['outcome'];
  /** The dataset's note of what the payee demonstrates. */
  demonstrates: string;
}

export interface VopRegistry {
  institution: string;
  /** Whether the institution verifies payees on SEPA credit transfers (London does not). */
  verifiesPayees: boolean;
  payees: VopRegistryPayee[];
}

/** `GET /simulator/v1/clock`: the simulated clock, whether it stands still, and what falls due next. */
export interface ClockReading {
  now: string;
  /** Paused by the operator or held by a run waiting for a person: nothing time-driven happens by itself. */
  paused: boolean;
  /** The next time limit of anything waiting (VoP, SCA, a token, a payment, a consent), in words; null when nothing waits. */
  nextTimeLimit: { at: string; what: string } | null;
}

/** `POST /simulator/v1/reset`: `{}` resets the bank only; "New class" also clears the log and the kept runs and puts the clock back. */
export interface ResetOptions {
  /** Clears the traffic log. */
  log?: boolean;
  /** Clears the kept runs (live ones stop). */
  runs?: boolean;
  /** `start`: where the data folder's clock started (or `--now`); or an ISO-8601 instant. */
  clock?: string;
}

/** The consent service blocked at an institution for one TPP, or for every TPP when tppId is null (403 SERVICE_BLOCKED). */
export interface ServiceBlock {
  institution: string;
  tppId: string | null;
  createdAt: string;
}

/** Requests per second per TPP identity; 0 is off (over it: 429 TOO_MANY_REQUESTS). */
export interface RateLimit {
  perSecond: number;
}

/** What the host tells the UI as it happens (server-sent events / IPC), delivered in batches. */
export type WorkbenchEvent =
  | { type: 'exchange'; exchange: Pick<Exchange, 'id' | 'startedAt' | 'durationMs' | 'method' | 'url' | 'institution' | 'tppId' | 'resourceId'> & { status: number } }
  | { type: 'consent'; consentId: string; institution: string; status: string }
  | { type: 'sca'; journeyId: string; kind: ScaJourney['kind']; psuId: string; status: JourneyStatus }
  | { type: 'payment'; paymentId: string; institution: string; status: string }
  | { type: 'clock'; now: string; paused: boolean }
  | { type: 'mode'; mode: SimulatorMode }
  /** Back to the dataset's state; with `log` and `runs` the traffic log and the kept runs were cleared too (New class). */
  | { type: 'reset'; log: boolean; runs: boolean }
  | { type: 'operator-settings' }
  /** A flow run changed (a step started, a request was sent, a PSU is awaited, it finished). */
  | { type: 'flow-run'; runId: string; phase: FlowRunPhase };

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

/** What a pasted request is: a raw HTTP request, a cURL command, or a HAR 1.2 entry (or log). */
export type PastedRequestKind = 'http' | 'curl' | 'har';

/** The bank's diagnosis of a pasted request, made without sending it (`POST /simulator/v1/diagnose`). */
export interface PastedDiagnosis {
  /** The request as read from the paste; `url` is its path and query, `body` its bytes as UTF-8 text. */
  request: { method: string; url: string; headers: Record<string, string | string[]>; body: string | null; bodySize: number };
  signature: SignatureDiagnosis;
  /** What in the paste does not add up, e.g. a Content-Length that disagrees with the body pasted; empty when nothing. */
  warnings: string[];
}

/** The Inspector's explicit choices when it sends an exchange again as the built-in TPP. */
export interface ResendOptions {
  method: string;
  /** Path and query on the simulator. */
  url: string;
  /** The header lines in sending order, sent as given (a header twice goes twice); or an object of names to values. */
  headers: Record<string, string> | HeaderLine[];
  /** The exact body to send (the original string when not edited); null without one. */
  body: string | null;
  /** keep: the Digest, Signature and certificate go as given; resign: the demo TPP's QSEAL signs the request as it now is. */
  signature: 'keep' | 'resign';
  /** A new X-Request-ID in place of the one given. */
  newRequestId: boolean;
  /** A new access token from the bank (the TPP's, or the PSU's for the request's consent). */
  freshToken: boolean;
}

/** Who acts in a flow step, and the lifelines of the sequence diagram (docs/architecture.md#the-flows-screen). */
export type FlowActor = 'tpp' | 'psuBrowser' | 'psuApp' | 'operator';

/** A step of a flow as the Flows screen lists it. */
export interface FlowStepSummary {
  id: string;
  title: string;
  /** What happens and why, in one or two sentences. */
  explanation: string;
  /** The section of the bank's spec the step follows. */
  spec: string;
  actor: FlowActor;
  /** One of the flow library's operations (`listFlowOperations`). */
  operation: string;
  /** The step's parameters as the flow file gives them (references like `${steps.payment.values.paymentId}` unresolved). */
  params: Record<string, unknown>;
}

/** A flow of the library (`GET /simulator/v1/flows`). */
export interface FlowSummary {
  name: string;
  title: string;
  description: string;
  /** Where it can run; the first is the default. */
  institutions: string[];
  /** The behaviour it is written for. */
  behaviour: SimulatorMode;
  /** PSU roles and the psuId suffix each defaults to (`creator: "CREATOR"` is FRA-CREATOR at Frankfurt). */
  psus: Record<string, string>;
  /** What the trainer may choose before Start (the form on the Flows screen, `--param` of `npm run flow`). */
  parameters: FlowParameterSummary[];
  steps: FlowStepSummary[];
}

/**
 * A choice of a flow, made before the run starts: `choice` and `payee` (a Verification of Payee
 * outcome, which picks the registry's payee with it) offer `choices`; `amount` is a euro amount;
 * `psu` is the PSU of the flow's role of the same name.
 */
export interface FlowParameterSummary {
  name: string;
  /** In plain words, the form's label. */
  title: string;
  kind: 'choice' | 'amount' | 'psu' | 'payee';
  choices?: { value: string; label: string }[];
  /** Preselected; none for a psu parameter, whose default is the role's own PSU. */
  default?: string;
  /** psu only: what the role needs, so that the lesson's expectations hold whichever PSU is chosen (shared/psu-needs.ts). */
  needs?: PsuNeeds;
}

/**
 * What a lesson's PSU role needs of the PSU who plays it. Only the PSUs of the institution that meet
 * every need are offered, so each choice keeps every expectation of the lesson.
 */
export interface PsuNeeds {
  /** Has an enrolled bank app, so SCA can complete. */
  usesBankApp?: boolean;
  /** May create payments from their first account (the account the lesson pays from). */
  createsPayments?: boolean;
  /**
   * Gives alone the authorisation that the payments of role `paymentsOf` need: the same company, which
   * needs one authorisation for them, the right to authorise from that account, never the creator
   * (separation of duty), and a `category` limit that covers the amount parameter `amountParameter`.
   */
  authorisesAlone?: { paymentsOf: string; category: string; amountParameter?: string };
}

/** An operation a free step (the composer) can send, with its parameters. */
export interface FlowOperationSummary {
  name: string;
  actor: FlowActor;
  required: Record<string, string>;
  optional: Record<string, string>;
}

/** A request about to be sent by a run, as the Flows screen shows and lets the user edit it. `url` is a path on the simulator. */
export interface FlowRequest {
  method: string;
  url: string;
  /** In sending order. */
  headers: Record<string, string>;
  /** The exact bytes as text (UTF-8); null without a body. */
  body: string | null;
  /** The built-in TPP's name for the request, e.g. `payment-create`. */
  operation: string;
  /** Whether the signing profile covers it (then Digest and Signature are recomputed on send unless kept). */
  signed: boolean;
  /** Lower-case names the Signature covers, once signed. */
  signedHeaders: string[] | null;
  signingString: string | null;
  /** Names of the deliberate signature faults it was made with (`bodyChangedAfterDigest`...); empty when none. */
  faults: string[];
}

/** What the user sends in place of the prepared request. */
export interface FlowRequestEdit {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  /** true: recompute Digest and Signature over the edited request (keeping the step's deliberate faults); false: send it exactly as given. */
  resign: boolean;
}

/** One HTTP exchange a run made, with everything the step view, the diagram and a HAR need. */
export interface FlowExchange {
  /** 1-based within the run. */
  seq: number;
  actor: FlowActor;
  method: string;
  url: string;
  /** Where a PSU's browser sent it, when not to the bank's origin (the PSU pages under --tls). */
  origin?: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
  durationMs: number;
  /** The simulated time it was sent. */
  at: string;
  /** The Inspector's exchange, when the bank logged it (bank routes are logged; the control API is not). */
  exchangeId: number | null;
  /** The bank's diagnosis of a signed request. */
  signature: SignatureDiagnosis | null;
  /** A failure: a 4xx/5xx answer or a signature the bank refused; drawn in red. */
  failed: boolean;
}

/** A resource of the bank whose status a step changed (or created). */
export interface BankChange {
  kind: 'consent' | 'payment' | 'basket' | 'journey';
  id: string;
  /** null: it did not exist before the step. */
  before: string | null;
  after: string;
}

export interface FlowUnmet {
  /** `status` or a path into the step's result, e.g. `body.transactionStatus`. */
  path: string;
  /** In words, to show as they are: values once-quoted as JSON writes them (`"finalised"`, `one of "PDNG", "ACCP"`). */
  expected: string;
  actual: string;
}

/** A step as run. */
export interface FlowStepRun {
  /** 1-based. */
  number: number;
  step: FlowStepSummary;
  /** false for a free step added from the composer. */
  fromFlow: boolean;
  exchanges: FlowExchange[];
  /** The status of the step's main request; null when it could not be made. */
  status: number | null;
  met: boolean;
  unmet: FlowUnmet[];
  /** Why it could not be made. */
  error: string | null;
  changes: BankChange[];
  startedAt: string;
  finishedAt: string;
}

/** What a run is waiting for. */
export type FlowPending =
  /** The next request of the current step, built and signed, not yet sent. */
  | { kind: 'request'; request: FlowRequest }
  /** The PSU must approve or reject on the phone (the journey's SCA link has been opened). */
  | { kind: 'psu'; journeyId: string; psuId: string; role: string; expected: 'approve' | 'reject'; either?: boolean };

export type FlowRunPhase = 'ready' | 'waiting' | 'running' | 'finished';

/** A run of a flow, live or kept (`GET /simulator/v1/runs/{id}`). */
export interface FlowRunState {
  runId: string;
  flow: FlowSummary;
  institution: string;
  /** psuId by role. */
  psus: Record<string, string>;
  /** The value of each of the flow's parameters the run uses (a replay uses them again). */
  params: Record<string, string>;
  /** The PSUs' decisions in the bank's app are made by the run itself. */
  autoApprove: boolean;
  /** The run holds the simulated clock still while it is unfinished. */
  pauseClock: boolean;
  /** ready: nothing under way, `nextStep` can start; waiting: see `pending`; running: a step is being run; finished: no step left (or stopped at an unmet one). */
  phase: FlowRunPhase;
  steps: FlowStepRun[];
  /** The step that runs next (its request is `pending` once prepared). */
  nextStep: FlowStepSummary | null;
  /** The exchanges of the step under way, so far. */
  current: FlowExchange[];
  pending: FlowPending | null;
  /** true once every step met its expectation; false when one did not; null while steps remain. */
  met: boolean | null;
  startedAt: string;
  finishedAt: string | null;
  /** The run this one replays. */
  replayOf: string | null;
  /** Imported from a file: kept for reading and replay, not continued. */
  imported: boolean;
}

/** A kept run in the list (`GET /simulator/v1/runs`), newest first. */
export interface FlowRunListItem {
  runId: string;
  flowName: string;
  flowTitle: string;
  institution: string;
  startedAt: string;
  finishedAt: string | null;
  met: boolean | null;
  stepCount: number;
  /** The main status of each step run, in order. */
  statuses: (number | null)[];
  replayOf: string | null;
  imported: boolean;
}

export interface StartRunOptions {
  /** A library flow's name, or null for a run of free steps only (the composer on its own). */
  flow: string | null;
  /** Default: the flow's first (or, with no flow, the first institution of the simulator). */
  institution?: string;
  /** psuId by role, in place of the flow's defaults. */
  psus?: Record<string, string>;
  /** Values of the flow's parameters by name, in place of their defaults. */
  params?: Record<string, string>;
  autoApprove: boolean;
  /** Hold the simulated clock still while the run is unfinished (default true): time-limited outcomes wait for the person stepping. */
  pauseClock?: boolean;
}

/** `POST /simulator/v1/runs/{id}/replay` body: stop before step `untilStep` (1-based) instead of running to the end. */
export interface ReplayRunOptions {
  untilStep?: number;
}

/** A free step (the composer): any operation of the library with its parameters, added after the run's steps. */
export interface FreeStep {
  operation: string;
  /** Values for the operation's parameters; `psu` names a PSU role of the run or a psuId of the institution. */
  params: Record<string, unknown>;
  title?: string;
}

/** Which rows of an operator's list, newest first: `limit` 1-500, `offset` from 0. */
export interface ListPageQuery {
  limit: number;
  offset: number;
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
  /** Searches the whole traffic log, newest first, with the count of every match. */
  searchExchanges(query: ExchangeQuery): Promise<ExchangePage>;
  listJourneys(): Promise<ScaJourney[]>;
  /** Newest first: the first 500, or the page asked for. */
  listConsents(page?: ListPageQuery): Promise<ConsentSummary[]>;
  listPayments(page?: ListPageQuery): Promise<PaymentSummary[]>;
  listBaskets(page?: ListPageQuery): Promise<BasketSummary[]>;
  /** How many consents, payments and baskets there are in all, however many a page holds (each list's X-Total-Count). */
  resourceTotals(): Promise<ResourceTotals>;
  listPsus(): Promise<PsuSummary[]>;
  /** The institution's pain.001 templates (the payment editor's "Load template" and the institution's BIC and products). */
  listTemplates(institution: string): Promise<Pain001TemplateSummary[]>;
  listInstitutions(): Promise<InstitutionSummary[]>;
  /** The payees of the VoP registry, each with a creditor name and the outcome it demonstrates (the editor's templates). */
  listVopRegistry(institution: string): Promise<VopRegistry>;
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
  /** One exchange of the traffic log, for the Inspector opened from a diagram arrow. */
  getExchange(id: number): Promise<Exchange>;
  /** Sends an exchange again as the built-in TPP with the choices given; answers the new exchange, with its diagnosis. */
  resendExchange(id: number, options: ResendOptions): Promise<Exchange>;
  /** Pins (true) or unpins an exchange: a pinned one is never discarded; answers it as now logged. */
  pinExchange(id: number, pinned: boolean): Promise<Exchange>;
  /** The bank's diagnosis of a pasted raw HTTP request, cURL command or HAR entry; nothing is sent to the bank. */
  diagnoseRequest(kind: PastedRequestKind, text: string): Promise<PastedDiagnosis>;
  /** Batched host events; returns the unsubscribe function. */
  subscribe(listener: (events: WorkbenchEvent[]) => void): () => void;
}

/** The methods invoked over IPC; `subscribe` is not invoked: events arrive on WorkbenchEventChannel. */
export type WorkbenchMethod = Exclude<keyof WorkbenchApi, 'subscribe'>;

/**
 * The IPC channel of each method. The preload invokes and the main process handles exactly these,
 * each side deriving the name from the method, so a channel cannot exist on one side only.
 */
export type WorkbenchChannel = `workbench:${WorkbenchMethod}`;

export type WorkbenchEventChannel = 'workbench:events';
