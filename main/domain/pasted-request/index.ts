import { parseCurl } from './curl-command';
import { parseHar } from './har-entry';
import type { ParsedPaste } from './pasted';
import { parseRawHttp } from './raw-http';

export type PasteKind = 'http' | 'curl' | 'har';
export const PASTE_KINDS: readonly PasteKind[] = ['http', 'curl', 'har'];
export type { ParsedPaste, PastedRequest } from './pasted';

/** The request in what was pasted; `pick` chooses among a HAR log's entries. */
export function parsePasted(kind: PasteKind, text: string, pick?: (method: string, target: string) => boolean): ParsedPaste {
  if (kind === 'http') return parseRawHttp(text);
  if (kind === 'curl') return parseCurl(text);
  return parseHar(text, pick);
}
