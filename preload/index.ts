// Runs sandboxed: bundled to one CommonJS file whose only require is 'electron'.
// Exposes the named workbench API, never ipcRenderer itself (STYLE.md, HTTP Toolkit).
import type { IpcRendererEvent } from 'electron';
import { contextBridge, ipcRenderer } from 'electron';
import type {
  BasketSummary,
  ConsentSummary,
  Exchange,
  PaymentSummary,
  PsuSummary,
  ScaJourney,
  SentResponse,
  SimulatorInfo,
  WorkbenchApi,
  WorkbenchChannel,
  WorkbenchEvent,
} from './api/workbench-api';
import { isWorkbenchChannel, WORKBENCH_CHANNELS, WORKBENCH_EVENT_CHANNEL } from './api/workbench-api';

function invoke<T>(channel: WorkbenchChannel, ...args: unknown[]): Promise<T> {
  // The type already restricts the channel; the runtime check keeps the allowlist
  // the single gate even if a caller is written in plain JavaScript later.
  if (!isWorkbenchChannel(channel)) return Promise.reject(new Error(`unknown workbench channel ${channel}`));
  return ipcRenderer.invoke(channel, ...args) as Promise<T>;
}

const C = WORKBENCH_CHANNELS;

const workbench: WorkbenchApi = {
  getInfo: () => invoke<SimulatorInfo>(C.getInfo),
  simulatorUrl: () => invoke<string>(C.simulatorUrl),
  listExchanges: (limit, resourceId) => invoke<Exchange[]>(C.listExchanges, limit, resourceId),
  listJourneys: () => invoke<ScaJourney[]>(C.listJourneys),
  listConsents: () => invoke<ConsentSummary[]>(C.listConsents),
  listPayments: () => invoke<PaymentSummary[]>(C.listPayments),
  listBaskets: () => invoke<BasketSummary[]>(C.listBaskets),
  listPsus: () => invoke<PsuSummary[]>(C.listPsus),
  actOnJourney: (journeyId, action) => invoke<ScaJourney>(C.actOnJourney, journeyId, action),
  openJourney: (journeyId) => invoke<void>(C.openJourney, journeyId),
  advanceClock: (duration) => invoke<{ now: string }>(C.advanceClock, duration),
  setClock: (instant) => invoke<{ now: string }>(C.setClock, instant),
  reset: () => invoke<void>(C.reset),
  setMode: (mode) => invoke<{ mode: 'simulation' | 'sandbox' }>(C.setMode, mode),
  sendRequest: (request) => invoke<SentResponse>(C.sendRequest, request),
  subscribe(listener) {
    // The page only ever sees the events, not Electron's event object (which carries the sender).
    const onEvents = (_event: IpcRendererEvent, events: WorkbenchEvent[]): void => listener(events);
    ipcRenderer.on(WORKBENCH_EVENT_CHANNEL, onEvents);
    return () => {
      ipcRenderer.removeListener(WORKBENCH_EVENT_CHANNEL, onEvents);
    };
  },
};

contextBridge.exposeInMainWorld('workbench', workbench);
