// Main-process side of the workbench API. Takes the ipcMain surface it needs rather
// than importing Electron, so it runs in plain Node too.
import type { SimulatorInfo } from '../../../preload/api/workbench-api';
import { WORKBENCH_CHANNELS } from '../../../preload/api/workbench-api';

/** The part of an IpcMainInvokeEvent we rely on. */
export interface InvokeEvent {
  senderFrame: { url: string } | null;
}

export interface IpcRegistrar {
  handle(channel: string, listener: (event: InvokeEvent) => Promise<unknown>): void;
}

export interface WorkbenchIpcDeps {
  /** Origin of the running simulator, e.g. http://127.0.0.1:4646. */
  simulatorUrl(): string;
  /** Whether a frame at this URL is the app's own page. */
  isTrustedSender(frameUrl: string): boolean;
}

export function registerWorkbenchIpc(ipc: IpcRegistrar, deps: WorkbenchIpcDeps): void {
  // Any page that ends up in a webContents could call invoke(); only our own page gets answers.
  const guarded =
    <T>(run: () => Promise<T>) =>
    async (event: InvokeEvent): Promise<T> => {
      const url = event.senderFrame?.url ?? '';
      if (!deps.isTrustedSender(url)) throw new Error(`workbench API refused for ${url || 'an unknown frame'}`);
      return run();
    };

  ipc.handle(
    WORKBENCH_CHANNELS.getInfo,
    guarded(() => fetchInfo(deps.simulatorUrl())),
  );
  ipc.handle(
    WORKBENCH_CHANNELS.simulatorUrl,
    guarded(async () => deps.simulatorUrl()),
  );
}

// Node's fetch rather than Electron's net: the simulator is on loopback and must not
// go through the system proxy that Chromium's network stack would apply.
async function fetchInfo(baseUrl: string): Promise<SimulatorInfo> {
  const res = await fetch(`${baseUrl}/simulator/v1/info`);
  if (!res.ok) throw new Error(`the simulator answered ${res.status} to GET /simulator/v1/info`);
  return (await res.json()) as SimulatorInfo;
}
