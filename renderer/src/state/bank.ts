import { create } from 'zustand';
import { workbench } from '../api';
import type {
  BasketSummary,
  ConsentSummary,
  Exchange,
  PaymentSummary,
  SimulatorInfo,
  WorkbenchEvent,
} from '../../../preload/api/workbench-api';
import { changesBankState, errorText, touchesExchangesOf } from './host-events';

export type BankSelection =
  | { kind: 'consent'; id: string }
  | { kind: 'payment'; id: string }
  | { kind: 'basket'; id: string };

type Mode = SimulatorInfo['mode'];

interface BankState {
  loaded: boolean;
  error: string | null;
  /** A control command is in flight; the toolbar waits for it rather than queueing clicks. */
  busy: boolean;
  consents: ConsentSummary[];
  payments: PaymentSummary[];
  baskets: BasketSummary[];
  now: string | null;
  mode: Mode | null;
  selection: BankSelection | null;
  /** The selected resource's exchanges, newest first; null until they have loaded. */
  exchanges: Exchange[] | null;
  refresh(): Promise<void>;
  loadExchanges(): Promise<void>;
  select(selection: BankSelection | null): void;
  advanceClock(duration: string): Promise<void>;
  setClock(instant: string): Promise<void>;
  reset(): Promise<void>;
  setMode(mode: Mode): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
}

// Refreshes overlap when events arrive in quick batches; only the newest may write.
let refreshSeq = 0;
let exchangesSeq = 0;

/** Full records (the Inspector opens them as they are), so the page stays short. */
export const RESOURCE_EXCHANGES_PAGE = 50;

export const useBank = create<BankState>()((set, get) => {
  const command = async (work: () => Promise<void>): Promise<void> => {
    set({ busy: true, error: null });
    try {
      await work();
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set({ busy: false });
      // Events would refresh too, but the screen must not depend on them arriving.
      await get().refresh();
    }
  };

  return {
    loaded: false,
    error: null,
    busy: false,
    consents: [],
    payments: [],
    baskets: [],
    now: null,
    mode: null,
    selection: null,
    exchanges: null,

    async refresh() {
      const seq = ++refreshSeq;
      try {
        const [info, consents, payments, baskets] = await Promise.all([
          workbench.getInfo(),
          workbench.listConsents(),
          workbench.listPayments(),
          workbench.listBaskets(),
        ]);
        if (seq === refreshSeq) set({ consents, payments, baskets, now: info.now, mode: info.mode, loaded: true });
      } catch (err) {
        if (seq === refreshSeq) set({ error: errorText(err), loaded: true });
      }
    },

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
      return command(async () => {
        const { now } = await workbench.advanceClock(duration);
        set({ now });
      });
    },

    setClock(instant) {
      return command(async () => {
        const { now } = await workbench.setClock(instant);
        set({ now });
      });
    },

    reset() {
      return command(async () => {
        await workbench.reset();
        get().select(null);
      });
    },

    setMode(mode) {
      return command(async () => {
        const result = await workbench.setMode(mode);
        set({ mode: result.mode });
      });
    },

    onEvents(events) {
      for (const event of events) {
        if (event.type === 'clock') set({ now: event.now });
        if (event.type === 'mode') set({ mode: event.mode });
      }
      if (changesBankState(events)) void get().refresh();
      const selection = get().selection;
      if (selection && touchesExchangesOf(events, selection.id)) void get().loadExchanges();
    },
  };
});
