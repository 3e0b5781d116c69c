// "Copy as cURL": one command a user can paste into bash or zsh to replay an exchange byte for byte.
// Pure, so the unit tests pin the quoting (test/unit/curl.test.ts).
import type { HeaderLine } from '../../../preload/api/workbench-api';
import { headerLinesOf } from '../../../shared/header-lines';

export interface CurlInput {
  method: string;
  /** Path (and query) on the simulator, as the exchange log records it. */
  url: string;
  headers: Record<string, string | string[]>;
  /** The header lines as sent (a header sent twice is two lines); without them, the lines of `headers`. */
  rawHeaders?: HeaderLine[];
  body: string | null;
}

/** Computed again by curl from what it actually sends; copying them would lie after an edit. */
const SKIPPED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive', 'accept-encoding']);

/** Bytes a terminal or a paste would not keep as they are inside plain quotes: CR, tab, the other C0 controls and DEL (LF is kept). */
const isControl = (code: number): boolean => code < 0x20 || code === 0x7f;
const ANSI_C_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '\r': '\\r', '\n': '\\n', '\t': '\\t' };

/**
 * Single quotes keep everything literal in sh, bash and zsh; a quote inside becomes '\''. A value
 * with a CR or another control byte goes in bash's ANSI-C quoting $'...' instead, each such byte
 * written as an escape (\r, \t, \xHH), so the copy replays exactly what was sent.
 */
export function shellQuote(value: string): string {
  if ([...value].some((c) => c !== '\n' && isControl(c.charCodeAt(0)))) return ansiCQuote(value);
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** bash's $'...': backslash, quote and control bytes escaped, everything else (UTF-8 included) as it is. */
export function ansiCQuote(value: string): string {
  const escaped = [...value].map((c) => ANSI_C_ESCAPES[c] ?? (isControl(c.charCodeAt(0)) ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('');
  return `$'${escaped}'`;
}

export function buildCurl(request: CurlInput, simulatorUrl: string): string {
  const lines = [`curl --silent --show-error --request ${shellQuote(request.method.toUpperCase())} ${shellQuote(`${simulatorUrl}${request.url}`)}`];
  // One --header per line as sent: curl sends a name given twice twice, in this order.
  for (const [name, value] of headerLinesOf(request)) {
    if (!SKIPPED_HEADERS.has(name.toLowerCase())) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  }
  // --data-binary sends the bytes untouched (plain --data strips newlines), which the Digest needs.
  if (request.body !== null && request.body !== '') lines.push(`--data-binary ${shellQuote(request.body)}`);
  return lines.join(' \\\n  ');
}
