// The one typed API between the UI and its host (DESIGN.md "Architecture", renderer): types only.
// Electron implements it in preload/index.ts over IPC, the browser host in
// renderer/src/api/browser-api.ts over HTTP and server-sent events; the control API answers in
// these shapes (main/http/contract.ts maps the engine's values to them). Both tsconfigs include
// this file, so it imports nothing.

/** The simulator's two behaviours (DESIGN.md "Two behaviours of the simulator"). */
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

/** The bank's verdict on a signed request (`signature` of an exchange). */
export interface SignatureDiagnosis {
  operation: string;
  checks: SignatureCheck[];
  verdict: { valid: true } | { valid: false; code: string; status: number; text: string; checkId: string };
  digest: { sent: string | null; computed: string };
  headersParameter: string[] | null;
  signingString: { text: string; lines: { name: string; value: string | null }[] } | null;
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

export interface ExchangeMessage {
  headers: Record<string, string | string[]>;
  body: string | null;
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
}

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
  | { type: 'clock'; now: string }
  | { type: 'mode'; mode: SimulatorMode }
  | { type: 'reset' }
  | { type: 'operator-settings' };

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

export interface WorkbenchApi {
  getInfo(): Promise<SimulatorInfo>;
  /** Origin of the running simulator, e.g. http://127.0.0.1:4646. */
  simulatorUrl(): Promise<string>;
  /** Newest first; with `resourceId`, only the exchanges concerning that consent, payment or basket. */
  listExchanges(limit: number, resourceId?: string): Promise<Exchange[]>;
  listJourneys(): Promise<ScaJourney[]>;
  listConsents(): Promise<ConsentSummary[]>;
  listPayments(): Promise<PaymentSummary[]>;
  listBaskets(): Promise<BasketSummary[]>;
  listPsus(): Promise<PsuSummary[]>;
  /** The PSU approves or rejects in the bank's app (the journey must have been opened). */
  actOnJourney(journeyId: string, action: 'approve' | 'reject'): Promise<ScaJourney>;
  /** Opens an SCA link as the PSU's browser would (single use). */
  openJourney(journeyId: string): Promise<void>;
  /** The PSU revokes a valid consent in the bank's app ("connected providers"): it becomes revokedByPsu. */
  revokeConsent(consentId: string): Promise<ConsentSummary>;
  advanceClock(duration: string): Promise<{ now: string }>;
  setClock(instant: string): Promise<{ now: string }>;
  reset(): Promise<void>;
  setMode(mode: SimulatorMode): Promise<{ mode: SimulatorMode }>;
  sendRequest(request: OutgoingRequest): Promise<SentResponse>;
  getRateLimit(): Promise<RateLimit>;
  setRateLimit(perSecond: number): Promise<RateLimit>;
  listServiceBlocks(): Promise<ServiceBlock[]>;
  blockService(institution: string, tppId: string | null): Promise<ServiceBlock>;
  unblockService(institution: string, tppId: string | null): Promise<void>;
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
