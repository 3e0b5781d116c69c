// The Inspector's state: the traffic log as the host reports it, newest first.
import { create } from 'zustand';
import { workbench } from '../api';
import type { Exchange, WorkbenchEvent } from '../../../preload/api/workbench-api';

type ExchangeSummary = Extract<WorkbenchEvent, { type: 'exchange' }>['exchange'];

/** A row: the event's summary at once, the full record (bodies, signature) once fetched. */
export interface InspectorRow {
  summary: ExchangeSummary;
  full: Exchange | null;
}

export type DetailTab = 'request' | 'response' | 'signature' | 'resend';

const INITIAL_PAGE = 200;
// Keeps the window responsive however long the app stays open; the host keeps more.
const MAX_ROWS = 2_000;

interface InspectorState {
  rows: InspectorRow[];
  loaded: boolean;
  error: string | null;
  filter: string;
  selectedId: number | null;
  tab: DetailTab;
  simulatorUrl: string;
  load(): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
  setFilter(filter: string): void;
  select(id: number | null): void;
  /** Selects an exchange found elsewhere (the Bank), adding it when the list does not hold it. */
  show(exchange: Exchange): void;
  setTab(tab: DetailTab): void;
}

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
});

const newestFirst = (a: InspectorRow, b: InspectorRow): number => b.summary.id - a.summary.id;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

let fetching = false;
let fetchAgain = false;

export const useInspector = create<InspectorState>()((set, get) => {
  /** Fetches the full records of rows that only have their summary (one request for a burst). */
  async function fillMissing(): Promise<void> {
    if (fetching) {
      fetchAgain = true;
      return;
    }
    fetching = true;
    try {
      do {
        fetchAgain = false;
        const rows = get().rows;
        const missing = rows.findLastIndex((r) => r.full === null);
        if (missing < 0) break;
        // Newest first, so the oldest row still missing is at index `missing`.
        const records = await workbench.listExchanges(Math.min(10_000, missing + 1 + 20));
        const byId = new Map(records.map((r) => [r.id, r]));
        set((s) => ({ rows: s.rows.map((r) => (r.full === null && byId.has(r.summary.id) ? { ...r, full: byId.get(r.summary.id) ?? null } : r)) }));
      } while (fetchAgain);
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      fetching = false;
    }
  }

  return {
    rows: [],
    loaded: false,
    error: null,
    filter: '',
    selectedId: null,
    tab: 'request',
    simulatorUrl: '',

    async load() {
      try {
        const [records, simulatorUrl] = await Promise.all([workbench.listExchanges(INITIAL_PAGE), workbench.simulatorUrl()]);
        set((s) => {
          // Events may have arrived while the page loaded, and the Bank may have shown an older
          // exchange: keep the rows the page does not have, each in its place.
          const known = new Set(records.map((r) => r.id));
          const kept = s.rows.filter((r) => !known.has(r.summary.id));
          const rows = [...kept, ...records.map((full) => ({ summary: summarise(full), full }))].sort(newestFirst);
          return { rows, loaded: true, error: null, simulatorUrl };
        });
        void fillMissing();
      } catch (err) {
        set({ error: errorText(err), loaded: true });
      }
    },

    onEvents(events) {
      if (events.some((e) => e.type === 'reset')) {
        set({ rows: [], selectedId: null });
        void get().load();
        return;
      }
      const added = events.flatMap((e) => (e.type === 'exchange' ? [e.exchange] : []));
      if (added.length === 0) return;
      set((s) => {
        const known = new Set(s.rows.map((r) => r.summary.id));
        const fresh = added.filter((a) => !known.has(a.id)).sort((a, b) => b.id - a.id);
        return { rows: [...fresh.map((summary) => ({ summary, full: null })), ...s.rows].slice(0, MAX_ROWS) };
      });
      void fillMissing();
    },

    setFilter: (filter) => set({ filter }),
    select: (id) => set((s) => ({ selectedId: id, tab: id === s.selectedId ? s.tab : s.tab === 'resend' ? 'request' : s.tab })),
    show(exchange) {
      set((s) => {
        const row = { summary: summarise(exchange), full: exchange };
        const present = s.rows.some((r) => r.summary.id === exchange.id);
        return { rows: present ? s.rows.map((r) => (r.summary.id === exchange.id ? row : r)) : [...s.rows, row].sort(newestFirst) };
      });
      get().select(exchange.id);
    },
    setTab: (tab) => set({ tab }),
  };
});

/** Rows whose method, path, status, TPP, institution or signature verdict contain every word of the filter. */
export function filterRows(rows: readonly InspectorRow[], filter: string): InspectorRow[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const s = row.summary;
    const verdict = row.full?.signature ? (row.full.signature.verdict.valid ? 'valid' : row.full.signature.verdict.code) : '';
    const haystack = `${s.method} ${s.url} ${s.status} ${s.tppId ?? ''} ${s.institution ?? ''} ${verdict}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
