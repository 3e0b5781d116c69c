import { contentLengthWarning } from './content-length';
import { parseCurl } from './curl-command';
import { parseHar } from './har-entry';
import type { ParsedPaste } from './pasted';
import { parseRawHttp } from './raw-http';

export type PasteKind = 'http' | 'curl' | 'har';
export const PASTE_KINDS: readonly PasteKind[] = ['http', 'curl', 'har'];
export type { ParsedPaste, PastedRequest } from './pasted';

/** The request in what was pasted, with what does not add up in it; `pick` chooses among a HAR log's entries. */
export function parsePasted(kind: PasteKind, text: string, pick?: (method: string, target: string) => boolean): ParsedPaste {
  const parsed = kind === 'http' ? parseRawHttp(text) : kind === 'curl' ? parseCurl(text) : parseHar(text, pick);
  if (!parsed.ok) return parsed;
  const warning = contentLengthWarning(parsed.request);
  return warning === null ? parsed : { ok: true, request: { ...parsed.request, warnings: [...(parsed.request.warnings ?? []), warning] } };
}
