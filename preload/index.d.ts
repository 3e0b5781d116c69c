// The window's view of the preload, declared once for the renderer (tsconfig.web.json).
import type { WorkbenchApi } from './api/workbench-api';

declare global {
  interface Window {
    /** Present in the desktop app; absent in the browser host (see renderer/src/api). */
    readonly workbench?: WorkbenchApi;
  }
}

export {};
