// The bank's resources as the Phone and the Bank show them: one store, one subscription to the
// host's event batches, each batch re-fetching only the lists it touched. The host is passed in,
// so the store runs under test without a window.
import { create } from 'zustand';
import { EVENT_BATCH_INTERVAL_MS } from '../../../shared/event-batcher';
import type { BasketSummary, ConsentSummary, PaymentSummary, ScaJourney, WorkbenchApi, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { errorText } from './host-events';
import { ALL_LISTS, listsTouchedBy, type ResourceList } from './resource-lists';

export type ResourceHost = Pick<WorkbenchApi, 'listJourneys' | 'listConsents' | 'listPayments' | 'listBaskets' | 'resourceTotals' | 'subscribe'>;

/** The operator's lists come a page at a time; the Bank screen asks for more as it scrolls. */
export const PAGE_ROWS = 500;
type PagedList = 'consents' | 'payments' | 'baskets';

export interface ResourcesState {
  journeys: ScaJourney[];
  consents: ConsentSummary[];
  payments: PaymentSummary[];
  baskets: BasketSummary[];
  /** How many rows each paged list has in all: more than it holds when the list is cut. */
  totals: Record<PagedList, number>;
  /** Every list has arrived at least once. */
  loaded: boolean;
  error: string | null;
}

/**
 * Host events take the batch interval to arrive, plus the transport's delay: generous, as waiting costs nothing
 * (only a command that changed nothing waits it out). At five intervals, a machine busy with other work delivered
 * batches later than that, and the lists were fetched twice: by this wait and by the late batch.
 */
const COMMAND_EVENTS_WAIT_MS = EVENT_BATCH_INTERVAL_MS * 15;

export function createResourceStore(host: ResourceHost) {
  const useResources = create<ResourcesState>()(() => ({
    journeys: [],
    consents: [],
    payments: [],
    baskets: [],
    totals: { consents: 0, payments: 0, baskets: 0 },
    loaded: false,
    error: null,
  }));

  // How many rows of each paged list are shown: a page more each time the screen asks.
  const shown: Record<PagedList, number> = { consents: PAGE_ROWS, payments: PAGE_ROWS, baskets: PAGE_ROWS };

  /** The rows shown, page by page; the total is asked for only when the last page came full. */
  async function pages<T>(list: PagedList, page: (query: { limit: number; offset: number }) => Promise<T[]>): Promise<T[]> {
    const rows: T[] = [];
    for (let offset = 0; offset < shown[list]; offset += PAGE_ROWS) {
      const next = await page({ limit: PAGE_ROWS, offset });
      rows.push(...next);
      if (next.length < PAGE_ROWS) break;
    }
    const total = rows.length < shown[list] ? rows.length : (await host.resourceTotals())[list];
    useResources.setState((s) => ({ totals: { ...s.totals, [list]: total } }));
    return rows;
  }

  const fetchList: { [L in ResourceList]: () => Promise<ResourcesState[L]> } = {
    journeys: () => host.listJourneys(),
    consents: () => pages('consents', (page) => host.listConsents(page)),
    payments: () => pages('payments', (page) => host.listPayments(page)),
    baskets: () => pages('baskets', (page) => host.listBaskets(page)),
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
      unsubscribe = host.subscribe(onEvents, () => void refreshResources());
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

  /** The next page of a cut list, shown below the rows already there. */
  function showMore(list: PagedList): Promise<void> {
    if (useResources.getState()[list].length < shown[list]) return Promise.resolve();
    shown[list] += PAGE_ROWS;
    return refreshList(list);
  }

  return { useResources, retainResources, resourceCommand, showMore, refreshResources };
}
