/**
 * A request Node's HTTP parser (llhttp) refuses before any route exists: the byte it stopped at, the
 * header that byte stands in, and the one wording of it. The live refusal (the server's clientError,
 * http/limits.ts) and Diagnose (a pasted header value holding such a byte) both say it with
 * `refusalWords`, so the same bytes get the same answer word for word (docs/qa.md#signature-diagnosis).
 */

/** Where in a request's bytes the parser stopped. */
export type RefusalPlace =
  /** In a header's value: its name (as sent, or lower case from a paste) and the byte's offset from the value's first byte. */
  | { in: 'value'; header: string; valueOffset: number }
  /** In a header line before its colon (a name the parser cannot read), or a line that starts with a space or tab. */
  | { in: 'name'; line: string }
  | { in: 'request-line' };

/** What the parser refused: its error code (HPE_…), the byte it stopped at and where that byte stands. */
export interface UnreadableByte {
  code: string;
  /** The offending byte; null where it is not known (the bytes did not reach it). */
  byte: number | null;
  place: RefusalPlace | null;
}

const CR = 0x0d;
const LF = 0x0a;
const hex = (byte: number): string => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** The byte in words, as the parser's code says what is wrong with it. */
function byteWords(code: string, byte: number): string {
  if (byte === CR && code === 'HPE_LF_EXPECTED') return 'a carriage return (CR, 0x0D) without a line feed after it';
  if (byte === LF) return 'a line feed (LF, 0x0A) without a carriage return before it';
  if (byte === 0) return 'a NUL byte (0x00)';
  if (byte < 0x20 || byte === 0x7f) return `the control character ${hex(byte)}`;
  if (byte === 0x20 || byte === 0x09) return `a ${byte === 0x20 ? 'space' : 'tab'} (${hex(byte)})`;
  return `the byte ${hex(byte)}`;
}

/** The name a refusal shows of a header line it could not read, cut where it is long. */
const shownLine = (line: string): string => JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}…` : line);

/**
 * The bank's answer to a request its HTTP parser refused (FORMAT_ERROR 400): the parser's code, the byte
 * and where it stands, and what a header value may hold. The same words live and in Diagnose.
 */
export function refusalWords(u: UnreadableByte): string {
  const head = `the request could not be read as HTTP/1.1 (${u.code})`;
  const place = u.place;
  if (u.byte === null || place === null) return head;
  const what = byteWords(u.code, u.byte);
  if (place.in === 'value') {
    const advice =
      u.byte === CR || u.byte === LF
        ? 'a header value is one line: text split at LF keeps the CR of each CRLF line break, so split at CRLF or send the value on one line'
        : 'a header value may hold no control character but a tab';
    return `${head}: the value of ${place.header.toLowerCase()} holds ${what} at byte ${place.valueOffset} of the value; ${advice}`;
  }
  if (place.in === 'name') {
    if (/^[ \t]/.test(place.line)) return `${head}: the header line ${shownLine(place.line)} starts with ${what}; a header may not continue on the next line`;
    return `${head}: the header line ${shownLine(place.line)} holds ${what} in its name; a header name is letters, digits and ! # $ % & ' * + - . ^ _ \` | ~`;
  }
  return `${head}: the request line holds ${what}; it must be METHOD, one space, the path, one space, HTTP/1.1`;
}

/**
 * Where the parser stopped in the bytes it read (`err.rawPacket`, `err.bytesParsed` of Node's clientError).
 * llhttp reports a bare CR at the byte after it (where it wanted the LF), every other refusal at the byte
 * itself; without `bytesParsed` the first byte a header value may not hold is looked for.
 */
export function locateRefusal(code: string, bytes: Buffer, bytesParsed: number | undefined): UnreadableByte & { offset: number | null } {
  let offset: number | null = null;
  if (bytesParsed !== undefined && bytesParsed >= 0 && bytesParsed <= bytes.length) {
    offset = code === 'HPE_LF_EXPECTED' && bytes[bytesParsed - 1] === CR ? bytesParsed - 1 : bytesParsed < bytes.length ? bytesParsed : null;
  }
  offset ??= firstUnreadable(bytes);
  if (offset === null) return { code, byte: null, place: null, offset };
  return { code, byte: bytes[offset] ?? null, place: placeOf(bytes, offset), offset };
}

/** The first bare CR, bare LF or control byte in the header block after the request line; null when none. */
function firstUnreadable(bytes: Buffer): number | null {
  const start = bytes.indexOf(LF) + 1;
  if (start === 0) return null;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === LF) {
      if (bytes[i - 1] !== CR) return i;
      if (bytes[i + 1] === CR && bytes[i + 2] === LF) return null;
    } else if (b === CR ? bytes[i + 1] !== LF : isControl(b)) return i;
  }
  return null;
}

const isControl = (b: number): boolean => (b < 0x20 && b !== 0x09) || b === 0x7f;

/** The line the offset stands in (from the LF before it to the next), read as a request line or a header line. */
function placeOf(bytes: Buffer, offset: number): RefusalPlace {
  const lineStart = offset === 0 ? 0 : bytes.lastIndexOf(LF, offset - 1) + 1;
  if (lineStart === 0) return { in: 'request-line' };
  const lineEnd = bytes.indexOf(LF, offset);
  const line = bytes.subarray(lineStart, lineEnd < 0 ? bytes.length : lineEnd).toString('latin1');
  const colon = line.indexOf(':');
  const at = offset - lineStart;
  if (colon < 0 || at <= colon || /^[ \t]/.test(line)) return { in: 'name', line: line.replace(/\r$/, '') };
  let valueStart = colon + 1;
  while (line[valueStart] === ' ' || line[valueStart] === '\t') valueStart++;
  return { in: 'value', header: line.slice(0, colon), valueOffset: Math.max(0, at - valueStart) };
}

/**
 * What the parser would refuse in header values as a paste gives them (lower-case names, a repeated
 * header as its values): a CR without LF after it (HPE_LF_EXPECTED), an LF without CR before it
 * (HPE_CR_EXPECTED), another control character (HPE_INVALID_HEADER_TOKEN). The first, in the order sent;
 * null when every value is one the parser reads. Offsets count the value's bytes as UTF-8.
 */
export function unreadableHeaderValue(headers: Readonly<Record<string, string | string[] | undefined>>): UnreadableByte | null {
  for (const [header, value] of Object.entries(headers)) {
    for (const one of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      for (let i = 0; i < one.length; i++) {
        const c = one.charCodeAt(i);
        const code =
          c === CR ? (one.charCodeAt(i + 1) === LF ? null : 'HPE_LF_EXPECTED') : c === LF ? (one.charCodeAt(i - 1) === CR ? null : 'HPE_CR_EXPECTED') : null;
        const refused = code ?? (c !== CR && c !== LF && isControl(c) ? 'HPE_INVALID_HEADER_TOKEN' : null);
        if (refused !== null) return { code: refused, byte: c, place: { in: 'value', header, valueOffset: Buffer.byteLength(one.slice(0, i), 'utf8') } };
      }
    }
  }
  return null;
}

/**
 * A request the parser refused, as the traffic log keeps it: the bytes read (up to the header limit), the
 * parser's code, the offending byte's offset in them and the header line it stands in (name as sent; null
 * in the request line or where it was not found), and the words the bank answered with.
 */
export interface LoggedParserRefusal {
  code: string;
  text: string;
  offset: number | null;
  header: string | null;
  bytes: Buffer;
}

/** A request the parser refused and the answer it was sent (http/limits.ts), for the traffic log (http/exchange-log.ts). */
export interface RefusedRequest {
  refusal: LoggedParserRefusal;
  /** The answer's Berlin Group code and HTTP status. */
  code: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: Buffer;
}

/** A refused request's bytes read as far as they go: the request line's method and target, and the header lines as sent. */
export interface RefusedHead {
  method: string;
  target: string;
  /** Each line that has a colon, name as sent and value with the spaces after the colon and at its end removed (a CR inside kept). */
  lines: [name: string, value: string][];
  /** The bytes after the empty line that ends the header block; null when the block did not end in what was read. */
  body: Buffer | null;
}

/** The head of a refused request, read leniently (a line ends at LF, a CR before it dropped); null without a request line. */
export function readRefusedHead(bytes: Buffer): RefusedHead | null {
  const firstEnd = bytes.indexOf(LF);
  const requestLine = bytes.subarray(0, firstEnd < 0 ? bytes.length : firstEnd).toString('latin1');
  const match = /^([A-Za-z]+) (\S+)/.exec(requestLine);
  if (match === null) return null;
  const lines: [string, string][] = [];
  let at = firstEnd < 0 ? bytes.length : firstEnd + 1;
  while (at < bytes.length) {
    const end = bytes.indexOf(LF, at);
    const line = bytes
      .subarray(at, end < 0 ? bytes.length : end)
      .toString('latin1')
      .replace(/\r$/, '');
    if (end >= 0 && line === '') return { method: (match[1] as string).toUpperCase(), target: match[2] as string, lines, body: bytes.subarray(end + 1) };
    const colon = line.indexOf(':');
    if (colon > 0) lines.push([line.slice(0, colon), line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '')]);
    at = end < 0 ? bytes.length : end + 1;
  }
  return { method: (match[1] as string).toUpperCase(), target: match[2] as string, lines, body: null };
}
