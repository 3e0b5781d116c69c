// The Inspector's state: the traffic log as the host reports it, newest first.
import { create } from 'zustand';
import { workbench } from '../api';
import type { Exchange, ExchangePage, ExchangeQuery, ExchangeSummary, WorkbenchEvent } from '../../../preload/api/workbench-api';

/**
 * A row: its summary (from the event or the search's page: what the list shows), and the full record (bodies,
 * signature) once it is selected. A page of 200 summaries is some 60 KB where 200 signed payments were 2.7 MB.
 */
export interface InspectorRow {
  summary: ExchangeSummary;
  full: Exchange | null;
}

export type DetailTab = 'request' | 'response' | 'signature' | 'resend';

/** Rows asked for at a time: the first page of a search, and each older page as the list scrolls. */
export const PAGE_SIZE = 200;
/** The filter's text is searched this long after the last key. */
const SEARCH_DELAY_MS = 250;
/** With a search on, new traffic re-runs it at most this often. */
const REFRESH_DELAY_MS = 1_000;

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type Verdict = NonNullable<ExchangeQuery['signature']>[number];
export const VERDICTS: readonly Verdict[] = ['valid', 'invalid', 'none'];
/** Answers a fault rule injected: any rule's, or one rule's by its id; null: every answer. */
export type FaultFilter = NonNullable<ExchangeQuery['fault']> | null;
// Keeps the window responsive however long the app stays open; the host keeps more.
const MAX_ROWS = 2_000;

export interface InspectorState {
  rows: InspectorRow[];
  loaded: boolean;
  error: string | null;
  filter: string;
  /** Status classes the list is narrowed to (any of them); none: every status. */
  statuses: string[];
  verdicts: Verdict[];
  fault: FaultFilter;
  /** How many exchanges match the search in all, and how many the log keeps; null until known. */
  total: number | null;
  kept: number | null;
  /** How many the log discarded (since it was last cleared), and the failures among them. */
  discarded: number;
  discardedFailures: number;
  /** Of them, the signature failures (their own budget). */
  discardedSignatureFailures: number;
  /** The counts as the host last gave them, up to the exchange `newestId`: rows newer than it are added to them. */
  counted: Counted | null;
  loadingOlder: boolean;
  /** The oldest exchange of the pages fetched so far: the next page is older than it. */
  cursor: number | null;
  /** The last page fetched was full: there may be older matches. */
  hasOlder: boolean;
  /** The rows are the answer of a search that narrows (words or chips), not the log's newest. */
  narrowed: boolean;
  /** The two exchanges picked for the diff (at most two, the later pick last). */
  compareIds: number[];
  /** The detail pane shows the diff of the two picked. */
  comparing: boolean;
  /** The records of the two picked, as the diff shows them. */
  compared: Exchange[];
  selectedId: number | null;
  /** Why the selected exchange's whole record could not be fetched (the log may have discarded it since it was listed). */
  detailError: { id: number; text: string } | null;
  tab: DetailTab;
  simulatorUrl: string;
  load(): Promise<void>;
  /** Drops every row and count: what a reset clears must not come back as rows the next page lacks. */
  forget(): void;
  onEvents(events: readonly WorkbenchEvent[]): void;
  setFilter(filter: string): void;
  toggleStatus(statusClass: string): void;
  toggleVerdict(verdict: Verdict): void;
  setFault(fault: FaultFilter): void;
  /** Runs the search now (the first page). */
  search(): Promise<void>;
  /** Appends the page older than the last row (scrolling down). */
  loadOlder(): Promise<void>;
  togglePick(id: number): void;
  /** Shows the diff of the two picked exchanges (fetching their records when needed), or hides it. */
  setComparing(on: boolean): Promise<void>;
  /** Picks these two (left, right) and shows their diff: a signature failure beside the success it is compared with. */
  compareThese(left: number, right: number): Promise<void>;
  select(id: number | null): void;
  /** Selects an exchange found elsewhere (the Bank), adding it when the list does not hold it. */
  show(exchange: Exchange): void;
  setTab(tab: DetailTab): void;
  /** Pins (never discarded) or unpins an exchange. */
  pin(id: number, pinned: boolean): Promise<void>;
}

/** The counts of the last answer of the host, and the newest exchange they include. */
interface Counted {
  total: number;
  kept: number;
  newestId: number;
}

/**
 * The counts shown: the host's, plus the rows that arrived after its answer (each row once, however it
 * came: its event, or a resend shown before its event), so a resend never counts twice.
 */
const recount = (rows: readonly InspectorRow[], counted: Counted | null): Pick<InspectorState, 'total' | 'kept'> => {
  if (counted === null) return { total: null, kept: null };
  let newer = 0;
  for (const row of rows) {
    if (row.summary.id <= counted.newestId) break;
    newer++;
  }
  return { total: counted.total + newer, kept: counted.kept + newer };
};

/** The summary of a whole exchange found elsewhere (the Bank, a diagram): as the host would list it. */
const summarise = (e: Exchange): ExchangeSummary => ({
  id: e.id,
  startedAt: e.startedAt,
  durationMs: e.durationMs,
  method: e.method,
  url: e.url,
  institution: e.institution,
  tppId: e.tppId,
  resourceId: e.resourceId,
  status: e.response.status,
  pinned: e.pinned ?? false,
  verdict: e.signature?.verdict ?? null,
  failure: e.failure ?? null,
});

const newestFirst = (a: InspectorRow, b: InspectorRow): number => b.summary.id - a.summary.id;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Answers of an older search are dropped: only the latest one's counts and rows are shown. */
let searchSeq = 0;
let searchTimer: ReturnType<typeof setTimeout> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let countTimer: ReturnType<typeof setTimeout> | undefined;

type Narrowing = Pick<InspectorState, 'filter' | 'statuses' | 'verdicts' | 'fault'>;

/** Whether anything narrows the list (then new traffic cannot simply be put on top). */
export const searching = (s: Narrowing): boolean => s.filter.trim() !== '' || s.statuses.length > 0 || s.verdicts.length > 0 || s.fault !== null;

export const queryOf = (s: Narrowing, before?: number): ExchangeQuery => ({
  q: s.filter.trim().slice(0, 200),
  status: s.statuses,
  signature: s.verdicts,
  ...(s.fault === null ? {} : { fault: s.fault }),
  limit: PAGE_SIZE,
  ...(before === undefined ? {} : { before }),
});

/** A page's rows, each keeping the full record already fetched for it. */
const rowsOf = (page: ExchangePage, known: readonly InspectorRow[]): InspectorRow[] => {
  const full = new Map(known.flatMap((r) => (r.full ? [[r.summary.id, r.full] as const] : [])));
  return page.exchanges.map((summary) => ({ summary, full: full.get(summary.id) ?? null }));
};

const toggled = <T>(list: readonly T[], item: T): T[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
export const useInspector = create<InspectorState>()((set, get) => {
  /** The selected row's full record, fetched once it is selected (a list row needs only its summary). */
  async function fetchSelected(): Promise<void> {
    const id = get().selectedId;
    const row = get().rows.find((r) => r.summary.id === id);
    if (id === null || row === undefined || row.full !== null) return;
    try {
      const full = await workbench.getExchange(id);
      set((s) => ({ rows: s.rows.map((r) => (r.summary.id === id && r.full === null ? { ...r, full } : r)) }));
    } catch (err) {
      set({ detailError: { id, text: errorText(err) } });
    }
  }

  /**
   * After new traffic, the host's counts again (at most once a second): it prunes what the rows cannot tell,
   * and says how much it discarded. A search that narrows is run again instead (onEvents).
   */
  function refreshCounts(): void {
    if (countTimer !== undefined) return;
    countTimer = setTimeout(() => {
      countTimer = undefined;
      const seq = searchSeq;
      void workbench.searchExchanges({ limit: 1 }).then(
        (page) => {
          if (seq !== searchSeq || searching(get())) return;
          const counted = { total: page.total, kept: page.kept, newestId: page.exchanges[0]?.id ?? 0 };
          set((s) => ({
            counted,
            ...recount(s.rows, counted),
            discarded: page.discarded,
            discardedFailures: page.discardedFailures,
            discardedSignatureFailures: page.discardedSignatureFailures,
          }));
        },
        () => undefined,
      );
    }, REFRESH_DELAY_MS);
  }

  return {
    rows: [],
    loaded: false,
    error: null,
    filter: '',
    statuses: [],
    verdicts: [],
    fault: null,
    total: null,
    kept: null,
    discarded: 0,
    discardedFailures: 0,
    discardedSignatureFailures: 0,
    counted: null,
    loadingOlder: false,
    cursor: null,
    hasOlder: false,
    narrowed: false,
    compareIds: [],
    comparing: false,
    compared: [],
    selectedId: null,
    detailError: null,
    tab: 'request',
    simulatorUrl: '',

    async load() {
      try {
        const simulatorUrl = await workbench.simulatorUrl();
        set({ simulatorUrl });
        await get().search();
      } catch (err) {
        set({ error: errorText(err), loaded: true });
      }
    },

    async search() {
      clearTimeout(searchTimer);
      clearTimeout(refreshTimer);
      const seq = ++searchSeq;
      try {
        const narrowed = searching(get());
        const page = await workbench.searchExchanges(queryOf(get()));
        if (seq !== searchSeq) return;
        set((s) => {
          // Events may have arrived while the page loaded, and the Bank may have shown an older
          // exchange: without a search, keep the rows the page does not have, each in its place.
          const fresh = rowsOf(page, s.rows);
          const known = new Set(fresh.map((r) => r.summary.id));
          // Rows of an earlier narrowed search are not kept: they are not what the log's newest page lacks.
          const extra = narrowed || s.narrowed ? [] : s.rows.filter((r) => !known.has(r.summary.id));
          const rows = [...extra, ...fresh].sort(newestFirst);
          const counted = { total: page.total, kept: page.kept, newestId: fresh[0]?.summary.id ?? 0 };
          return {
            rows,
            ...(narrowed ? { total: page.total, kept: page.kept } : recount(rows, counted)),
            counted: narrowed ? null : counted,
            discarded: page.discarded,
            discardedFailures: page.discardedFailures,
            discardedSignatureFailures: page.discardedSignatureFailures,
            cursor: fresh.at(-1)?.summary.id ?? null,
            hasOlder: fresh.length === PAGE_SIZE,
            narrowed,
            loaded: true,
            error: null,
          };
        });
        void fetchSelected();
      } catch (err) {
        if (seq === searchSeq) set({ error: errorText(err), loaded: true });
      }
    },

    async loadOlder() {
      const s = get();
      if (s.loadingOlder || !s.hasOlder || s.cursor === null) return;
      const seq = searchSeq;
      set({ loadingOlder: true });
      try {
        const page = await workbench.searchExchanges(queryOf(s, s.cursor));
        if (seq !== searchSeq) return;
        set((now) => {
          const known = new Set(now.rows.map((r) => r.summary.id));
          const older = rowsOf(page, []);
          const rows = [...now.rows, ...older.filter((r) => !known.has(r.summary.id))].sort(newestFirst);
          return {
            rows,
            ...(now.counted === null ? { kept: page.kept } : {}),
            discarded: page.discarded,
            discardedFailures: page.discardedFailures,
            discardedSignatureFailures: page.discardedSignatureFailures,
            cursor: older.at(-1)?.summary.id ?? now.cursor,
            hasOlder: older.length === PAGE_SIZE,
          };
        });
      } catch (err) {
        set({ error: errorText(err) });
      } finally {
        set({ loadingOlder: false });
      }
    },

    forget() {
      set({
        rows: [],
        selectedId: null,
        compareIds: [],
        comparing: false,
        total: null,
        kept: null,
        counted: null,
        discarded: 0,
        discardedFailures: 0,
        discardedSignatureFailures: 0,
        cursor: null,
        hasOlder: false,
      });
    },

    onEvents(events) {
      if (events.some((e) => e.type === 'reset')) {
        get().forget();
        void get().load();
        return;
      }
      const added = events.flatMap((e) => (e.type === 'exchange' ? [e.exchange] : []));
      if (added.length === 0) return;
      if (searching(get())) {
        // Whether new traffic matches is the host's to say: ask again, once the burst is over.
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void get().search(), REFRESH_DELAY_MS);
        return;
      }
      set((s) => {
        const known = new Set(s.rows.map((r) => r.summary.id));
        const fresh = added.filter((a) => !known.has(a.id)).sort((a, b) => b.id - a.id);
        const rows = [...fresh.map((summary) => ({ summary, full: null })), ...s.rows].slice(0, Math.max(MAX_ROWS, s.rows.length));
        return { rows, ...recount(rows, s.counted) };
      });
      refreshCounts();
    },

    setFilter(filter) {
      set({ filter });
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => void get().search(), SEARCH_DELAY_MS);
    },
    toggleStatus(statusClass) {
      set((s) => ({ statuses: toggled(s.statuses, statusClass) }));
      void get().search();
    },
    toggleVerdict(verdict) {
      set((s) => ({ verdicts: toggled(s.verdicts, verdict) }));
      void get().search();
    },
    setFault(fault) {
      set({ fault });
      void get().search();
    },
    togglePick(id) {
      set((s) => {
        const compareIds = s.compareIds.includes(id) ? s.compareIds.filter((x) => x !== id) : [...s.compareIds, id].slice(-2);
        return { compareIds, comparing: s.comparing && compareIds.length === 2 };
      });
    },
    async compareThese(left, right) {
      set({ compareIds: [left, right] });
      await get().setComparing(true);
    },
    async setComparing(on) {
      if (!on) {
        set({ comparing: false });
        return;
      }
      const ids = get().compareIds;
      if (ids.length !== 2) return;
      try {
        // In the order ticked: the first pick on the left. Kept apart from the rows, which a new search replaces.
        const compared = await Promise.all(ids.map((id) => get().rows.find((r) => r.summary.id === id)?.full ?? workbench.getExchange(id)));
        set({ compared, comparing: true });
      } catch (err) {
        set({ error: errorText(err) });
      }
    },
    select(id) {
      set((s) => ({ selectedId: id, comparing: false, tab: id === s.selectedId ? s.tab : s.tab === 'resend' ? 'request' : s.tab }));
      void fetchSelected();
    },
    show(exchange) {
      set((s) => {
        const row = { summary: summarise(exchange), full: exchange };
        const present = s.rows.some((r) => r.summary.id === exchange.id);
        const rows = present ? s.rows.map((r) => (r.summary.id === exchange.id ? row : r)) : [...s.rows, row].sort(newestFirst);
        return { rows, ...(s.counted === null ? {} : recount(rows, s.counted)) };
      });
      get().select(exchange.id);
    },
    setTab: (tab) => set({ tab }),
    async pin(id, pinned) {
      try {
        const exchange = await workbench.pinExchange(id, pinned);
        set((s) => ({
          rows: s.rows.map((r) => (r.summary.id === id ? { summary: { ...r.summary, pinned: exchange.pinned ?? pinned }, full: exchange } : r)),
          compared: s.compared.map((e) => (e.id === id ? exchange : e)),
        }));
      } catch (err) {
        set({ error: errorText(err) });
      }
    },
  };
});
