import { constants, publicDecrypt, verify, type KeyObject } from 'node:crypto';
import { sha256 } from './digest';
import { signingStringBytes } from './signing-string';

/**
 * Why an RSA signature that does not verify failed. PKCS#1 v1.5 lets the public key recover the
 * hash that was signed, so instead of "invalid" we can rebuild the signing strings clients get
 * wrong and name the one whose hash was signed. Runs only on failure.
 */

export interface BadSignatureCause {
  text: string;
  rule: number;
  /** The bytes the signature does verify over, when a variant of the signing string (or the body) was found. */
  signed?: Buffer;
}

export interface SignedLines {
  /** The names of the headers parameter, in its order. */
  listed: readonly string[];
  /** Names the client may have signed without listing them: profile headers the request carries. */
  alsoPresent: readonly string[];
  value: (lowerName: string) => string | undefined;
  /** Every value a header was sent with, when it was sent more than once: the client may have signed one of them. */
  values?: (lowerName: string) => string | string[] | undefined;
  /** Lower-case names in the order the request carried them: the order a client most likely signed in. */
  sentOrder?: readonly string[];
  /** `(request-target)` value, `<method> <path>`, when the caller knows it. */
  requestTarget: string | null;
  body: Uint8Array;
  /** Whether the Digest sent matches the body: then the digest line is not the suspect. */
  digestMatches?: boolean;
}

/** DigestInfo prefixes (RFC 8017 9.2 note 1) of the hashes a misconfigured client may use instead. */
const DIGEST_INFO: readonly { name: string; size: number; prefix: Buffer }[] = [
  { name: 'SHA-256', size: 32, prefix: Buffer.from('3031300d060960864801650304020105000420', 'hex') },
  { name: 'SHA-1', size: 20, prefix: Buffer.from('3021300906052b0e03021a05000414', 'hex') },
  { name: 'SHA-384', size: 48, prefix: Buffer.from('3041300d060960864801650304020205000430', 'hex') },
  { name: 'SHA-512', size: 64, prefix: Buffer.from('3051300d060960864801650304020305000440', 'hex') },
];

/** Canonical spellings, for the "header names not lower-cased" mistake. */
const ORIGINAL_CASE: Readonly<Record<string, string>> = {
  digest: 'Digest',
  'x-request-id': 'X-Request-ID',
  'tpp-redirect-uri': 'TPP-Redirect-URI',
  'psu-id': 'PSU-ID',
};

/** Beyond this many candidate names, trying every ordered subset costs more than it can tell. */
const MAX_NAMES_FOR_SUBSETS = 6;

export function explainBadSignature(key: KeyObject, signature: Buffer, signed: SignedLines): BadSignatureCause {
  let recovered: Buffer;
  try {
    recovered = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
  } catch {
    if (isPss(key, signature, signed)) {
      return { text: 'the signature uses RSA-PSS padding; rsa-sha256 means RSASSA-PKCS1-v1_5 (rule 10)', rule: 10 };
    }
    return { text: 'the signature was not made with the private key of the certificate sent (rule 8)', rule: 8 };
  }
  const info = DIGEST_INFO.find((d) => recovered.length === d.prefix.length + d.size && recovered.subarray(0, d.prefix.length).equals(d.prefix));
  if (!info) {
    if (recovered.length === 32) {
      return { text: 'the signature covers a bare SHA-256 hash without the DigestInfo that RSASSA-PKCS1-v1_5 requires (rule 10)', rule: 10 };
    }
    return { text: "the signature was made with this certificate's key but not as rsa-sha256 (no SHA-256 DigestInfo inside) (rule 10)", rule: 10 };
  }
  if (info.name !== 'SHA-256') {
    return { text: `the signature was made with this certificate's key but over a ${info.name} hash; rsa-sha256 signs SHA-256 (rule 10)`, rule: 10 };
  }
  const hash = recovered.subarray(info.prefix.length);
  return findSignedVariant(hash, signed) ?? { text: valueChangedText(signed), rule: 10 };
}

/** Each signed line as the bank read it, the value cut where it is long (a Digest, a URI). */
const MAX_SHOWN_VALUE = 80;

/**
 * No cheap variant verified: the key is the certificate's (its SHA-256 DigestInfo came out), so the
 * string signed held other values. The Digest, when it matches the body, is not the one that changed.
 */
function valueChangedText(signed: SignedLines): string {
  const suspects = signed.listed.filter((name) => !(name === 'digest' && signed.digestMatches === true));
  const lines = signed.listed.map((name) => {
    const value = name === '(request-target)' ? (signed.requestTarget ?? '') : (signed.value(name) ?? '');
    return `${name}: ${value.length > MAX_SHOWN_VALUE ? `${value.slice(0, MAX_SHOWN_VALUE)}…` : value}`;
  });
  const because = signed.digestMatches === true ? 'The Digest matches the body, so a' : 'A';
  return (
    "the signature was made with this certificate's key but over a different signing string: a signed value differs from the transmitted header. " +
    `${because} signed header's value changed after signing${suspects.length > 0 ? `, one of ${suspects.join(', ')}` : ''} ` +
    '(no other order, case, line ending or trailing newline of these lines verifies). ' +
    `The bank's signing string, in order: ${lines.join(' | ')} (rule 10)`
  );
}

function isPss(key: KeyObject, signature: Buffer, signed: SignedLines): boolean {
  const text = render(signed.listed, signed, PLAIN);
  try {
    return verify('sha256', text, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO }, signature);
  } catch {
    return false;
  }
}

interface Format {
  separator: string;
  trailing: string;
  name: (lowerName: string) => string;
  colon: string;
  digestPrefix: boolean;
  utf8: boolean;
  requestTarget: string | null;
}

const PLAIN: Format = { separator: '\n', trailing: '', name: (n) => n, colon: ': ', digestPrefix: true, utf8: false, requestTarget: null };

function render(names: readonly string[], signed: SignedLines, format: Format): Buffer {
  const lines = names.map((name) => {
    let value = name === '(request-target)' ? (signed.requestTarget ?? '') : (signed.value(name) ?? '');
    if (name === 'digest' && !format.digestPrefix) value = value.replace(/^SHA-256=/, '');
    return `${format.name(name)}${format.colon}${value}`;
  });
  if (format.requestTarget !== null) lines.unshift(`${format.name('(request-target)')}${format.colon}${format.requestTarget}`);
  const text = lines.join(format.separator) + format.trailing;
  return format.utf8 ? Buffer.from(text, 'utf8') : signingStringBytes(text);
}

/** The variant found, with the bytes it verified over: the string the TPP most likely signed. */
function findSignedVariant(hash: Buffer, signed: SignedLines): BadSignatureCause | null {
  let verified: Uint8Array | null = null;
  const matches = (bytes: Uint8Array): boolean => {
    if (!sha256(bytes).equals(hash)) return false;
    verified = bytes;
    return true;
  };
  const cause = findVariant(matches, signed);
  return cause === null || verified === null ? cause : { ...cause, signed: Buffer.from(verified) };
}

function findVariant(matches: (bytes: Uint8Array) => boolean, signed: SignedLines): BadSignatureCause | null {
  const listed = signed.listed;
  const shown = (names: readonly string[]): string => names.join(', ');

  const formats: [Partial<Format>, string, number][] = [
    [{ separator: '\r\n' }, 'your signing string separates lines with CRLF; use a single \\n (rule 4)', 4],
    [{ trailing: '\n' }, 'your signing string ends with a newline after the last line; there must be none (rule 4)', 4],
    [
      { name: (n) => ORIGINAL_CASE[n] ?? n },
      'your signing string writes header names in their original case (X-Request-ID); write them in lower case (rule 4)',
      4,
    ],
    [{ name: titleCase }, 'your signing string writes header names capitalised (X-Request-Id); write them in lower case (rule 4)', 4],
    [{ colon: ':' }, 'your signing string has no space after the colon; write "name: value" (rule 4)', 4],
    [{ colon: ' : ' }, 'your signing string has a space before the colon; write "name: value" (rule 4)', 4],
    [{ digestPrefix: false }, 'the digest line of your signing string lacks the SHA-256= prefix; the whole Digest value is signed (rule 5)', 5],
    [{ utf8: true }, 'your signing string encodes the header values as UTF-8, not as the bytes sent (rule 4)', 4],
  ];
  if (signed.requestTarget !== null && !listed.includes('(request-target)')) {
    for (const target of requestTargetVariants(signed.requestTarget)) {
      formats.push([
        { requestTarget: target },
        `you signed a (request-target) line ("${target}"), which headers does not list and which must not be signed (rule 2)`,
        2,
      ]);
    }
  }
  for (const [change, text, rule] of formats) {
    if (matches(render(listed, signed, { ...PLAIN, ...change }))) return { text, rule };
  }

  const inOtherOrder = (order: readonly string[], how: string, besides = ''): BadSignatureCause => ({
    text: `the TPP signed the headers in another order: ${shown(order)}${how}, but headers lists ${shown(listed)}; the signing string must follow the order of headers (rule 3)${besides === '' ? '' : `; besides, ${besides}`}`,
    rule: 3,
  });
  const sent = sentOrderOf(listed, signed.sentOrder);
  if (sent !== null) {
    if (matches(render(sent, signed, PLAIN))) return inOtherOrder(sent, ' (the order they were sent in)');
    for (const [change, text] of formats) {
      if (matches(render(sent, signed, { ...PLAIN, ...change }))) return inOtherOrder(sent, ' (the order they were sent in)', text);
    }
  }
  if (listed.length <= MAX_NAMES_FOR_SUBSETS) {
    for (const order of permutations(listed)) {
      if (order.every((name, i) => name === listed[i])) continue;
      if (matches(render(order, signed, PLAIN))) return inOtherOrder(order, '');
    }
  }
  const oneValue = signedOneOfRepeated(matches, signed);
  if (oneValue !== null) return oneValue;
  const spaced = signedWithStrippedSpace(matches, signed);
  if (spaced !== null) return spaced;
  const candidates = [...new Set([...listed, ...signed.alsoPresent])];
  if (candidates.length <= MAX_NAMES_FOR_SUBSETS) {
    for (const names of orderedSubsets(candidates)) {
      if (names.length === listed.length && names.every((name) => listed.includes(name))) continue;
      if (matches(render(names, signed, PLAIN))) {
        return { text: `you signed ${shown(names)}, but headers lists ${shown(listed)}: sign exactly the headers you list (rule 1)`, rule: 1 };
      }
    }
  }
  if (matches(signed.body)) return { text: 'the signature is over the body, not over the signing string (rule 4)', rule: 4 };
  return null;
}

/** How clients write (request-target): as the spec of the draft says, with the method in capitals, without the query. */
function requestTargetVariants(target: string): string[] {
  const [method = '', path = ''] = target.split(' ', 2);
  const bare = path.split('?', 1)[0] ?? path;
  return [...new Set([target, `${method.toUpperCase()} ${path}`, `${method} ${bare}`, `${method.toUpperCase()} ${bare}`])];
}

/** The listed names in the order the request carried them, when that is another order. */
function sentOrderOf(listed: readonly string[], sentOrder: readonly string[] | undefined): string[] | null {
  if (sentOrder === undefined) return null;
  const inSent = sentOrder.filter((name) => listed.includes(name));
  const rest = listed.filter((name) => !inSent.includes(name));
  const order = [...inSent, ...rest];
  return order.length === listed.length && order.some((name, i) => name !== listed[i]) ? order : null;
}

/** A header sent twice: the client signed one of its values, the bank read them joined. */
function signedOneOfRepeated(matches: (bytes: Uint8Array) => boolean, signed: SignedLines): BadSignatureCause | null {
  if (signed.values === undefined) return null;
  for (const name of signed.listed) {
    const values = signed.values(name);
    if (!Array.isArray(values)) continue;
    for (const [i, one] of values.entries()) {
      const value = (n: string): string | undefined => (n === name ? one : signed.value(n));
      if (matches(render(signed.listed, { ...signed, value }, PLAIN))) {
        return {
          text: `${name} is sent ${values.length} times and the TPP signed only its ${ordinal(i)} value "${one}"; the bank reads them joined: send it once (rule 10)`,
          rule: 10,
        };
      }
    }
  }
  return null;
}

/** How the words show a space or tab HTTP took off a value: visible, where a plain space would not be. */
const SHOWN_BLANKS: Readonly<Record<string, string>> = { ' ': '␣', '\t': '⇥' };

/**
 * A value signed with a space or tab at its start or end: HTTP drops those around a header value, so the
 * bank received it without, and the signature cannot verify. Named, the blank shown (␣ for a space).
 */
function signedWithStrippedSpace(matches: (bytes: Uint8Array) => boolean, signed: SignedLines): BadSignatureCause | null {
  for (const name of signed.listed) {
    if (name === 'digest' || name === '(request-target)') continue;
    const sent = signed.value(name);
    if (sent === undefined) continue;
    for (const [blank, shown] of Object.entries(SHOWN_BLANKS)) {
      for (const where of ['trailing', 'leading'] as const) {
        const one = where === 'trailing' ? `${sent}${blank}` : `${blank}${sent}`;
        const value = (n: string): string | undefined => (n === name ? one : signed.value(n));
        if (!matches(render(signed.listed, { ...signed, value }, PLAIN))) continue;
        const visible = where === 'trailing' ? `${sent}${shown}` : `${shown}${sent}`;
        const what = blank === ' ' ? 'space (shown as ␣)' : 'tab (shown as ⇥)';
        return {
          text: `${name} was signed as "${visible}", with a ${where} ${what}, but HTTP drops spaces and tabs around a header value, so the bank received "${sent}": sign the value as it is sent, without the ${blank === ' ' ? 'space' : 'tab'} (rule 4)`,
          rule: 4,
        };
      }
    }
  }
  return null;
}

const ordinal = (i: number): string => ['first', 'second', 'third'][i] ?? `${i + 1}th`;

function titleCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) yield [items[i] as T, ...tail];
  }
}

/** Every non-empty subset in every order. */
function* orderedSubsets<T>(items: readonly T[]): Generator<T[]> {
  for (let mask = 1; mask < 1 << items.length; mask++) {
    yield* permutations(items.filter((_item, i) => (mask & (1 << i)) !== 0));
  }
}
