// The workbench API for the browser host, where the page is served by the simulator
// itself: same origin, so plain relative requests reach the control API.
import type { SimulatorInfo, WorkbenchApi } from '../../../preload/api/workbench-api';

export const browserApi: WorkbenchApi = {
  async getInfo(): Promise<SimulatorInfo> {
    const res = await fetch('/simulator/v1/info', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`the simulator answered ${res.status} to GET /simulator/v1/info`);
    return (await res.json()) as SimulatorInfo;
  },
  async simulatorUrl(): Promise<string> {
    return location.origin;
  },
};
