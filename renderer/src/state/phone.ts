// The Phone's own state: who is signed in, the outcomes of their decisions, the notification.
// The journeys and the resources they approve live in the shared resources store.
import { create } from 'zustand';
import { workbench } from '../api';
import type { ConsentSummary, PsuSummary, ScaJourney, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { errorText } from './host-events';
import { listsDecidedBy, type ResourceList } from './resource-lists';
import { resourceCommand, useResources } from './resources';
import { readStored, writeStored } from '../widgets/local-store';

export interface PhoneNotice {
  id: number;
  text: string;
  /** The journey that arrived: the notification goes once it is no longer waiting. */
  journeyId?: string;
}

const PSU_STORED_AS = 'phone.psu';

interface PhoneState {
  error: string | null;
  psus: PsuSummary[];
  psuId: string | null;
  /** Journeys this phone acted on, newest first: their outcome stays visible after they leave the pending list. */
  outcomes: ScaJourney[];
  /** Journeys this phone showed as waiting: when one ends without the PSU acting here (the time ran out), the phone says how and why. */
  watched: string[];
  /** Outcomes no longer current (a newer journey arrived since): their banners are gone. */
  dismissed: string[];
  /** Journeys and consents with a command in flight, so their buttons cannot be pressed twice. */
  busy: string[];
  notice: PhoneNotice | null;
  /** The dataset's PSUs, once: they do not change while the simulator runs. */
  loadPsus(): Promise<void>;
  choosePsu(psuId: string): void;
  openJourney(journeyId: string): Promise<void>;
  act(journeyId: string, action: 'approve' | 'reject'): Promise<void>;
  /** Remembers the journeys now shown as waiting. */
  watch(journeyIds: readonly string[]): void;
  /** The PSU revokes a connected provider's consent. */
  revoke(consentId: string): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
  dismissNotice(): void;
}

// One outcome at a time: the latest decision is news, older ones are history (the Bank lists them).
const MAX_OUTCOMES = 1;
const MAX_WATCHED = 200;

let noticeSeq = 0;

/** The journey as the host answered it, in the shared list at once, ahead of its event. */
function showJourney(journey: ScaJourney): void {
  useResources.setState((s) => ({ journeys: s.journeys.map((j) => (j.journeyId === journey.journeyId ? journey : j)) }));
}

/** The consent as the host answered it, in the shared list at once, ahead of its event. */
function showConsent(consent: ConsentSummary): void {
  useResources.setState((s) => ({ consents: s.consents.map((c) => (c.consentId === consent.consentId ? consent : c)) }));
}

const journeyOf = (journeyId: string): ScaJourney | undefined => useResources.getState().journeys.find((j) => j.journeyId === journeyId);

export const usePhone = create<PhoneState>()((set, get) => {
  const withBusy = async (busyId: string, lists: readonly ResourceList[], work: () => Promise<void>): Promise<void> => {
    set((s) => ({ busy: [...s.busy, busyId], error: null }));
    try {
      await resourceCommand(work, lists);
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set((s) => ({ busy: s.busy.filter((id) => id !== busyId) }));
    }
  };

  return {
    error: null,
    psus: [],
    psuId: null,
    outcomes: [],
    watched: [],
    dismissed: [],
    busy: [],
    notice: null,

    async loadPsus() {
      if (get().psus.length > 0) return;
      try {
        const psus = await workbench.listPsus();
        // Whoever was signed in before a reload, while the dataset still has them.
        const stored = readStored(PSU_STORED_AS);
        const remembered = psus.some((p) => p.psuId === stored) ? stored : undefined;
        set((s) => ({ psus, psuId: s.psuId ?? remembered ?? psus[0]?.psuId ?? null }));
      } catch (err) {
        set({ error: errorText(err) });
      }
    },

    choosePsu(psuId) {
      writeStored(PSU_STORED_AS, psuId);
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

    watch(journeyIds) {
      const fresh = journeyIds.filter((id) => !get().watched.includes(id));
      if (fresh.length > 0) set((s) => ({ watched: [...fresh, ...s.watched].slice(0, MAX_WATCHED) }));
    },

    revoke(consentId) {
      return withBusy(consentId, ['consents'], async () => {
        const consent = await workbench.revokeConsent(consentId);
        showConsent(consent);
        set({ notice: { id: ++noticeSeq, text: `Access revoked for ${consent.tppId}` } });
      });
    },

    onEvents(events) {
      const { psuId, notice } = get();
      const latest = latestScaStatuses(events);
      // A journey decided within the same batch (automation, a quick PSU) is no news any more.
      const arrived = events.find(
        (e): e is Extract<WorkbenchEvent, { type: 'sca' }> =>
          e.type === 'sca' && e.status === 'started' && e.psuId === psuId && isWaiting(latest.get(e.journeyId)),
      );
      if (arrived) {
        set((s) => ({
          notice: { id: ++noticeSeq, text: `New approval waiting: ${describeKind(arrived.kind)}`, journeyId: arrived.journeyId },
          // The outcome shown so far is history now that something new is waiting.
          dismissed: [...outcomesToShow(useResources.getState().journeys, s).map((j) => j.journeyId), ...s.dismissed].slice(0, MAX_WATCHED),
        }));
      } else if (notice?.journeyId !== undefined && !isWaiting(latest.get(notice.journeyId) ?? 'opened')) {
        set({ notice: null });
      }
      if (events.some((e) => e.type === 'reset')) set({ outcomes: [], watched: [], dismissed: [], notice: null });
    },

    dismissNotice() {
      set({ notice: null });
    },
  };
});

/** Each journey's last status in a batch of events. */
function latestScaStatuses(events: readonly WorkbenchEvent[]): Map<string, ScaJourney['status']> {
  const latest = new Map<string, ScaJourney['status']>();
  for (const e of events) if (e.type === 'sca') latest.set(e.journeyId, e.status);
  return latest;
}

const isWaiting = (status: ScaJourney['status'] | undefined): boolean => status === 'started' || status === 'opened';

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

/**
 * The outcomes to show: the PSU's own decisions, then the journeys this phone showed as waiting that
 * ended without the PSU acting here (the time ran out, or automation decided), newest first.
 */
export function outcomesToShow(journeys: readonly ScaJourney[], state: Pick<PhoneState, 'outcomes' | 'watched' | 'dismissed' | 'psuId'>): ScaJourney[] {
  const current = (j: ScaJourney): boolean => j.psuId === state.psuId && !state.dismissed.includes(j.journeyId);
  const decidedHere = state.outcomes.filter(current);
  const endedElsewhere = journeys.filter(
    (j) =>
      current(j) &&
      state.watched.includes(j.journeyId) &&
      (j.status === 'finalised' || j.status === 'failed') &&
      !decidedHere.some((d) => d.journeyId === j.journeyId),
  );
  return [...decidedHere, ...endedElsewhere].sort((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? '')).slice(0, MAX_OUTCOMES);
}

/** How many journeys wait for each PSU: the marks of the PSU picker. */
export function waitingCounts(journeys: readonly ScaJourney[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const j of journeys) if (isWaiting(j.status)) counts.set(j.psuId, (counts.get(j.psuId) ?? 0) + 1);
  return counts;
}

/** The PSU's connected providers: their valid consents, newest first. */
export function connectedProviders(consents: readonly ConsentSummary[], psuId: string | null): ConsentSummary[] {
  return consents.filter((c) => c.psuId === psuId && c.consentStatus === 'valid').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
