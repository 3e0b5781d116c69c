import type { WorkbenchApi } from '../../../preload/api/workbench-api';
import { browserApi } from './browser-api';

export type { SimulatorInfo, WorkbenchApi } from '../../../preload/api/workbench-api';

/** The host's API: Electron's preload bridge in the desktop app, HTTP in the browser host. */
export const workbench: WorkbenchApi = window.workbench ?? browserApi;
