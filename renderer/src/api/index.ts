import type { WorkbenchApi } from '../../../preload/api/workbench-api';
import { browserApi, openEvents } from './browser-api';

export type { SimulatorInfo, WorkbenchApi } from '../../../preload/api/workbench-api';

/** The host's API: Electron's preload bridge in the desktop app, HTTP in the browser host. */
export const workbench: WorkbenchApi = window.workbench ?? browserApi;

/** Resolves when the host's events reach the page: at once over IPC, once the stream is open in the browser. */
export const hostReady: Promise<void> = window.workbench ? Promise.resolve() : openEvents();
