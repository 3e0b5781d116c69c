// Main-process side of the workbench API. Takes the ipcMain surface it needs rather
// than importing Electron, so it runs in plain Node too.
import type {
  ConductQuery,
  DiagnoseOptions,
  ExchangeQuery,
  ListPageQuery,
  OutgoingRequest,
  WorkbenchApi,
  WorkbenchChannel,
  WorkbenchEvent,
  WorkbenchEventChannel,
  WorkbenchMethod,
} from '../../../preload/api/workbench-api';
import type { ControlClient } from '../../../shared/control-client';
import { controlClient } from '../../../shared/control-client';
import { createEventBatcher } from '../../../shared/event-batcher';
import { SIMULATOR_MODES } from '../../domain/simulator-mode';
import { toWorkbenchEvent } from '../../http/contract';
import type { SimulatorEvent } from '../../services/events';

const EVENT_CHANNEL: WorkbenchEventChannel = 'workbench:events';

/** The part of an IpcMainInvokeEvent we rely on. */
export interface InvokeEvent {
  senderFrame: { url: string } | null;
}

export interface IpcRegistrar {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
}

/** The part of a BrowserWindow events are sent to. */
export interface EventTarget {
  isDestroyed(): boolean;
  webContents: { send(channel: string, payload: unknown): void };
}

export interface EventSourceLike {
  on(name: 'event', listener: (event: SimulatorEvent) => void): unknown;
  off(name: 'event', listener: (event: SimulatorEvent) => void): unknown;
}

export interface WorkbenchIpcDeps {
  /** Origin of the running simulator, e.g. http://127.0.0.1:4646. */
  simulatorUrl(): string;
  /** Whether a frame at this URL is the app's own page. */
  isTrustedSender(frameUrl: string): boolean;
}

class ArgumentError extends Error {}

const ID = /^[A-Za-z0-9._~-]{1,200}$/;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

function id(value: unknown, what: string): string {
  if (typeof value !== 'string' || !ID.test(value)) throw new ArgumentError(`${what} must be an identifier`);
  return value;
}

function shortString(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) throw new ArgumentError(`${what} must be a short string`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new ArgumentError(`${what} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function limit(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10_000)
    throw new ArgumentError('limit must be a whole number from 1 to 10000');
  return value;
}

function exchangeId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new ArgumentError('the exchange id must be a positive whole number');
  return value;
}

function faultRuleId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new ArgumentError('the fault rule id must be a positive whole number');
  return value;
}

const QUERY_FIELDS = new Set(['q', 'status', 'signature', 'tpp', 'institution', 'resource', 'fault', 'before', 'limit']);

/** A search of the log: known fields of the right types; the control API checks their values (400 naming the bad one). */
function exchangeQuery(value: unknown): ExchangeQuery {
  const query = object<Record<string, unknown>>(value, 'the exchange query');
  for (const [name, v] of Object.entries(query)) {
    if (!QUERY_FIELDS.has(name)) throw new ArgumentError(`the exchange query has no field ${name}`);
    if (v === undefined) continue;
    if (name === 'status' || name === 'signature') {
      if (!Array.isArray(v) || v.length > 10 || v.some((item) => typeof item !== 'string' || item.length > 10))
        throw new ArgumentError(`${name} must be a list of short strings`);
    } else if (name === 'fault') {
      if (v !== 'any' && (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)) throw new ArgumentError('fault must be any or a fault rule id');
    } else if (name === 'before' || name === 'limit') {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) throw new ArgumentError(`${name} must be a positive whole number`);
    } else if (typeof v !== 'string' || v.length > 200) {
      throw new ArgumentError(`${name} must be a string of at most 200 characters`);
    }
  }
  return query as ExchangeQuery;
}

const CONDUCT_FIELDS = new Set(['tppId', 'since', 'until']);

/** A conduct report's window: known fields, each a short string; the control API checks their values (400 naming the bad one). */
function conductQuery(value: unknown): ConductQuery {
  const query = object<Record<string, unknown>>(value, 'the conduct query');
  for (const [name, v] of Object.entries(query)) {
    if (!CONDUCT_FIELDS.has(name)) throw new ArgumentError(`the conduct query has no field ${name}`);
    if (v !== undefined && (typeof v !== 'string' || v.length > 100)) throw new ArgumentError(`${name} must be a string of at most 100 characters`);
  }
  return query as ConductQuery;
}

function perSecond(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100_000)
    throw new ArgumentError('perSecond must be a whole number from 0 to 100000');
  return value;
}

function outgoing(value: unknown): OutgoingRequest {
  const r = value as Partial<OutgoingRequest> | null;
  if (r === null || typeof r !== 'object') throw new ArgumentError('the request must be an object');
  if (typeof r.method !== 'string' || !METHODS.has(r.method)) throw new ArgumentError('method must be an HTTP method');
  // A path on the simulator only: the built-in TPP never talks to other hosts.
  if (typeof r.url !== 'string' || !r.url.startsWith('/') || r.url.startsWith('//')) throw new ArgumentError('url must be a path on the simulator');
  if (r.headers === null || typeof r.headers !== 'object') throw new ArgumentError('headers must be an object');
  const headers: Record<string, string> = {};
  for (const [name, v] of Object.entries(r.headers)) {
    if (typeof v !== 'string') throw new ArgumentError(`header ${name} must be a string`);
    headers[name] = v;
  }
  if (r.body !== null && typeof r.body !== 'string') throw new ArgumentError('body must be a string or null');
  return { method: r.method, url: r.url, headers, body: r.body ?? null };
}

/** A plain object argument; its fields are checked by the control API, which answers 400 naming the bad one. */
/** A saved lesson's name is the trainer's own sentence: any characters, as long as the control API takes it. */
function lessonName(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 140) throw new ArgumentError('the lesson name must be a string of 1 to 140 characters');
  return value;
}

function object<T>(value: unknown, what: string): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ArgumentError(`${what} must be an object`);
  return value as T;
}

function bool(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new ArgumentError(`${what} must be true or false`);
  return value;
}

function pastedText(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2_000_000) throw new ArgumentError('the pasted request must be text of at most 2,000,000 characters');
  return value;
}

function diagnoseOptions(value: unknown): DiagnoseOptions {
  return value === undefined || value === null ? {} : object(value, 'the diagnose options');
}

/** Absent: the first page; otherwise whole numbers the control API takes (it says what is wrong beyond that). */
function listPage(value: unknown): ListPageQuery | undefined {
  if (value === undefined) return undefined;
  const page = value as Partial<ListPageQuery> | null;
  if (typeof page !== 'object' || page === null || !Number.isSafeInteger(page.limit) || !Number.isSafeInteger(page.offset))
    throw new ArgumentError('a page is {limit, offset}: whole numbers');
  return { limit: page.limit as number, offset: page.offset as number };
}

function exportedFile(value: unknown): string {
  if (typeof value !== 'string' || value.length > 20_000_000) throw new ArgumentError('the run file must be text of at most 20 MB');
  return value;
}

/** One handler per method of the contract: the compiler refuses a missing or an extra one. */
type Handlers = {
  [M in WorkbenchMethod]: (client: ControlClient, args: unknown[], simulatorUrl: string) => ReturnType<WorkbenchApi[M]>;
};

const HANDLERS: Handlers = {
  getInfo: (api) => api.getInfo(),
  simulatorUrl: async (_api, _args, url) => url,
  listExchanges: (api, [n, r]) => api.listExchanges(limit(n), r === undefined ? undefined : id(r, 'resourceId')),
  searchExchanges: (api, [q]) => api.searchExchanges(exchangeQuery(q)),
  listJourneys: (api) => api.listJourneys(),
  listConsents: (api, [p]) => api.listConsents(listPage(p)),
  listPayments: (api, [p]) => api.listPayments(listPage(p)),
  listBaskets: (api, [p]) => api.listBaskets(listPage(p)),
  resourceTotals: (api) => api.resourceTotals(),
  listPsus: (api) => api.listPsus(),
  createPhoneLink: (api, [p]) => api.createPhoneLink(id(p, 'psuId')),
  listTemplates: (api, [i]) => api.listTemplates(shortString(i, 'institution')),
  listInstitutions: (api) => api.listInstitutions(),
  listVopRegistry: (api, [i]) => api.listVopRegistry(shortString(i, 'institution')),
  addVopRegistryPayee: (api, [p]) => api.addVopRegistryPayee(object(p, 'the payee')),
  removeVopRegistryPayee: (api, [i, n]) => api.removeVopRegistryPayee(shortString(i, 'institution'), id(n, 'iban')),
  addPsu: (api, [p]) => api.addPsu(object(p, 'the customer')),
  removePsu: (api, [p]) => api.removePsu(id(p, 'psuId')),
  listLessons: (api) => api.listLessons(),
  saveLesson: (api, [l]) => api.saveLesson(object(l, 'the lesson')),
  removeLesson: (api, [n]) => api.removeLesson(lessonName(n)),
  exportLessons: (api) => api.exportLessons(),
  importLessons: (api, [f]) => api.importLessons(object(f, 'the lessons file')),
  getPaymentPain001: (api, [p]) => api.getPaymentPain001(id(p, 'paymentId')),
  getPaymentPain002: (api, [p]) => api.getPaymentPain002(id(p, 'paymentId')),
  actOnJourney: (api, [j, a]) => api.actOnJourney(id(j, 'journeyId'), oneOf(a, ['approve', 'reject'] as const, 'action')),
  openJourney: (api, [j]) => api.openJourney(id(j, 'journeyId')),
  revokeConsent: (api, [c]) => api.revokeConsent(id(c, 'consentId')),
  getClock: (api) => api.getClock(),
  advanceClock: (api, [d]) => api.advanceClock(shortString(d, 'duration')),
  setClock: (api, [i]) => api.setClock(shortString(i, 'instant')),
  setClockPaused: (api, [p]) => api.setClockPaused(bool(p, 'paused')),
  reset: (api, [o]) => api.reset(o === undefined ? undefined : object(o, 'the reset options')),
  setMode: (api, [m]) => api.setMode(oneOf(m, SIMULATOR_MODES, 'mode')),
  sendRequest: (api, [r]) => api.sendRequest(outgoing(r)),
  getRateLimit: (api) => api.getRateLimit(),
  setRateLimit: (api, [n]) => api.setRateLimit(perSecond(n)),
  listServiceBlocks: (api) => api.listServiceBlocks(),
  blockService: (api, [i, t]) => api.blockService(shortString(i, 'institution'), t === null ? null : shortString(t, 'tppId')),
  unblockService: (api, [i, t]) => api.unblockService(shortString(i, 'institution'), t === null ? null : shortString(t, 'tppId')),
  listFaults: (api) => api.listFaults(),
  addFault: (api, [r]) => api.addFault(object(r, 'the fault rule')),
  removeFault: (api, [n]) => api.removeFault(faultRuleId(n)),
  clearFaults: (api) => api.clearFaults(),
  getConduct: (api, [q]) => api.getConduct(conductQuery(q)),
  listFlows: (api) => api.listFlows(),
  listFlowOperations: (api) => api.listFlowOperations(),
  startRun: (api, [o]) => api.startRun(object(o, 'the run options')),
  prepareStep: (api, [r]) => api.prepareStep(id(r, 'runId')),
  sendStep: (api, [r, e, u]) =>
    api.sendStep(id(r, 'runId'), e === null ? null : object(e, 'the edited request'), oneOf(u, ['request', 'step', 'end'] as const, 'until')),
  addFreeStep: (api, [r, f]) => api.addFreeStep(id(r, 'runId'), object(f, 'the free step')),
  setAutoApprove: (api, [r, on]) => api.setAutoApprove(id(r, 'runId'), bool(on, 'on')),
  getRun: (api, [r]) => api.getRun(id(r, 'runId')),
  listRuns: (api) => api.listRuns(),
  deleteRun: (api, [r]) => api.deleteRun(id(r, 'runId')),
  replayRun: (api, [r, o]) => api.replayRun(id(r, 'runId'), o === undefined || o === null ? undefined : object(o, 'the replay options')),
  exportRun: (api, [r]) => api.exportRun(id(r, 'runId')),
  importRun: (api, [f]) => api.importRun(exportedFile(f)),
  exportRunHar: (api, [r]) => api.exportRunHar(id(r, 'runId')),
  exportExchangesHar: (api, [q]) => api.exportExchangesHar(exchangeQuery(q)),
  getExchange: (api, [x]) => api.getExchange(exchangeId(x)),
  resendExchange: (api, [x, o]) => api.resendExchange(exchangeId(x), object(o, 'the resend choices')),
  pinExchange: (api, [x, p]) => api.pinExchange(exchangeId(x), bool(p, 'pinned')),
  diagnoseRequest: (api, [k, t, o]) => api.diagnoseRequest(oneOf(k, ['http', 'curl', 'har'] as const, 'kind'), pastedText(t), diagnoseOptions(o)),
};

export function registerWorkbenchIpc(ipc: IpcRegistrar, deps: WorkbenchIpcDeps): void {
  for (const method of Object.keys(HANDLERS) as WorkbenchMethod[]) {
    const channel: WorkbenchChannel = `workbench:${method}`;
    const handler = HANDLERS[method] as (client: ControlClient, args: unknown[], simulatorUrl: string) => Promise<unknown>;
    ipc.handle(channel, async (event, ...args) => {
      // Any page that ends up in a webContents could call invoke(); only our own page gets answers.
      const url = event.senderFrame?.url ?? '';
      if (!deps.isTrustedSender(url)) throw new Error(`workbench API refused for ${url || 'an unknown frame'}`);
      // Node's fetch rather than Electron's net: the simulator is on loopback and must not
      // go through the system proxy that Chromium's network stack would apply.
      const simulatorUrl = deps.simulatorUrl();
      return handler(controlClient(simulatorUrl), args, simulatorUrl);
    });
  }
}

/**
 * Forwards the simulator's events to the window in batches (docs/architecture.md#events-reach-the-ui-in-batches). The window
 * may be closed (macOS keeps the app running) or replaced, so it is looked up per batch.
 * Returns the function that stops forwarding.
 */
export function forwardEvents(events: EventSourceLike, target: () => EventTarget | undefined): () => void {
  const batcher = createEventBatcher<WorkbenchEvent>((batch) => {
    const win = target();
    if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, batch);
  });
  const listener = (event: SimulatorEvent): void => batcher.push(toWorkbenchEvent(event));
  events.on('event', listener);
  return () => {
    events.off('event', listener);
    batcher.dispose();
  };
}
