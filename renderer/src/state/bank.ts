// The Bank screen's own state: what is selected, that resource's exchanges, and the toolbar's
// commands. The lists themselves live in the shared resources store.
import { create } from 'zustand';
import { workbench } from '../api';
import type { Exchange, SimulatorInfo, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { errorText, touchesExchangesOf } from './host-events';
import { ALL_LISTS } from './resource-lists';
import { resourceCommand } from './resources';
import { useShell } from './shell';

export type BankSelection = { kind: 'consent'; id: string } | { kind: 'payment'; id: string } | { kind: 'basket'; id: string };

type Mode = SimulatorInfo['mode'];

interface BankState {
  error: string | null;
  /** A control command is in flight; the toolbar waits for it rather than queueing clicks. */
  busy: boolean;
  selection: BankSelection | null;
  /** The selected resource's exchanges, newest first; null until they have loaded. */
  exchanges: Exchange[] | null;
  loadExchanges(): Promise<void>;
  select(selection: BankSelection | null): void;
  advanceClock(duration: string): Promise<void>;
  setClock(instant: string): Promise<void>;
  /** Pauses or resumes the simulated clock (resuming also ends every run's hold on it). */
  setClockPaused(paused: boolean): Promise<void>;
  /** Moves the clock to the next time limit of anything waiting; says so when nothing waits. */
  toNextTimeLimit(): Promise<void>;
  /** What the last "to the next time limit" did, in words, for the top bar. */
  lastSkip: string | null;
  reset(): Promise<void>;
  /** "New class": the bank reset, the traffic log cleared, the kept runs cleared unless kept, the clock put back. */
  newClass(options: { keepRuns: boolean; clock: string }): Promise<void>;
  setMode(mode: Mode): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
}

/** How long the top bar says what "Next time limit" did. */
const SKIP_SHOWN_MS = 8_000;

// Loads overlap when exchanges arrive in quick batches; only the newest may write.
let exchangesSeq = 0;

/** Full records (the Inspector opens them as they are), so the page stays short. */
export const RESOURCE_EXCHANGES_PAGE = 50;

export const useBank = create<BankState>()((set, get) => {
  // Clock, mode and reset may change every list; their events refresh them, or the command does.
  const command = async (work: () => Promise<void>): Promise<void> => {
    set({ busy: true, error: null });
    try {
      await resourceCommand(work, ALL_LISTS);
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set({ busy: false });
    }
  };

  return {
    error: null,
    busy: false,
    selection: null,
    exchanges: null,
    lastSkip: null,

    async loadExchanges() {
      // Counted before the check, so a deselection also silences a load still in flight.
      const seq = ++exchangesSeq;
      const selection = get().selection;
      if (!selection) return;
      try {
        const exchanges = await workbench.listExchanges(RESOURCE_EXCHANGES_PAGE, selection.id);
        if (seq === exchangesSeq) set({ exchanges });
      } catch (err) {
        if (seq === exchangesSeq) set((s) => ({ error: errorText(err), exchanges: s.exchanges ?? [] }));
      }
    },

    select(selection) {
      const current = get().selection;
      if (selection?.kind === current?.kind && selection?.id === current?.id) return;
      set({ selection, exchanges: null });
      void get().loadExchanges();
    },

    advanceClock(duration) {
      return command(async () => useShell.getState().patchInfo(await workbench.advanceClock(duration)));
    },

    setClock(instant) {
      return command(async () => useShell.getState().patchInfo(await workbench.setClock(instant)));
    },

    setClockPaused(paused) {
      return command(async () => useShell.getState().patchInfo(await workbench.setClockPaused(paused)));
    },

    toNextTimeLimit() {
      return command(async () => {
        const { nextTimeLimit } = await workbench.getClock();
        if (nextTimeLimit === null) {
          set({ lastSkip: 'Nothing is waiting on time.' });
          return;
        }
        useShell.getState().patchInfo(await workbench.setClock(nextTimeLimit.at));
        set({ lastSkip: `Moved to ${nextTimeLimit.what}.` });
      }).finally(() => {
        const said = get().lastSkip;
        setTimeout(() => {
          if (get().lastSkip === said) set({ lastSkip: null });
        }, SKIP_SHOWN_MS);
      });
    },

    newClass({ keepRuns, clock }) {
      return command(async () => {
        await workbench.reset({ log: true, runs: !keepRuns, clock });
        get().select(null);
      });
    },

    reset() {
      return command(async () => {
        await workbench.reset();
        get().select(null);
      });
    },

    setMode(mode) {
      return command(async () => useShell.getState().patchInfo(await workbench.setMode(mode)));
    },

    onEvents(events) {
      const selection = get().selection;
      if (selection && touchesExchangesOf(events, selection.id)) void get().loadExchanges();
    },
  };
});
