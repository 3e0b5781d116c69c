// The pending request of a run as the user edits it, byte-exact: an HTML textarea turns CRLF
// into LF in its value, so the original body is kept and sent as it was unless the body was
// edited; an edited body takes the line ending the user chose (the original's by default).
import type { FlowRequest, FlowRequestEdit } from '../../../preload/api/workbench-api';

export type LineEnding = 'CRLF' | 'LF';

export interface RequestDraft {
  method: string;
  url: string;
  /** Editable rows, in sending order; a row with an empty name is dropped on send. */
  headers: { name: string; value: string }[];
  /** The body as the textarea holds it (line feeds only); null without a body. */
  bodyText: string | null;
  /** The chosen line ending of the body as sent. */
  lineEnding: LineEnding;
  resign: boolean;
}

/** What the body's line breaks are: CRLF only, LF only, both, or none at all. */
export function lineEndingOf(body: string): LineEnding | 'mixed' | 'none' {
  const crlf = (body.match(/\r\n/g) ?? []).length;
  const lf = (body.match(/\n/g) ?? []).length;
  if (lf === 0) return 'none';
  if (crlf === lf) return 'CRLF';
  return crlf === 0 ? 'LF' : 'mixed';
}

/** As a textarea shows it: every CRLF (and lone CR) a line feed. */
export function asTextarea(body: string): string {
  return body.replace(/\r\n?/g, '\n');
}

export function withLineEnding(text: string, ending: LineEnding): string {
  const lf = asTextarea(text);
  return ending === 'CRLF' ? lf.replace(/\n/g, '\r\n') : lf;
}

export function draftOf(request: FlowRequest): RequestDraft {
  const ending = request.body === null ? 'none' : lineEndingOf(request.body);
  return {
    method: request.method,
    url: request.url,
    headers: Object.entries(request.headers).map(([name, value]) => ({ name, value })),
    bodyText: request.body === null ? null : asTextarea(request.body),
    // Mixed endings cannot be kept through an edit; CRLF is what HTTP itself uses.
    lineEnding: ending === 'LF' ? 'LF' : 'CRLF',
    resign: true,
  };
}

/** Whether the body as drafted differs from the original: its text, or the line ending chosen. */
export function bodyEdited(request: FlowRequest, draft: RequestDraft): boolean {
  if (request.body === null || draft.bodyText === null) return request.body !== draft.bodyText;
  if (draft.bodyText !== asTextarea(request.body)) return true;
  const original = lineEndingOf(request.body);
  return original !== 'none' && original !== draft.lineEnding;
}

/** The body to send: the original exactly when not edited, otherwise the text with the chosen line ending. */
export function bodyToSend(request: FlowRequest, draft: RequestDraft): string | null {
  if (!bodyEdited(request, draft)) return request.body;
  return draft.bodyText === null ? null : withLineEnding(draft.bodyText, draft.lineEnding);
}

function headersOf(draft: RequestDraft): Record<string, string> {
  return Object.fromEntries(draft.headers.filter((h) => h.name.trim() !== '').map((h) => [h.name.trim(), h.value]));
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const ea = Object.entries(a);
  const eb = Object.entries(b);
  return ea.length === eb.length && ea.every(([name, value], i) => eb[i]?.[0] === name && eb[i]?.[1] === value);
}

/** Whether anything differs from the prepared request, so the host must send the edit rather than its own. */
export function draftEdited(request: FlowRequest, draft: RequestDraft): boolean {
  return (
    !draft.resign ||
    draft.method !== request.method ||
    draft.url !== request.url ||
    !sameHeaders(headersOf(draft), request.headers) ||
    bodyEdited(request, draft)
  );
}

/** null: send the prepared request as the host built it; otherwise the edit, byte-exact. */
export function editToSend(request: FlowRequest, draft: RequestDraft): FlowRequestEdit | null {
  if (!draftEdited(request, draft)) return null;
  return { method: draft.method, url: draft.url, headers: headersOf(draft), body: bodyToSend(request, draft), resign: draft.resign };
}
