// The one typed API between the UI and its host (DESIGN.md "Architecture", renderer).
// Electron implements it in preload/index.ts over IPC, the browser host in
// renderer/src/api/browser-api.ts over HTTP. The renderer's tsconfig includes this
// file, so it must stay free of Electron and Node imports.

/** `GET /simulator/v1/info` of the control API. */
export interface SimulatorInfo {
  version: string;
  mode: 'simulation' | 'sandbox';
  institutions: string[];
  /** The simulated clock, ISO-8601. */
  now: string;
}

export interface WorkbenchApi {
  getInfo(): Promise<SimulatorInfo>;
  /** Origin of the running simulator, e.g. http://127.0.0.1:4646. */
  simulatorUrl(): Promise<string>;
}

/**
 * Every IPC channel the preload may invoke and the main process handles. Both sides
 * read this one constant, so a channel cannot exist on one side only.
 */
export const WORKBENCH_CHANNELS = {
  getInfo: 'workbench:get-info',
  simulatorUrl: 'workbench:simulator-url',
} as const satisfies Record<keyof WorkbenchApi, string>;

export type WorkbenchChannel = (typeof WORKBENCH_CHANNELS)[keyof typeof WORKBENCH_CHANNELS];

export function isWorkbenchChannel(value: string): value is WorkbenchChannel {
  return (Object.values(WORKBENCH_CHANNELS) as string[]).includes(value);
}
