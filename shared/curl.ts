// "Copy as cURL": one command a user can paste into bash or zsh to replay an exchange byte for byte.
// Pure and shared, so the Inspector builds it in the page and the control API answers it
// (GET /simulator/v1/exchanges/{id}/curl) from the one builder; test/unit/curl.test.ts pins the quoting.
import type { Exchange, ExchangeMessage, HeaderLine } from '../preload/api/workbench-api';
import { bodyBytes, utf8Text } from './body-bytes';
import { headerLinesOf } from './header-lines';

export interface CurlInput {
  method: string;
  /** Path (and query) on the simulator, as the exchange log records it. */
  url: string;
  headers: Record<string, string | string[]>;
  /** The header lines as sent (a header sent twice is two lines); without them, the lines of `headers`. */
  rawHeaders?: HeaderLine[];
  body: string | null;
  /** The body's exact bytes where `body` (read as UTF-8) does not give them back, as the exchange log answers it. */
  bodyBase64?: ExchangeMessage['bodyBase64'];
}

/** Computed again by curl from what it actually sends; copying them would lie after an edit. */
const SKIPPED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive', 'accept-encoding']);

/** Bytes a terminal or a paste would not keep as they are inside plain quotes: CR, tab, the other C0 controls and DEL (LF is kept). */
const isControl = (code: number): boolean => code < 0x20 || code === 0x7f;
/** Characters a copy drops or turns into others, unseen: a byte-order mark, zero-width characters, the no-break space. */
const INVISIBLE = /[\u00a0\u200b-\u200d\u2060\ufeff]/;
const ANSI_C_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '\r': '\\r', '\n': '\\n', '\t': '\\t' };
const hex = (byte: number): string => `\\x${byte.toString(16).padStart(2, '0')}`;
const utf8Escapes = (c: string): string => [...new TextEncoder().encode(c)].map(hex).join('');

/**
 * Single quotes keep everything literal in sh, bash and zsh; a quote inside becomes '\''. A value
 * with a CR, another control byte or an invisible character goes in bash's ANSI-C quoting $'...'
 * instead, each such byte written as an escape (\r, \t, \xHH), so the copy replays exactly what was sent.
 */
export function shellQuote(value: string): string {
  if ([...value].some((c) => (c !== '\n' && isControl(c.charCodeAt(0))) || INVISIBLE.test(c))) return ansiCQuote(value);
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** bash's $'...': backslash, quote, control bytes and invisible characters (their UTF-8 bytes) escaped, everything else (UTF-8 included) as it is. */
export function ansiCQuote(value: string): string {
  const escaped = [...value]
    .map((c) => ANSI_C_ESCAPES[c] ?? (isControl(c.charCodeAt(0)) ? hex(c.charCodeAt(0)) : INVISIBLE.test(c) ? utf8Escapes(c) : c))
    .join('');
  return `$'${escaped}'`;
}

/**
 * A header line as the bank received it: Node reads each header byte as one character (Latin-1), so a
 * character from U+0080 to U+00FF stands for that one byte, which $'\xHH' sends (a plain 'ü' would go as two).
 */
function headerQuote(line: string): string {
  if (!/[\u0080-\u00ff]/.test(line)) return shellQuote(line);
  const escaped = [...line].map((c) => {
    const code = c.charCodeAt(0);
    return ANSI_C_ESCAPES[c] ?? (isControl(code) || (code >= 0x80 && code <= 0xff) ? hex(code) : c);
  });
  return `$'${escaped.join('')}'`;
}

/**
 * printf's format as a body that bash cannot hold in a word: NUL (a shell word ends there) or bytes that are
 * not UTF-8. Every byte goes as itself or as a three-digit octal escape (POSIX printf: bash, zsh, dash and
 * /usr/bin/printf alike); what is UTF-8 in it stays readable; % and \ are doubled, a quote is '\''.
 */
export function printfFormat(bytes: Uint8Array): string {
  let out = '';
  let at = 0;
  const octal = (byte: number): string => `\\${byte.toString(8).padStart(3, '0')}`;
  while (at < bytes.length) {
    const byte = bytes[at] ?? 0;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    const char = length > 1 ? utf8Char(bytes.subarray(at, at + length)) : null;
    if (char !== null && !INVISIBLE.test(char)) {
      out += char;
      at += length;
      continue;
    }
    if (byte === 0x25) out += '%%';
    else if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x27) out += `'\\''`;
    else if (byte === 0x0d) out += '\\r';
    else if (byte === 0x09) out += '\\t';
    // A leading - would be read as an option of printf.
    else if (byte === 0x0a || (byte >= 0x20 && byte < 0x7f && !(byte === 0x2d && at === 0))) out += String.fromCharCode(byte);
    else out += octal(byte);
    at += 1;
  }
  return `'${out}'`;
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The one character these bytes encode, or null when they are not exactly one UTF-8 character. */
function utf8Char(bytes: Uint8Array): string | null {
  try {
    const text = strict.decode(bytes);
    return [...text].length === 1 ? text : null;
  } catch {
    return null;
  }
}

export function buildCurl(request: CurlInput, simulatorUrl: string): string {
  const bytes = bodyBytes(request);
  const text = bytes === null ? null : utf8Text(bytes);
  // A body bash cannot pass as a word (a NUL, bytes that are not UTF-8) goes through curl's standard input.
  const piped = bytes !== null && bytes.length > 0 && (text === null || text.includes('\0'));
  const lines = [
    `${piped ? `printf ${printfFormat(bytes)} | ` : ''}curl --silent --show-error --request ${shellQuote(request.method.toUpperCase())} ${shellQuote(`${simulatorUrl}${request.url}`)}`,
  ];
  // One --header per line as sent: curl sends a name given twice twice, in this order.
  for (const [name, value] of headerLinesOf(request)) {
    if (!SKIPPED_HEADERS.has(name.toLowerCase())) lines.push(`--header ${headerQuote(`${name}: ${value}`)}`);
  }
  // --data-binary sends the bytes untouched (plain --data strips newlines), which the Digest needs; @- reads them from printf.
  if (piped) lines.push('--data-binary @-');
  else if (text !== null && text !== '') lines.push(`--data-binary ${shellQuote(text)}`);
  return lines.join(' \\\n  ');
}

/** A logged exchange's request as the command: its method and URL, its header lines as received, its body's bytes. */
export function exchangeCurl(exchange: Pick<Exchange, 'method' | 'url' | 'request'>, simulatorUrl: string): string {
  return buildCurl({ method: exchange.method, url: exchange.url, ...exchange.request }, simulatorUrl);
}
