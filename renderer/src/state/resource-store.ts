// The bank's resources as the Phone and the Bank show them: one store, one subscription to the
// host's event batches, each batch re-fetching only the lists it touched. The host is passed in,
// so the store runs under test without a window.
import { create } from 'zustand';
import { EVENT_BATCH_INTERVAL_MS } from '../../../shared/event-batcher';
import type { BasketSummary, ConsentSummary, PaymentSummary, ScaJourney, WorkbenchApi, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { errorText } from './host-events';
import { ALL_LISTS, listsTouchedBy, type ResourceList } from './resource-lists';

export type ResourceHost = Pick<WorkbenchApi, 'listJourneys' | 'listConsents' | 'listPayments' | 'listBaskets' | 'subscribe'>;

export interface ResourcesState {
  journeys: ScaJourney[];
  consents: ConsentSummary[];
  payments: PaymentSummary[];
  baskets: BasketSummary[];
  /** Every list has arrived at least once. */
  loaded: boolean;
  error: string | null;
}

/** Host events take the batch interval to arrive, plus the transport's delay: generous, as waiting costs nothing. */
const COMMAND_EVENTS_WAIT_MS = EVENT_BATCH_INTERVAL_MS * 5;

export function createResourceStore(host: ResourceHost) {
  const useResources = create<ResourcesState>()(() => ({
    journeys: [],
    consents: [],
    payments: [],
    baskets: [],
    loaded: false,
    error: null,
  }));

  const fetchList: { [L in ResourceList]: () => Promise<ResourcesState[L]> } = {
    journeys: () => host.listJourneys(),
    consents: () => host.listConsents(),
    payments: () => host.listPayments(),
    baskets: () => host.listBaskets(),
  };

  // One fetch per list at a time: a batch arriving meanwhile marks the list for one more fetch
  // after it, however many batches that are. Results thus arrive in order, so the newest writes last.
  const inFlight = new Map<ResourceList, Promise<void>>();
  const fetchAgain = new Set<ResourceList>();

  function refreshList(list: ResourceList): Promise<void> {
    const running = inFlight.get(list);
    if (running) {
      fetchAgain.add(list);
      return running;
    }
    const run = (async () => {
      do {
        fetchAgain.delete(list);
        try {
          const rows = await fetchList[list]();
          useResources.setState({ [list]: rows, error: null });
        } catch (err) {
          useResources.setState({ error: errorText(err) });
        }
      } while (fetchAgain.has(list));
    })().finally(() => inFlight.delete(list));
    inFlight.set(list, run);
    return run;
  }

  async function refreshResources(lists: Iterable<ResourceList> = ALL_LISTS): Promise<void> {
    await Promise.all([...lists].map(refreshList));
  }

  // Counts the batches that changed something, so a command can tell whether its events came.
  let stateBatches = 0;

  function onEvents(events: readonly WorkbenchEvent[]): void {
    const lists = listsTouchedBy(events);
    if (lists.size === 0) return;
    stateBatches++;
    void refreshResources(lists);
  }

  let holders = 0;
  let unsubscribe: (() => void) | undefined;

  /**
   * Keeps the lists following the host while anything shows them; returns the release. Lists are
   * fetched whole when following starts, since nothing followed the host before.
   */
  function retainResources(): () => void {
    holders++;
    if (holders === 1) {
      unsubscribe = host.subscribe(onEvents);
      void refreshResources().then(() => useResources.setState({ loaded: true }));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders--;
      if (holders > 0) return;
      unsubscribe?.();
      unsubscribe = undefined;
    };
  }

  /**
   * Runs a control command. The host announces what it changed as events, which refresh the lists;
   * a command that changed nothing announces nothing, so when no batch came in time the lists it
   * may touch are fetched here instead (the screen must not depend on the events alone).
   */
  async function resourceCommand<T>(work: () => Promise<T>, lists: readonly ResourceList[]): Promise<T> {
    const batchesBefore = stateBatches;
    try {
      return await work();
    } finally {
      setTimeout(() => {
        if (stateBatches === batchesBefore && holders > 0) void refreshResources(lists);
      }, COMMAND_EVENTS_WAIT_MS);
    }
  }

  return { useResources, retainResources, resourceCommand };
}
