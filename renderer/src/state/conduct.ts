// The Inspector's Conduct view (docs/qa.md#conduct): the spec's rules for TPPs checked over the traffic
// log by the host (`GET /simulator/v1/conduct`), for one TPP or all and from a moment on ("Since now").
import { create } from 'zustand';
import { workbench } from '../api';
import type { ConductQuery, ConductReport, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { coalesced } from './coalesce';
import { errorText } from './host-events';

/** New traffic is checked again this long after it came, at most once in that time: one report a burst, not one an exchange. */
export const CONDUCT_REFRESH_MS = 1_000;

export interface ConductState {
  /** The Inspector's list pane shows the Conduct view instead of the exchanges (the view reads and follows the log while shown). */
  shown: boolean;
  report: ConductReport | null;
  /** The window the report shown answers (a later change shows it stale until the next answer). */
  reportFor: ConductQuery | null;
  loading: boolean;
  error: string | null;
  /** Only this TPP's conduct; null: every TPP's. */
  tppId: string | null;
  /** Only exchanges from this wall-clock instant on (ISO, with its zone); null: the whole log. */
  since: string | null;
  /** The TPPs any report named, for the TPP filter (with the TPPs the Inspector's list shows). */
  seenTpps: string[];
  show(shown: boolean): void;
  /** Reads the report for the current window again. */
  load(): Promise<void>;
  setTpp(tppId: string | null): void;
  /** Starts the window now: what a test run sends from here on is all that is checked. */
  sinceNow(): void;
  clearSince(): void;
  /** New traffic (debounced) or a reset: the report again, while the view is shown. */
  onEvents(events: readonly WorkbenchEvent[]): void;
}

const queryOf = (s: Pick<ConductState, 'tppId' | 'since'>): ConductQuery => ({
  ...(s.tppId === null ? {} : { tppId: s.tppId }),
  ...(s.since === null ? {} : { since: s.since }),
});

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

export const useConduct = create<ConductState>()((set, get) => {
  const read = coalesced(async () => {
    const query = queryOf(get());
    set({ loading: true });
    try {
      const report = await workbench.getConduct(query);
      set((s) => ({
        report,
        reportFor: query,
        error: null,
        seenTpps: [...new Set([...s.seenTpps, ...report.findings.flatMap((f) => (f.tppId === null ? [] : [f.tppId]))])].sort(),
      }));
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set({ loading: false });
    }
  });

  return {
    shown: false,
    report: null,
    reportFor: null,
    loading: false,
    error: null,
    tppId: null,
    since: null,
    seenTpps: [],
    show(shown) {
      set({ shown });
      if (!shown) {
        clearTimeout(refreshTimer);
        refreshTimer = undefined;
      }
    },
    load() {
      clearTimeout(refreshTimer);
      refreshTimer = undefined;
      return read();
    },
    setTpp(tppId) {
      set({ tppId });
      void get().load();
    },
    sinceNow() {
      set({ since: new Date().toISOString() });
      void get().load();
    },
    clearSince() {
      set({ since: null });
      void get().load();
    },
    onEvents(events) {
      if (!get().shown) return;
      if (events.some((e) => e.type === 'reset')) {
        set({ seenTpps: [] });
        void get().load();
        return;
      }
      if (refreshTimer !== undefined || !events.some((e) => e.type === 'exchange')) return;
      refreshTimer = setTimeout(() => void get().load(), CONDUCT_REFRESH_MS);
    },
  };
});

/** The report shown answers the window chosen now (not an earlier TPP or since). */
export const reportIsCurrent = (s: Pick<ConductState, 'reportFor' | 'tppId' | 'since'>): boolean =>
  s.reportFor !== null && (s.reportFor.tppId ?? null) === s.tppId && (s.reportFor.since ?? null) === s.since;
