import { create } from 'zustand';
import { workbench } from '../api';
import type {
  BasketSummary,
  ConsentSummary,
  PaymentSummary,
  PsuSummary,
  ScaJourney,
  WorkbenchEvent,
} from '../../../preload/api/workbench-api';
import { changesBankState, errorText } from './host-events';

export interface PhoneNotice {
  id: number;
  text: string;
}

interface PhoneState {
  loaded: boolean;
  error: string | null;
  psus: PsuSummary[];
  psuId: string | null;
  journeys: ScaJourney[];
  consents: ConsentSummary[];
  payments: PaymentSummary[];
  baskets: BasketSummary[];
  /** Journeys this phone acted on, newest first: their outcome stays visible after they leave the pending list. */
  outcomes: ScaJourney[];
  /** Journeys with a command in flight, so their buttons cannot be pressed twice. */
  busy: string[];
  notice: PhoneNotice | null;
  load(): Promise<void>;
  refresh(): Promise<void>;
  choosePsu(psuId: string): void;
  openJourney(journeyId: string): Promise<void>;
  act(journeyId: string, action: 'approve' | 'reject'): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
  dismissNotice(): void;
}

const MAX_OUTCOMES = 3;

// Refreshes overlap when events arrive in quick batches; only the newest may write.
let refreshSeq = 0;
let noticeSeq = 0;

export const usePhone = create<PhoneState>()((set, get) => {
  const withBusy = async (journeyId: string, work: () => Promise<void>): Promise<void> => {
    set((s) => ({ busy: [...s.busy, journeyId], error: null }));
    try {
      await work();
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set((s) => ({ busy: s.busy.filter((id) => id !== journeyId) }));
      await get().refresh();
    }
  };

  return {
    loaded: false,
    error: null,
    psus: [],
    psuId: null,
    journeys: [],
    consents: [],
    payments: [],
    baskets: [],
    outcomes: [],
    busy: [],
    notice: null,

    async load() {
      try {
        const psus = await workbench.listPsus();
        set((s) => ({ psus, psuId: s.psuId ?? psus[0]?.psuId ?? null }));
      } catch (err) {
        set({ error: errorText(err) });
      }
      await get().refresh();
    },

    async refresh() {
      const seq = ++refreshSeq;
      try {
        const [journeys, consents, payments, baskets] = await Promise.all([
          workbench.listJourneys(),
          workbench.listConsents(),
          workbench.listPayments(),
          workbench.listBaskets(),
        ]);
        if (seq === refreshSeq) set({ journeys, consents, payments, baskets, loaded: true });
      } catch (err) {
        if (seq === refreshSeq) set({ error: errorText(err), loaded: true });
      }
    },

    choosePsu(psuId) {
      set({ psuId, notice: null });
    },

    openJourney(journeyId) {
      return withBusy(journeyId, () => workbench.openJourney(journeyId));
    },

    act(journeyId, action) {
      return withBusy(journeyId, async () => {
        const outcome = await workbench.actOnJourney(journeyId, action);
        set((s) => ({
          outcomes: [outcome, ...s.outcomes.filter((j) => j.journeyId !== journeyId)].slice(0, MAX_OUTCOMES),
        }));
      });
    },

    onEvents(events) {
      const { psuId } = get();
      const arrived = events.find((e) => e.type === 'sca' && e.status === 'started' && e.psuId === psuId);
      if (arrived?.type === 'sca') {
        set({ notice: { id: ++noticeSeq, text: `New approval waiting: ${describeKind(arrived.kind)}` } });
      }
      if (events.some((e) => e.type === 'reset')) set({ outcomes: [] });
      if (changesBankState(events)) void get().refresh();
    },

    dismissNotice() {
      set({ notice: null });
    },
  };
});

export function describeKind(kind: ScaJourney['kind']): string {
  switch (kind) {
    case 'consent':
      return 'access to your accounts';
    case 'payment-authorisation':
      return 'a payment';
    case 'signing-basket':
      return 'a basket of payments';
  }
}

/** The chosen PSU's journeys still waiting for them, oldest first as they arrived. */
export function pendingJourneys(journeys: readonly ScaJourney[], psuId: string | null): ScaJourney[] {
  return journeys
    .filter((j) => j.psuId === psuId && (j.status === 'started' || j.status === 'opened'))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
