// "Diagnose a request": a pasted raw HTTP request, cURL command or HAR entry, and the bank's
// diagnosis of it from the host (nothing is sent to a bank route).
import { create } from 'zustand';
import { workbench } from '../api';
import type { PastedDiagnosis, PastedRequestKind } from '../../../preload/api/workbench-api';

interface DiagnoseState {
  /** Open over the exchange selected when it was opened (null: none); selecting another closes it. */
  openOver: number | null | undefined;
  kind: PastedRequestKind;
  text: string;
  busy: boolean;
  result: PastedDiagnosis | null;
  error: string | null;
  open(selectedId: number | null): void;
  close(): void;
  setKind(kind: PastedRequestKind): void;
  setText(text: string): void;
  diagnose(): Promise<void>;
}

/** What the paste most likely is: JSON is HAR, a leading `curl` is cURL, anything else raw HTTP. */
export function guessKind(text: string): PastedRequestKind {
  const start = text.trimStart();
  if (start.startsWith('{')) return 'har';
  if (/^curl\s/.test(start)) return 'curl';
  return 'http';
}

export const useDiagnose = create<DiagnoseState>()((set, get) => ({
  openOver: undefined,
  kind: 'http',
  text: '',
  busy: false,
  result: null,
  error: null,
  open: (selectedId) => set({ openOver: selectedId }),
  close: () => set({ openOver: undefined }),
  setKind: (kind) => set({ kind }),
  setText: (text) => set((s) => ({ text, kind: s.text.trim() === '' && text.trim() !== '' ? guessKind(text) : s.kind })),
  async diagnose() {
    const { kind, text } = get();
    set({ busy: true, error: null });
    try {
      set({ result: await workbench.diagnoseRequest(kind, text), busy: false });
    } catch (err) {
      set({ error: err instanceof Error ? err.message : String(err), result: null, busy: false });
    }
  },
}));
