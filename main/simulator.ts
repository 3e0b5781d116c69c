// Contract placeholder; implemented below in this session.
import type { EventEmitter } from 'node:events';

export interface SimulatorOptions {
  port: number;
  host: string;
  dataDir: string;
  mode: 'simulation' | 'sandbox';
  datasetFile?: string | undefined;
  now?: string | undefined;
  tls: boolean;
  /** Folder of the built renderer to serve at `/` (browser host); absent: headless. */
  uiRoot?: string | undefined;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:4646 */
  url: string;
  port: number;
  /** Printed at start; required by the control API when the host is not loopback. */
  controlToken: string;
  events: EventEmitter;
  close(): Promise<void>;
}

export declare function startSimulator(options: SimulatorOptions): Promise<RunningSimulator>;
