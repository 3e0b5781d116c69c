import { isPaddedBase64 } from './base64';

/**
 * Strict parser of the Signature header (spec "Application-layer signing", rule 9):
 * `keyId="...",algorithm="...",headers="...",signature="..."`, all four, nothing else.
 * Strict because a lenient bank teaches clients habits the real one rejects; every refusal says why.
 */

export interface SignatureParams {
  keyId: string;
  algorithm: string;
  /** Lower-case header names in signing order, as listed. */
  headers: string[];
  /** Base64, as sent. */
  signature: string;
}

export type ParsedSignatureHeader = { ok: true; params: SignatureParams } | { ok: false; problem: string };

const PARAMETERS = ['keyId', 'algorithm', 'headers', 'signature'] as const;
type Parameter = (typeof PARAMETERS)[number];

/** Far above any real header (a 4096-bit signature is 684 characters); keeps hostile input cheap. */
const MAX_LENGTH = 8192;
/** An RFC 7230 token in lower case, or a Cavage pseudo-header such as (request-target). */
const HEADER_NAME_RE = /^(?:\([a-z-]+\)|[a-z0-9!#$%&'*+.^_`|~-]+)$/;

export function parseSignatureHeader(value: string): ParsedSignatureHeader {
  const fail = (problem: string): ParsedSignatureHeader => ({ ok: false, problem });
  if (value.length > MAX_LENGTH) return fail(`the Signature header is ${value.length} characters long; at most ${MAX_LENGTH} are accepted`);
  if (/^\s*signature\s+\w+=/i.test(value)) {
    return fail('the Signature header starts with the word "Signature"; send only the parameters keyId="...",algorithm="...",headers="...",signature="..."');
  }

  const found = new Map<string, string>();
  const n = value.length;
  let i = skipSpaces(value, 0);
  if (i === n) return fail('the Signature header is empty');
  for (;;) {
    const start = i;
    while (i < n && isNameChar(value.charCodeAt(i))) i++;
    const name = value.slice(start, i);
    if (name === '') return fail(`expected a parameter name at position ${i + 1}, found ${show(value.charAt(i))}`);
    if (value.charAt(i) === ' ' || (value.charAt(i) === '=' && value.charAt(i + 1) === ' ')) return fail(`no spaces are allowed around "=" (after ${name})`);
    if (value.charAt(i) !== '=') return fail(`parameter ${name} must be followed by ="..."`);
    i++;
    if (value.charAt(i) !== '"') return fail(`the value of ${name} must be in double quotes`);
    i++;
    let text = '';
    let closed = false;
    const quote = value.indexOf('"', i);
    const slash = value.indexOf('\\', i);
    if (quote >= 0 && (slash < 0 || slash > quote)) {
      // The usual case, no escapes: one slice instead of a character loop.
      text = value.slice(i, quote);
      i = quote + 1;
      closed = true;
    }
    while (!closed && i < n) {
      const c = value.charAt(i);
      if (c === '\\' && i + 1 < n) {
        // quoted-pair (RFC 7230 3.2.6): the backslash only protects the next character.
        text += value.charAt(i + 1);
        i += 2;
        continue;
      }
      i++;
      if (c === '"') {
        closed = true;
        break;
      }
      text += c;
    }
    if (!closed) return fail(`the value of ${name} has no closing quote`);
    if (found.has(name)) return fail(`parameter ${name} appears twice`);
    found.set(name, text);
    i = skipSpaces(value, i);
    if (i === n) break;
    if (value.charAt(i) !== ',') {
      return fail(
        `expected a comma after the value of ${name} ("${truncate(text)}"), found ${show(value.charAt(i))}: is a quote missing, or unescaped inside the value?`,
      );
    }
    i = skipSpaces(value, i + 1);
    if (i === n) return fail('the Signature header ends with a comma');
  }

  const unknown = [...found.keys()].filter((name) => !(PARAMETERS as readonly string[]).includes(name));
  if (unknown.length > 0) return fail(unknown.map(unknownParameter).join('; '));
  const missing = PARAMETERS.filter((name) => !found.has(name));
  if (missing.length > 0)
    return fail(`parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing; all of keyId, algorithm, headers and signature are mandatory`);
  const get = (name: Parameter): string => found.get(name) ?? '';

  if (get('keyId') === '') return fail('keyId is empty');
  if (get('algorithm') === '') return fail('algorithm is empty; write algorithm="rsa-sha256"');
  const headers = parseHeadersParameter(get('headers'));
  if (typeof headers === 'string') return fail(headers);
  const signature = get('signature');
  const signatureProblem = base64Problem(signature);
  if (signatureProblem) return fail(`signature ${signatureProblem}`);
  return { ok: true, params: { keyId: get('keyId'), algorithm: get('algorithm'), headers, signature } };
}

/** The names, or a problem. */
function parseHeadersParameter(value: string): string[] | string {
  if (value.trim() === '') return 'headers is empty; list the signed header names separated by spaces';
  if (value.includes(',')) return 'header names in headers are separated by single spaces, not commas';
  if (value !== value.trim() || /\s{2,}|[^\S ]/.test(value)) return 'header names in headers are separated by single spaces, with none before or after';
  const names = value.split(' ');
  const upper = names.filter((name) => name !== name.toLowerCase());
  if (upper.length > 0) return `header names in headers must be lower case: ${upper.join(', ')}`;
  const invalid = names.filter((name) => !HEADER_NAME_RE.test(name));
  if (invalid.length > 0) return `not header names: ${invalid.map((name) => `"${name}"`).join(', ')}`;
  return names;
}

function base64Problem(value: string): string | null {
  if (value === '') return 'is empty';
  if (/\s/.test(value)) return 'contains spaces or line breaks; send the base64 on one line';
  if (/[-_]/.test(value) && !/[+/]/.test(value)) return 'is base64url (- and _); use standard base64 with + and /';
  if (!isPaddedBase64(value)) return /^[A-Za-z0-9+/]+$/.test(value) ? 'lacks its = padding' : 'is not base64';
  return null;
}

function unknownParameter(name: string): string {
  const known = PARAMETERS.find((p) => p.toLowerCase() === name.toLowerCase());
  if (known) return `write ${known}, not ${name}`;
  if (name === 'created' || name === 'expires') return `${name} is not part of this profile: only keyId, algorithm, headers and signature`;
  return `unknown parameter ${name}: only keyId, algorithm, headers and signature`;
}

/** A-Z a-z 0-9 _ - */
function isNameChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
}

function skipSpaces(value: string, from: number): number {
  let i = from;
  while (value.charAt(i) === ' ' || value.charAt(i) === '\t') i++;
  return i;
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function show(c: string): string {
  return c === '' ? 'the end' : `"${c}"`;
}
