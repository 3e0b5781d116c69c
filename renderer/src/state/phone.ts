// The Phone's own state: who is signed in, the outcomes of their decisions, the notification.
// The journeys and the resources they approve live in the shared resources store.
import { create } from 'zustand';
import { workbench } from '../api';
import type { PsuSummary, ScaJourney, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { errorText } from './host-events';
import { listsDecidedBy, type ResourceList } from './resource-lists';
import { resourceCommand, useResources } from './resources';

export interface PhoneNotice {
  id: number;
  text: string;
}

interface PhoneState {
  error: string | null;
  psus: PsuSummary[];
  psuId: string | null;
  /** Journeys this phone acted on, newest first: their outcome stays visible after they leave the pending list. */
  outcomes: ScaJourney[];
  /** Journeys with a command in flight, so their buttons cannot be pressed twice. */
  busy: string[];
  notice: PhoneNotice | null;
  /** The dataset's PSUs, once: they do not change while the simulator runs. */
  loadPsus(): Promise<void>;
  choosePsu(psuId: string): void;
  openJourney(journeyId: string): Promise<void>;
  act(journeyId: string, action: 'approve' | 'reject'): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
  dismissNotice(): void;
}

const MAX_OUTCOMES = 3;

let noticeSeq = 0;

/** The journey as the host answered it, in the shared list at once, ahead of its event. */
function showJourney(journey: ScaJourney): void {
  useResources.setState((s) => ({ journeys: s.journeys.map((j) => (j.journeyId === journey.journeyId ? journey : j)) }));
}

const journeyOf = (journeyId: string): ScaJourney | undefined => useResources.getState().journeys.find((j) => j.journeyId === journeyId);

export const usePhone = create<PhoneState>()((set, get) => {
  const withBusy = async (journeyId: string, lists: readonly ResourceList[], work: () => Promise<void>): Promise<void> => {
    set((s) => ({ busy: [...s.busy, journeyId], error: null }));
    try {
      await resourceCommand(work, lists);
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set((s) => ({ busy: s.busy.filter((id) => id !== journeyId) }));
    }
  };

  return {
    error: null,
    psus: [],
    psuId: null,
    outcomes: [],
    busy: [],
    notice: null,

    async loadPsus() {
      if (get().psus.length > 0) return;
      try {
        const psus = await workbench.listPsus();
        set((s) => ({ psus, psuId: s.psuId ?? psus[0]?.psuId ?? null }));
      } catch (err) {
        set({ error: errorText(err) });
      }
    },

    choosePsu(psuId) {
      set({ psuId, notice: null });
    },

    openJourney(journeyId) {
      return withBusy(journeyId, ['journeys'], () => workbench.openJourney(journeyId));
    },

    act(journeyId, action) {
      const journey = journeyOf(journeyId);
      return withBusy(journeyId, journey ? listsDecidedBy(journey.kind) : ['journeys'], async () => {
        const outcome = await workbench.actOnJourney(journeyId, action);
        showJourney(outcome);
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
