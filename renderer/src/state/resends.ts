// Edit and resend's exchanges, kept in sight beside their originals whatever the Inspector's search: a search
// that the new exchange no longer matches (SIGNATURE_INVALID, then re-signed) would otherwise drop it from the
// list and blank the detail. The list notes the ones outside the filter (InspectorScreen.tsx).
import { create } from 'zustand';
import type { Exchange } from '../../../preload/api/workbench-api';

export interface Resend {
  original: Exchange;
  sent: Exchange;
}

/** Kept for the session: a person resends a handful, never thousands. */
const MAX_RESENDS = 50;

interface ResendsState {
  /** Oldest first. */
  resends: Resend[];
  /** Ids of sent exchanges no longer noted outside the filter (still linked from their originals). */
  setAside: number[];
  add(original: Exchange, sent: Exchange): void;
  setAsideAll(ids: readonly number[]): void;
  /** The log was cleared (a reset): none of them is there any more. */
  forget(): void;
}

export const useResends = create<ResendsState>()((set) => ({
  resends: [],
  setAside: [],
  add: (original, sent) => set((s) => ({ resends: [...s.resends.filter((r) => r.sent.id !== sent.id), { original, sent }].slice(-MAX_RESENDS) })),
  setAsideAll: (ids) => set((s) => ({ setAside: [...s.setAside, ...ids] })),
  forget: () => set({ resends: [], setAside: [] }),
}));

/** An exchange a resend knows (sent or original), for the detail pane when the list does not hold it. */
export const resendExchange = (resends: readonly Resend[], id: number | null): Exchange | undefined =>
  id === null ? undefined : (resends.find((r) => r.sent.id === id)?.sent ?? resends.find((r) => r.original.id === id)?.original);
