/**
 * Header lines as they were sent, a repeated header kept as every value. Node's `request.headers`
 * joins a repeated header it does not know into "a, b" (or keeps only the first, for some), which
 * hides the mistake; `request.rawHeaders` and a pasted request still have every line.
 */

export type HeaderRecord = Record<string, string | string[]>;

/** Adds a header as Node does: lower-case name, a repeated one kept as every value. */
export function addHeader(headers: HeaderRecord, name: string, value: string): void {
  const key = name.toLowerCase();
  const kept = headers[key];
  headers[key] = kept === undefined ? value : Array.isArray(kept) ? [...kept, value] : [kept, value];
}

/**
 * The headers the bank reads as one value each: sent twice, which one counts would be a guess. The
 * spelling is the one a diagnosis names them by.
 */
const SINGLE_VALUE_HEADERS: ReadonlyMap<string, string> = new Map([
  ['x-request-id', 'X-Request-ID'],
  ['digest', 'Digest'],
  ['signature', 'Signature'],
  ['tpp-signature-certificate', 'TPP-Signature-Certificate'],
  ['psu-id', 'PSU-ID'],
  ['tpp-redirect-uri', 'TPP-Redirect-URI'],
  ['consent-id', 'Consent-ID'],
  ['psu-ip-address', 'PSU-IP-Address'],
  ['psu-device-id', 'PSU-Device-ID'],
]);

/** Lower-case names of the single-value headers Node's flat `rawHeaders` (name, value, name, value …) holds more than once. */
export function repeatedInRaw(rawHeaders: readonly string[]): string[] {
  let seen: Set<string> | null = null;
  let repeated: string[] | null = null;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    if (!SINGLE_VALUE_HEADERS.has(name)) continue;
    seen ??= new Set();
    if (seen.has(name)) {
      repeated ??= [];
      if (!repeated.includes(name)) repeated.push(name);
    } else seen.add(name);
  }
  return repeated ?? [];
}

/** Lower-case names of the single-value headers a header record holds more than once, in the record's order. */
export function repeatedInRecord(headers: Readonly<Record<string, string | string[] | undefined>>): string[] {
  return Object.keys(headers).filter((name) => SINGLE_VALUE_HEADERS.has(name) && Array.isArray(headers[name]));
}

/**
 * Node's merged headers with each named repeated header put back as its values, in the order sent:
 * what the bank's checks read, so "a, b" is never mistaken for one value.
 */
export function withRepeated(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  rawHeaders: readonly string[],
  names: readonly string[],
): Record<string, string | string[] | undefined> {
  if (names.length === 0) return headers;
  const out: Record<string, string | string[] | undefined> = { ...headers };
  for (const name of names) {
    const values: string[] = [];
    for (let i = 0; i < rawHeaders.length; i += 2) if ((rawHeaders[i] ?? '').toLowerCase() === name) values.push(rawHeaders[i + 1] ?? '');
    out[name] = values;
  }
  return out;
}

/** "X-Request-ID is sent more than once": the one wording of the mistake, live and pasted alike. */
export function repeatedHeaderProblem(lowerNames: readonly string[]): string {
  const shown = lowerNames.map((name) => SINGLE_VALUE_HEADERS.get(name) ?? name);
  if (shown.length === 1) return `${shown[0] ?? ''} is sent more than once; send it once`;
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''} are sent more than once; send each once`;
}

/** The headers Node's `request.headers` keeps only the first line of when sent more than once. */
const FIRST_LINE_ONLY = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/**
 * Node's `request.headers` from the lines as received: names in lower case in the order first sent, a
 * repeated header joined by ", " ("; " for Cookie), Set-Cookie kept as a list, some kept at the first line.
 */
export function headersOfLines(lines: readonly (readonly [string, string])[]): HeaderRecord {
  const headers: HeaderRecord = {};
  for (const [name, value] of lines) {
    const key = name.toLowerCase();
    const kept = headers[key];
    if (key === 'set-cookie') headers[key] = Array.isArray(kept) ? [...kept, value] : [value];
    else if (kept === undefined) headers[key] = value;
    else if (!FIRST_LINE_ONLY.has(key)) headers[key] = `${kept as string}${key === 'cookie' ? '; ' : ', '}${value}`;
  }
  return headers;
}

/** Whether two header records hold the same names in the same order with the same values. */
export function sameHeaders(a: Readonly<HeaderRecord>, b: Readonly<HeaderRecord>): boolean {
  const names = Object.keys(a);
  const others = Object.keys(b);
  if (names.length !== others.length) return false;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (name !== others[i]) return false;
    const x = a[name];
    const y = b[name];
    if (Array.isArray(x) ? !Array.isArray(y) || x.length !== y.length || x.some((v, j) => v !== y[j]) : x !== y) return false;
  }
  return true;
}
