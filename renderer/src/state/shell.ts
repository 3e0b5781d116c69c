// What the frame around the screens shows: which screen, the simulated clock, the behaviour.
import { create } from 'zustand';
import { workbench } from '../api';
import type { SimulatorInfo, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { readStoredChoice, readWindowStored, writeWindowStored } from '../widgets/local-store';
import { coalesced } from './coalesce';

export type ScreenId = 'flows' | 'inspector' | 'phone' | 'bank' | 'editor';

export const SCREENS: readonly { id: ScreenId; label: string; key: string }[] = [
  { id: 'flows', label: 'Flows', key: '1' },
  { id: 'inspector', label: 'Inspector', key: '2' },
  { id: 'phone', label: 'Phone', key: '3' },
  { id: 'bank', label: 'Bank', key: '4' },
  { id: 'editor', label: 'Editor', key: '5' },
];

const SCREEN_STORED_AS = 'screen';

interface ShellState {
  screen: ScreenId;
  info: SimulatorInfo | null;
  /** The wall time (ms) at which info.now was last learned: the simulated clock runs on from there. */
  clockAt: number;
  /** The simulated clock stands still (paused by the operator or held by a run waiting for a person). */
  paused: boolean;
  simulatorUrl: string;
  error: string | null;
  setScreen(screen: ScreenId): void;
  load(): Promise<void>;
  /**
   * Asks the simulator for its clock: on every clock event and when the window gets the focus back, so the
   * top bar never runs on from an instant it learned long ago (a lost event, a sleeping laptop, a held clock).
   */
  readClock(): Promise<void>;
  /** What a control command answered (the clock, the behaviour), before its event arrives. */
  patchInfo(patch: Partial<Pick<SimulatorInfo, 'now' | 'mode'> & { paused: boolean }>): void;
  onEvents(events: readonly WorkbenchEvent[]): void;
}

const NO_INSTITUTIONS: readonly string[] = [];

/**
 * The institutions, as a selector: one empty list until the host answers, since a new [] per call
 * makes React render for ever (a screen shown first, as a restored screen is, renders before the answer).
 */
export const selectInstitutions = (s: Pick<ShellState, 'info'>): readonly string[] => s.info?.institutions ?? NO_INSTITUTIONS;

/** Where an outside TPP points: the bank API of Frankfurt (or the first institution) on this simulator. */
export function bankApiBase(simulatorUrl: string, institutions: readonly string[] | undefined): string {
  const institution = institutions?.includes('frankfurt') ? 'frankfurt' : (institutions?.[0] ?? 'frankfurt');
  return `${simulatorUrl || 'http://127.0.0.1:4646'}/${institution}/berlingroup/v1`;
}

/** A refusal is not silence: beyond loopback the UI needs the address the simulator printed. */
export function hostProblem(message: string): string {
  if (/: 401 /.test(message)) {
    return `The control API refused this page (${message}). The simulator listens beyond loopback: open the address it printed at start, the one ending in #token=…`;
  }
  return `The simulator did not answer: ${message}`;
}

export const useShell = create<ShellState>()((set, get) => ({
  // The screen this window had open before a reload (each window its own), or the last one of any window.
  screen:
    readStoredChoice(
      SCREEN_STORED_AS,
      SCREENS.map((s) => s.id),
      readWindowStored,
    ) ?? 'inspector',
  info: null,
  clockAt: 0,
  paused: false,
  simulatorUrl: '',
  error: null,
  setScreen: (screen) => {
    writeWindowStored(SCREEN_STORED_AS, screen);
    set({ screen });
  },
  async load() {
    try {
      const [info, simulatorUrl, clock] = await Promise.all([workbench.getInfo(), workbench.simulatorUrl(), workbench.getClock()]);
      set({ info: { ...info, now: clock.now }, clockAt: Date.now(), paused: clock.paused, simulatorUrl, error: null });
    } catch (err) {
      set({ error: hostProblem(err instanceof Error ? err.message : String(err)) });
    }
  },
  readClock: coalesced(async () => {
    try {
      const clock = await workbench.getClock();
      const info = get().info;
      if (info) set({ info: { ...info, now: clock.now }, clockAt: Date.now(), paused: clock.paused });
    } catch {
      // The next event or focus reads again; a simulator that is gone says so through load().
    }
  }),
  patchInfo(patch) {
    const info = get().info;
    const { paused, ...rest } = patch;
    if (info) set({ info: { ...info, ...rest }, ...(patch.now !== undefined ? { clockAt: Date.now() } : {}), ...(paused !== undefined ? { paused } : {}) });
  },
  onEvents(events) {
    const info = get().info;
    if (!info) return;
    let next = info;
    let paused = get().paused;
    let clocked = false;
    for (const e of events) {
      if (e.type === 'clock') {
        next = { ...next, now: e.now };
        paused = e.paused;
        clocked = true;
      } else if (e.type === 'mode') next = { ...next, mode: e.mode };
    }
    // A clock event is the instant as of now, even when it is the same instant (a clock resumed where it was held).
    if (next !== info) set({ info: next, paused, ...(clocked ? { clockAt: Date.now() } : {}) });
    if (clocked) void get().readClock();
    // A reset puts the clock back without a clock event of its own.
    if (events.some((e) => e.type === 'reset')) void get().load();
  },
}));
