// The control API (`/simulator/v1`) over fetch, shared by both hosts: the browser host calls
// it from the page (same origin), Electron's main process from Node. Only fetch and URL are
// used, which both runtimes provide, so this file imports nothing but the contract.
import type {
  BasketSummary,
  ConsentSummary,
  Exchange,
  ExchangePage,
  ExchangeSummary,
  ExchangeQuery,
  FlowOperationSummary,
  FlowRunListItem,
  FlowRunState,
  FlowSummary,
  OutgoingRequest,
  PastedDiagnosis,
  InstitutionSummary,
  Pain001TemplateSummary,
  PaymentSummary,
  PsuSummary,
  PhoneLink,
  RateLimit,
  ScaJourney,
  ServiceBlock,
  FaultRuleInput,
  FaultRuleReport,
  ConductQuery,
  ConductReport,
  SentResponse,
  SimulatorInfo,
  SimulatorMode,
  ClockReading,
  VopRegistry,
  VopRegistryPayee,
  SavedLesson,
  LessonsFile,
  LessonsImported,
  WorkbenchApi,
  ListPageQuery,
} from '../preload/api/workbench-api';

import { harCountOf } from './har';

export type ControlClient = Omit<WorkbenchApi, 'simulatorUrl' | 'subscribe'>;

/** Request headers fetch computes itself; Node's fetch rejects some of them when set by hand. */
const HOP_BY_HOP = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'expect', 'upgrade', 'te']);

const run = (runId: string): string => `/runs/${encodeURIComponent(runId)}`;

const pageQuery = (page: ListPageQuery | undefined): string => (page === undefined ? '' : `?limit=${page.limit}&offset=${page.offset}`);

export class ControlApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ControlApiError';
  }
}

/**
 * `baseUrl` is the simulator's origin, or '' for relative URLs from a page the simulator serves.
 * `ready` is awaited before each call (the browser UI first trades its control token for a cookie).
 */
export function controlClient(baseUrl: string, ready: Promise<void> = Promise.resolve()): ControlClient {
  const control = `${baseUrl}/simulator/v1`;

  async function json<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    await ready;
    const res = await fetch(`${control}${path}`, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new ControlApiError(res.status, `${method} /simulator/v1${path}: ${res.status} ${errorText(text)}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  /** A search of the traffic log: the array body, the counts from the X-Total-Count, X-Kept-Count and X-Discarded-(Failure-)Count headers. */
  async function search(query: ExchangeQuery): Promise<ExchangePage> {
    await ready;
    const params = exchangeSearchParams(query);
    params.set('view', 'summary');
    const path = `/exchanges?${params.toString()}`;
    const res = await fetch(`${control}${path}`, { headers: { accept: 'application/json' } });
    const text = await res.text();
    if (!res.ok) throw new ControlApiError(res.status, `GET /simulator/v1${path}: ${res.status} ${errorText(text)}`);
    const exchanges = JSON.parse(text) as ExchangeSummary[];
    const count = (name: string, absent: number): number => Number(res.headers.get(name) ?? absent);
    return {
      exchanges,
      total: count('x-total-count', exchanges.length),
      kept: count('x-kept-count', exchanges.length),
      discarded: count('x-discarded-count', 0),
      discardedFailures: count('x-discarded-failure-count', 0),
      discardedSignatureFailures: count('x-discarded-signature-failure-count', 0),
    };
  }

  /** A list's length from its X-Total-Count, asking for one row. */
  async function total(path: string): Promise<number> {
    await ready;
    const res = await fetch(`${control}${path}?limit=1`, { headers: { accept: 'application/json' } });
    const text = await res.text();
    if (!res.ok) throw new ControlApiError(res.status, `GET /simulator/v1${path}: ${res.status} ${errorText(text)}`);
    return Number(res.headers.get('x-total-count') ?? 0);
  }

  /** A file the host writes out as it is (an exported run, a HAR). */
  async function text(method: 'GET', path: string): Promise<string> {
    await ready;
    const res = await fetch(`${control}${path}`, { method });
    const body = await res.text();
    if (!res.ok) throw new ControlApiError(res.status, `${method} /simulator/v1${path}: ${res.status} ${errorText(body)}`);
    return body;
  }

  return {
    getInfo: () => json<SimulatorInfo>('GET', '/info'),
    listExchanges: (limit, resourceId) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (resourceId !== undefined) query.set('resource', resourceId);
      return json<Exchange[]>('GET', `/exchanges?${query.toString()}`);
    },
    searchExchanges: (query) => search(query),
    listJourneys: () => json<ScaJourney[]>('GET', '/sca'),
    listConsents: (page) => json<ConsentSummary[]>('GET', `/consents${pageQuery(page)}`),
    listPayments: (page) => json<PaymentSummary[]>('GET', `/payments${pageQuery(page)}`),
    listBaskets: (page) => json<BasketSummary[]>('GET', `/baskets${pageQuery(page)}`),
    resourceTotals: async () => {
      const [consents, payments, baskets] = await Promise.all(['/consents', '/payments', '/baskets'].map((path) => total(path)));
      return { consents: consents ?? 0, payments: payments ?? 0, baskets: baskets ?? 0 };
    },
    listPsus: () => json<PsuSummary[]>('GET', '/psus'),
    createPhoneLink: (psuId) => json<PhoneLink>('POST', '/phone-links', { psuId }),
    listTemplates: (institution) => json<Pain001TemplateSummary[]>('GET', `/templates?${new URLSearchParams({ institution }).toString()}`),
    listInstitutions: () => json<InstitutionSummary[]>('GET', '/institutions'),
    listVopRegistry: (institution) => json<VopRegistry>('GET', `/vop-registry?${new URLSearchParams({ institution }).toString()}`),
    addVopRegistryPayee: (payee) => json<VopRegistryPayee>('POST', '/vop-registry', payee),
    removeVopRegistryPayee: (institution, iban) => json<void>('DELETE', `/vop-registry/${encodeURIComponent(institution)}/${encodeURIComponent(iban)}`),
    addPsu: (psu) => json<PsuSummary>('POST', '/psus', psu),
    removePsu: (psuId) => json<void>('DELETE', `/psus/${encodeURIComponent(psuId)}`),
    listLessons: () => json<SavedLesson[]>('GET', '/lessons'),
    saveLesson: (lesson) => json<SavedLesson>('POST', '/lessons', lesson),
    removeLesson: (name) => json<void>('DELETE', `/lessons/${encodeURIComponent(name)}`),
    exportLessons: () => json<LessonsFile>('GET', '/lessons/export'),
    importLessons: (file) => json<LessonsImported>('POST', '/lessons/import', file),
    getPaymentPain001: (paymentId) => text('GET', `/payments/${encodeURIComponent(paymentId)}/pain001`),
    getPaymentPain002: (paymentId) => text('GET', `/payments/${encodeURIComponent(paymentId)}/pain002`),
    actOnJourney: (journeyId, action) => json<ScaJourney>('POST', `/sca/${encodeURIComponent(journeyId)}`, { action }),
    revokeConsent: (consentId) => json<ConsentSummary>('POST', `/consents/${encodeURIComponent(consentId)}/revoke`, {}),
    async openJourney(journeyId) {
      const res = await fetch(`${baseUrl}/sca/${encodeURIComponent(journeyId)}`, { headers: { accept: 'text/html' } });
      const text = await res.text();
      if (!res.ok) throw new ControlApiError(res.status, `GET /sca/${journeyId}: ${res.status} ${errorText(text)}`);
    },
    getClock: () => json<ClockReading>('GET', '/clock'),
    advanceClock: (duration) => json<ClockReading>('POST', '/clock', { advance: duration }),
    setClock: (instant) => json<ClockReading>('POST', '/clock', { set: instant }),
    setClockPaused: (paused) => json<ClockReading>('POST', '/clock', { paused }),
    async reset(options) {
      await json<unknown>('POST', '/reset', options ?? {});
    },
    setMode: (mode) => json<{ mode: SimulatorMode }>('POST', '/mode', { mode }),
    sendRequest: (request) => send(baseUrl, request),
    getRateLimit: () => json<RateLimit>('GET', '/rate-limit'),
    setRateLimit: (perSecond) => json<RateLimit>('POST', '/rate-limit', { perSecond }),
    listServiceBlocks: () => json<ServiceBlock[]>('GET', '/service-blocks'),
    blockService: (institution, tppId) => json<ServiceBlock>('POST', '/service-blocks', tppId === null ? { institution } : { institution, tppId }),
    unblockService: (institution, tppId) => json<void>('DELETE', '/service-blocks', tppId === null ? { institution } : { institution, tppId }),
    listFaults: () => json<FaultRuleReport[]>('GET', '/faults'),
    addFault: (rule: FaultRuleInput) => json<FaultRuleReport>('POST', '/faults', rule),
    removeFault: (id) => json<void>('DELETE', `/faults/${id}`),
    clearFaults: () => json<void>('DELETE', '/faults'),
    getConduct: (query) => json<ConductReport>('GET', `/conduct${conductSearch(query)}`),
    listFlows: () => json<FlowSummary[]>('GET', '/flows'),
    listFlowOperations: () => json<FlowOperationSummary[]>('GET', '/flow-operations'),
    startRun: (options) => json<FlowRunState>('POST', '/runs', options),
    prepareStep: (runId) => json<FlowRunState>('POST', `${run(runId)}/prepare`, {}),
    sendStep: (runId, edit, until) => json<FlowRunState>('POST', `${run(runId)}/send`, { edit, until }),
    addFreeStep: (runId, step) => json<FlowRunState>('POST', `${run(runId)}/free-steps`, step),
    setAutoApprove: (runId, on) => json<FlowRunState>('POST', `${run(runId)}/auto-approve`, { on }),
    getRun: (runId) => json<FlowRunState>('GET', run(runId)),
    listRuns: () => json<FlowRunListItem[]>('GET', '/runs'),
    deleteRun: (runId) => json<void>('DELETE', run(runId)),
    replayRun: (runId, options) => json<FlowRunState>('POST', `${run(runId)}/replay`, options ?? {}),
    exportRun: (runId) => text('GET', `${run(runId)}/export`),
    importRun: (file) => json<FlowRunState>('POST', '/runs/import', { file }),
    exportRunHar: (runId) => text('GET', `${run(runId)}/har`),
    async exportExchangesHar(query) {
      const { limit: _page, before: _older, ...filters } = query;
      const har = await text('GET', `/exchanges/har?${exchangeSearchParams(filters).toString()}`);
      const count = harCountOf(har);
      if (count === null) throw new ControlApiError(500, 'GET /simulator/v1/exchanges/har ended before the log was complete: the export was cut short');
      return { text: har, count };
    },
    getExchange: (id) => json<Exchange>('GET', `/exchanges/${id}`),
    resendExchange: (id, options) => json<Exchange>('POST', `/exchanges/${id}/resend`, options),
    pinExchange: (id, pinned) => json<Exchange>(pinned ? 'POST' : 'DELETE', `/exchanges/${id}/pin`),
    diagnoseRequest: (kind, text, options = {}) => json<PastedDiagnosis>('POST', '/diagnose', { kind, text, ...options }),
  };
}

/** `?tppId=…&since=…`: the fields given, or nothing. */
function conductSearch(query: ConductQuery): string {
  const params = new URLSearchParams();
  for (const name of ['tppId', 'since', 'until'] as const) {
    const value = query[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** The query string of a search, the lists comma-separated. */
export function exchangeSearchParams(query: ExchangeQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q !== undefined && query.q.trim() !== '') params.set('q', query.q.trim());
  if (query.status !== undefined && query.status.length > 0) params.set('status', query.status.join(','));
  if (query.signature !== undefined && query.signature.length > 0) params.set('signature', query.signature.join(','));
  for (const name of ['tpp', 'institution', 'resource'] as const) {
    const value = query[name];
    if (value !== undefined) params.set(name, value);
  }
  if (query.fault !== undefined) params.set('fault', String(query.fault));
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  return params;
}

async function send(baseUrl: string, request: OutgoingRequest): Promise<SentResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers[name] = value;
  }
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  const started = performance.now();
  // Redirects are answers of the bank (SCA, OAuth) the user wants to see, not follow.
  const res = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    redirect: 'manual',
  });
  const body = await res.text();
  const durationMs = Math.round(performance.now() - started);
  const responseHeaders: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  // A browser hides a manual redirect's status and Location (an "opaque redirect").
  if (res.type === 'opaqueredirect')
    return { status: 0, headers: responseHeaders, body: '(a redirect, whose target the browser does not reveal; the Inspector list shows it)', durationMs };
  return { status: res.status, headers: responseHeaders, body, durationMs };
}

/** The first tppMessages text of a Berlin Group error body, else the body's start. */
function errorText(text: string): string {
  try {
    const parsed = JSON.parse(text) as { tppMessages?: { code?: string; text?: string }[] };
    const first = parsed.tppMessages?.[0];
    if (first) return [first.code, first.text].filter(Boolean).join(': ');
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 200);
}
