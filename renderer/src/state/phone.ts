// The Phone's own state: who is signed in, the outcomes of their decisions, the notification.
// The journeys and the resources they approve live in the shared resources store.
import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import { workbench } from '../api';
import type { ConsentSummary, PsuSummary, ScaJourney, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { errorText } from './host-events';
import { listsDecidedBy, type ResourceList } from './resource-lists';
import { resourceCommand, useResources } from './resources';
import { readWindowStored, writeWindowStored } from '../widgets/local-store';
import type { PsuName } from '../widgets/plain-words';

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
    busy: [],
    notice: null,

    async loadPsus() {
      if (get().psus.length > 0) return;
      try {
        const psus = await workbench.listPsus();
        // Whoever was signed in in this window before a reload (another window keeps its own), while the dataset still has them.
        const stored = readWindowStored(PSU_STORED_AS);
        const remembered = psus.some((p) => p.psuId === stored) ? stored : undefined;
        set((s) => ({ psus, psuId: s.psuId ?? remembered ?? psus[0]?.psuId ?? null }));
      } catch (err) {
        set({ error: errorText(err) });
      }
    },

    choosePsu(psuId) {
      writeWindowStored(PSU_STORED_AS, psuId);
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
        const journey = useResources.getState().journeys.find((j) => j.kind === 'consent' && j.resourceId === consentId);
        set({ notice: { id: ++noticeSeq, text: `Access revoked for ${journey?.tpp?.name ?? consent.tppId}` } });
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
        set({ notice: { id: ++noticeSeq, text: `New approval waiting: ${describeKind(arrived.kind)}`, journeyId: arrived.journeyId } });
      } else if (notice?.journeyId !== undefined && !isWaiting(latest.get(notice.journeyId) ?? 'opened')) {
        set({ notice: null });
      }
      if (events.some((e) => e.type === 'reset')) set({ outcomes: [], watched: [], notice: null });
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

/** A PSU by name, as a lesson says who it waits for; the psuId only while the names are not loaded (or for an unknown PSU). */
export function psuNameIn(psus: readonly PsuSummary[]): PsuName {
  return (psuId) => psus.find((p) => p.psuId === psuId)?.name ?? psuId;
}

/** The dataset's PSUs by name, loading them once. */
export function usePsuName(): PsuName {
  const psus = usePhone((s) => s.psus);
  useEffect(() => void usePhone.getState().loadPsus(), []);
  return useCallback((psuId: string) => psuNameIn(psus)(psuId), [psus]);
}

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
  return journeys.filter((j) => j.psuId === psuId && (j.status === 'started' || j.status === 'opened')).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The newest of the journeys that `belongs` (a PSU's, a run's): what a phone is about now. The host lists newest first, which breaks ties. */
export function newestJourney(journeys: readonly ScaJourney[], belongs: (journey: ScaJourney) => boolean): ScaJourney | undefined {
  let newest: ScaJourney | undefined;
  for (const j of journeys) if (belongs(j) && (newest === undefined || j.createdAt > newest.createdAt)) newest = j;
  return newest;
}

/**
 * The outcome to show: the PSU's newest journey once it has ended, when this phone showed it waiting or
 * decided it (the PSU acted here, another window or automation decided, or the time ran out). A banner
 * belongs to its journey: once a newer journey exists, the older outcome is history (the Bank lists it).
 */
export function outcomesToShow(journeys: readonly ScaJourney[], state: Pick<PhoneState, 'outcomes' | 'watched' | 'psuId'>): ScaJourney[] {
  const newest = newestJourney(journeys, (j) => j.psuId === state.psuId);
  if (newest === undefined || isWaiting(newest.status)) return [];
  const seenHere = state.watched.includes(newest.journeyId) || state.outcomes.some((o) => o.journeyId === newest.journeyId);
  return seenHere ? [newest] : [];
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
