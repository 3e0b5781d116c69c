// Runs sandboxed: bundled to one CommonJS file whose only require is 'electron'.
// Exposes the named workbench API, never ipcRenderer itself (docs/architecture.md#the-workbench-contract).
import type { IpcRendererEvent } from 'electron';
import { contextBridge, ipcRenderer } from 'electron';
import type { WorkbenchApi, WorkbenchChannel, WorkbenchEvent, WorkbenchEventChannel, WorkbenchMethod } from './api/workbench-api';

const EVENT_CHANNEL: WorkbenchEventChannel = 'workbench:events';

function invoke<M extends WorkbenchMethod>(method: M, ...args: Parameters<WorkbenchApi[M]>): ReturnType<WorkbenchApi[M]> {
  const channel: WorkbenchChannel = `workbench:${method}`;
  return ipcRenderer.invoke(channel, ...args) as ReturnType<WorkbenchApi[M]>;
}

// Every method is spelled out: the page can reach exactly these channels and no other.
const workbench: WorkbenchApi = {
  getInfo: () => invoke('getInfo'),
  simulatorUrl: () => invoke('simulatorUrl'),
  listExchanges: (limit, resourceId) => invoke('listExchanges', limit, resourceId),
  searchExchanges: (query) => invoke('searchExchanges', query),
  listJourneys: () => invoke('listJourneys'),
  listConsents: (page) => invoke('listConsents', page),
  listPayments: (page) => invoke('listPayments', page),
  listBaskets: (page) => invoke('listBaskets', page),
  resourceTotals: () => invoke('resourceTotals'),
  listPsus: () => invoke('listPsus'),
  createPhoneLink: (psuId) => invoke('createPhoneLink', psuId),
  listTemplates: (institution) => invoke('listTemplates', institution),
  listInstitutions: () => invoke('listInstitutions'),
  listVopRegistry: (institution) => invoke('listVopRegistry', institution),
  addVopRegistryPayee: (payee) => invoke('addVopRegistryPayee', payee),
  removeVopRegistryPayee: (institution, iban) => invoke('removeVopRegistryPayee', institution, iban),
  addPsu: (psu) => invoke('addPsu', psu),
  removePsu: (psuId) => invoke('removePsu', psuId),
  listLessons: () => invoke('listLessons'),
  saveLesson: (lesson) => invoke('saveLesson', lesson),
  removeLesson: (name) => invoke('removeLesson', name),
  exportLessons: () => invoke('exportLessons'),
  importLessons: (file) => invoke('importLessons', file),
  getPaymentPain001: (paymentId) => invoke('getPaymentPain001', paymentId),
  getPaymentPain002: (paymentId) => invoke('getPaymentPain002', paymentId),
  actOnJourney: (journeyId, action) => invoke('actOnJourney', journeyId, action),
  openJourney: (journeyId) => invoke('openJourney', journeyId),
  revokeConsent: (consentId) => invoke('revokeConsent', consentId),
  getClock: () => invoke('getClock'),
  advanceClock: (duration) => invoke('advanceClock', duration),
  setClock: (instant) => invoke('setClock', instant),
  setClockPaused: (paused) => invoke('setClockPaused', paused),
  reset: (options) => invoke('reset', options),
  setMode: (mode) => invoke('setMode', mode),
  sendRequest: (request) => invoke('sendRequest', request),
  getRateLimit: () => invoke('getRateLimit'),
  setRateLimit: (perSecond) => invoke('setRateLimit', perSecond),
  listServiceBlocks: () => invoke('listServiceBlocks'),
  blockService: (institution, tppId) => invoke('blockService', institution, tppId),
  unblockService: (institution, tppId) => invoke('unblockService', institution, tppId),
  listFaults: () => invoke('listFaults'),
  addFault: (rule) => invoke('addFault', rule),
  removeFault: (id) => invoke('removeFault', id),
  clearFaults: () => invoke('clearFaults'),
  getConduct: (query) => invoke('getConduct', query),
  listFlows: () => invoke('listFlows'),
  listFlowOperations: () => invoke('listFlowOperations'),
  startRun: (options) => invoke('startRun', options),
  prepareStep: (runId) => invoke('prepareStep', runId),
  sendStep: (runId, edit, until) => invoke('sendStep', runId, edit, until),
  addFreeStep: (runId, step) => invoke('addFreeStep', runId, step),
  setAutoApprove: (runId, on) => invoke('setAutoApprove', runId, on),
  getRun: (runId) => invoke('getRun', runId),
  listRuns: () => invoke('listRuns'),
  deleteRun: (runId) => invoke('deleteRun', runId),
  replayRun: (runId, options) => invoke('replayRun', runId, options),
  exportRun: (runId) => invoke('exportRun', runId),
  importRun: (file) => invoke('importRun', file),
  exportRunHar: (runId) => invoke('exportRunHar', runId),
  exportExchangesHar: (query) => invoke('exportExchangesHar', query),
  getExchange: (id) => invoke('getExchange', id),
  resendExchange: (id, options) => invoke('resendExchange', id, options),
  pinExchange: (id, pinned) => invoke('pinExchange', id, pinned),
  diagnoseRequest: (kind, text, options) => invoke('diagnoseRequest', kind, text, options),
  // Events over IPC never drop, so nothing is ever missed: the second argument (`missed`) is never called.
  subscribe(listener) {
    // The page only ever sees the events, not Electron's event object (which carries the sender).
    const onEvents = (_event: IpcRendererEvent, events: WorkbenchEvent[]): void => listener(events);
    ipcRenderer.on(EVENT_CHANNEL, onEvents);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, onEvents);
    };
  },
};

contextBridge.exposeInMainWorld('workbench', workbench);
