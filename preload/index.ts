// Runs sandboxed: bundled to one CommonJS file whose only require is 'electron'.
// Exposes the named workbench API, never ipcRenderer itself (STYLE.md, HTTP Toolkit).
import { contextBridge, ipcRenderer } from 'electron';
import type { SimulatorInfo, WorkbenchApi, WorkbenchChannel } from './api/workbench-api';
import { isWorkbenchChannel, WORKBENCH_CHANNELS } from './api/workbench-api';

function invoke<T>(channel: WorkbenchChannel): Promise<T> {
  // The type already restricts the channel; the runtime check keeps the allowlist
  // the single gate even if a caller is written in plain JavaScript later.
  if (!isWorkbenchChannel(channel)) return Promise.reject(new Error(`unknown workbench channel ${channel}`));
  return ipcRenderer.invoke(channel) as Promise<T>;
}

const workbench: WorkbenchApi = {
  getInfo: () => invoke<SimulatorInfo>(WORKBENCH_CHANNELS.getInfo),
  simulatorUrl: () => invoke<string>(WORKBENCH_CHANNELS.simulatorUrl),
};

contextBridge.exposeInMainWorld('workbench', workbench);
