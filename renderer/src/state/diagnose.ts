// "Diagnose a request": a pasted raw HTTP request, cURL command or HAR entry, and the bank's
// diagnosis of it from the host (nothing is sent to a bank route). A text box turns CRLF into LF,
// so a paste is taken from the clipboard event and kept exactly as it came; typed text (LF only)
// is sent with the line endings chosen explicitly, as Resend does.
import { create } from 'zustand';
import { workbench } from '../api';
import type { DiagnoseAs, PastedDiagnosis, PastedRequestKind } from '../../../preload/api/workbench-api';
import { asTextarea, withLineEnding, type LineEnding } from './request-draft';

interface DiagnoseState {
  /** Open over the exchange selected when it was opened (null: none); selecting another closes it. */
  openOver: number | null | undefined;
  kind: PastedRequestKind;
  /** The request exactly as pasted, or as typed in the box. */
  text: string;
  /** pasted: the clipboard's text kept byte for byte; typed: the box's text, whose line endings are chosen. */
  source: 'pasted' | 'typed';
  /** The line endings typed raw HTTP is sent with (a text box holds LF only). */
  lineEnding: LineEnding;
  /** The body the client hashed, from its own log: empty when not given. A paste is kept exactly, as the request's is. */
  hashedBody: string;
  busy: boolean;
  result: PastedDiagnosis | null;
  error: string | null;
  open(selectedId: number | null): void;
  close(): void;
  setKind(kind: PastedRequestKind): void;
  /** The clipboard's text of a paste, exactly. */
  paste(text: string): void;
  setText(text: string): void;
  /** Turns an exact paste into text to edit in the box, keeping its line endings as the choice. */
  editAsText(): void;
  setLineEnding(lineEnding: LineEnding): void;
  setHashedBody(text: string): void;
  /** `tpp` certificate: as the registered TPP the pasted certificate names, when the bank does not know the token. */
  diagnose(tpp?: DiagnoseAs): Promise<void>;
}

/** What the paste most likely is: JSON is HAR, a leading `curl` is cURL, anything else raw HTTP. */
export function guessKind(text: string): PastedRequestKind {
  const start = text.trimStart();
  if (start.startsWith('{')) return 'har';
  if (/^curl\s/.test(start)) return 'curl';
  return 'http';
}

/** The text the host reads: a paste as it came; typed raw HTTP with the chosen line endings. */
export function textToDiagnose(s: Pick<DiagnoseState, 'kind' | 'text' | 'source' | 'lineEnding'>): string {
  return s.source === 'pasted' || s.kind !== 'http' ? s.text : withLineEnding(s.text, s.lineEnding);
}

export const useDiagnose = create<DiagnoseState>()((set, get) => ({
  openOver: undefined,
  kind: 'http',
  text: '',
  source: 'typed',
  lineEnding: 'LF',
  hashedBody: '',
  busy: false,
  result: null,
  error: null,
  open: (selectedId) => set({ openOver: selectedId }),
  close: () => set({ openOver: undefined }),
  setKind: (kind) => set({ kind }),
  paste: (text) => set({ text, source: 'pasted', kind: guessKind(text), result: null, error: null }),
  setText: (text) => set((s) => ({ text, source: 'typed', kind: s.text.trim() === '' && text.trim() !== '' ? guessKind(text) : s.kind })),
  editAsText: () => set((s) => ({ text: asTextarea(s.text), source: 'typed', lineEnding: s.text.includes('\r\n') ? 'CRLF' : 'LF' })),
  setLineEnding: (lineEnding) => set({ lineEnding }),
  setHashedBody: (hashedBody) => set({ hashedBody }),
  async diagnose(tpp) {
    const s = get();
    set({ busy: true, error: null, result: null });
    try {
      const options = { ...(tpp === undefined ? {} : { tpp }), ...(s.hashedBody === '' ? {} : { hashedBody: s.hashedBody }) };
      set({ result: await workbench.diagnoseRequest(s.kind, textToDiagnose(s), options), busy: false });
    } catch (err) {
      set({ error: err instanceof Error ? err.message : String(err), result: null, busy: false });
    }
  },
}));
