import type { WorkbenchApi } from '../../../preload/api/workbench-api';
import { browserApi, isPhoneLinkPage, openEvents } from './browser-api';

export type { SimulatorInfo, WorkbenchApi } from '../../../preload/api/workbench-api';

/** The host's API: Electron's preload bridge in the desktop app, HTTP in the browser host. */
export const workbench: WorkbenchApi = window.workbench ?? browserApi;

/** Resolves when the host's events reach the page: at once over IPC, once the stream is open in the browser. */
export const hostReady: Promise<void> = window.workbench ? Promise.resolve() : openEvents();

/** A page a class's phone opened with "Approve on your own phone": never in the desktop app. */
export const phoneLinkPage: boolean = !window.workbench && isPhoneLinkPage();
