import { createHash } from 'node:crypto';
import { isPaddedBase64 } from './base64';
import { bodyDifferenceWords, firstDifferingByte } from './body-difference';
import { xmlForms } from './xml-forms';

/**
 * The Digest header of a signed request (spec "Application-layer signing", rules 5-7):
 * `SHA-256=` + base64 of the SHA-256 of the exact body bytes.
 */

/** What a body of zero bytes hashes to: the value every body-less signed request must carry (rule 7). */
export const EMPTY_BODY_DIGEST = 'SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

const PREFIX = 'SHA-256=';
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const SHA256_BASE64_RE = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;
const HEX64_RE = /^[0-9a-fA-F]{64}$/;
/** Algorithm names that RFC 3230 clients put before the `=`; anything longer is not a prefix but a bare hash. */
const ALGORITHM_NAME_RE = /^[A-Za-z][A-Za-z0-9-]{1,15}$/;

export type ParsedDigest = { ok: true; algorithm: 'SHA-256'; base64: string } | { ok: false; problem: string };

export function sha256(bytes: Uint8Array | string): Buffer {
  return createHash('sha256').update(bytes).digest();
}

export function computeDigest(body: Uint8Array): string {
  return PREFIX + sha256(body).toString('base64');
}

/** Strict on purpose: the bank compares the whole value, so every deviation is named rather than tolerated. */
export function parseDigestHeader(value: string): ParsedDigest {
  const fail = (problem: string): ParsedDigest => ({ ok: false, problem });
  if (value.trim() === '') return fail('Digest is empty; send SHA-256= followed by the base64 SHA-256 of the body (rule 5)');
  if (value !== value.trim()) return fail('Digest has spaces before or after the value (rule 5)');
  if (value.includes(',')) {
    return fail(`Digest holds ${value.split(',').length} comma-separated digests; send exactly one SHA-256= value (rule 5)`);
  }
  const eq = value.indexOf('=');
  const name = eq > 0 ? value.slice(0, eq) : '';
  if (!ALGORITHM_NAME_RE.test(name) || isPaddedBase64(value) || HEX64_RE.test(value)) {
    const what = HEX64_RE.test(value) ? 'a bare hex hash' : 'no algorithm prefix';
    return fail(`Digest has ${what}; it must start with SHA-256= (rule 5)`);
  }
  if (name !== 'SHA-256') {
    if (name.toUpperCase() === 'SHA-256') return fail(`Digest prefix must be SHA-256= in upper case, got ${name}= (rule 5)`);
    if (name.toUpperCase() === 'SHA256') return fail(`Digest prefix must be SHA-256= with a hyphen, got ${name}= (rule 5)`);
    return fail(`Digest uses ${name}; only SHA-256 is supported (rule 5)`);
  }
  const hash = value.slice(PREFIX.length);
  if (hash === '') return fail('Digest has the SHA-256= prefix but no hash after it (rule 5)');
  if (HEX64_RE.test(hash)) return fail('Digest carries the hash in hex; send the base64 of the 32 hash bytes (rule 5)');
  if (/[-_]/.test(hash) && !/[+/]/.test(hash)) return fail('Digest is base64url (- and _); use standard base64 with + and / (rule 5)');
  if (!isPaddedBase64(hash)) {
    if (/^[A-Za-z0-9+/]+$/.test(hash) && hash.length % 4 !== 0) return fail('Digest base64 lacks its = padding (rule 5)');
    return fail('Digest after SHA-256= is not base64 (rule 5)');
  }
  if (!SHA256_BASE64_RE.test(hash)) {
    const bytes = Buffer.from(hash, 'base64').length;
    if (bytes === 32) return fail('Digest base64 is not canonical: the character before = carries stray bits (rule 5)');
    return fail(`Digest decodes to ${bytes} bytes; a SHA-256 hash is 32 bytes (rule 5)`);
  }
  return { ok: true, algorithm: 'SHA-256', base64: hash };
}

export interface DigestMismatchCause {
  text: string;
  rule: 5 | 6 | 7;
}

interface Variant {
  bytes: () => Uint8Array | null;
  text: string;
  rule: 5 | 6 | 7;
}

const EMPTY_LOOKALIKES: [string, string][] = [
  ['{}', '{}'],
  ['null', 'null'],
  ['""', 'an empty JSON string ""'],
  [' ', 'a single space'],
  ['\n', 'a newline'],
  ['\r\n', 'a CRLF'],
  ['[]', '[]'],
];

/**
 * Names the usual mistake behind a Digest that does not match: each variant is what a client
 * would have hashed had it made that mistake. Only runs on failure, so the extra hashing is fine.
 * When none explains it and the body the client hashed is known (`hashed`, from its own log), the
 * first byte where the two part is named instead.
 */
export function digestMismatchCause(body: Uint8Array, sentBase64: string, hashed?: Uint8Array): DigestMismatchCause | null {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const actual = sha256(buf);
  if (actual.toString('base64') === sentBase64) return null;
  if (sentBase64.toLowerCase() === actual.toString('hex')) {
    return { text: 'the Digest is the hex of the body hash; encode the 32 hash bytes in base64 instead (rule 5)', rule: 5 };
  }
  const url = actual.toString('base64url');
  if (sentBase64 === url || sentBase64 === `${url}=`) {
    return { text: 'the Digest is the body hash in base64url; use standard base64 with + and / (rule 5)', rule: 5 };
  }
  if (sentBase64 === Buffer.from(actual.toString('hex')).toString('base64')) {
    return { text: 'the Digest is the base64 of the hex text of the hash; base64-encode the 32 hash bytes themselves (rule 5)', rule: 5 };
  }

  for (const variant of variants(buf)) {
    const bytes = variant.bytes();
    if (bytes && sha256(bytes).toString('base64') === sentBase64) return { text: variant.text, rule: variant.rule };
  }
  return hashed === undefined ? null : hashedBodyCause(buf, sentBase64, hashed);
}

function hashedBodyCause(body: Buffer, sentBase64: string, hashed: Uint8Array): DigestMismatchCause {
  const difference = firstDifferingByte(body, hashed);
  if (difference === null) {
    return {
      text: 'the body given as hashed is the body sent, byte for byte, and it does not hash to the Digest: the Digest was not computed over it (rule 5)',
      rule: 5,
    };
  }
  if (sha256(hashed).toString('base64') !== sentBase64) {
    return {
      text: `the body given as hashed does not hash to the Digest either (it hashes to ${computeDigest(hashed)}): it is not the body the Digest was computed over (rule 5)`,
      rule: 5,
    };
  }
  return { text: `${bodyDifferenceWords(difference)}: the body was changed after hashing (rule 6)`, rule: 6 };
}

export function explainDigestMismatch(body: Uint8Array, sentBase64: string): string | null {
  return digestMismatchCause(body, sentBase64)?.text ?? null;
}

function variants(body: Buffer): Variant[] {
  if (body.length === 0) {
    return EMPTY_LOOKALIKES.map(([text, label]) => ({
      bytes: () => Buffer.from(text),
      text: `the Digest is the hash of ${label}, but the request has no body: hash zero bytes (rule 7)`,
      rule: 7 as const,
    }));
  }
  const text = body.toString('utf8');
  const json = (): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  };
  const ifDiffers = (candidate: string | Buffer): Buffer | null => {
    const bytes = typeof candidate === 'string' ? Buffer.from(candidate, 'utf8') : candidate;
    return bytes.equals(body) ? null : bytes;
  };
  const isUtf8 = Buffer.from(text, 'utf8').equals(body);
  const hasBom = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  const spaced = text.split('\n').findIndex((line) => /[ \t]\r?$/.test(line));
  const trailingSpace = isUtf8 && spaced >= 0 ? spaced + 1 : null;
  const nonAscii = isUtf8 && /[\u0080-\uffff]/.test(text);
  return [
    {
      bytes: () => (body.at(-1) === 0x0a ? body.subarray(0, body.at(-2) === 0x0d ? -2 : -1) : null),
      text: 'the body has a trailing newline that was not hashed (rule 6)',
      rule: 6,
    },
    {
      bytes: () => Buffer.concat([body, Buffer.from('\n')]),
      text: 'the body you sent ends without the trailing newline that was hashed: the newline was removed after hashing (rule 6)',
      rule: 6,
    },
    {
      bytes: () => Buffer.alloc(0),
      text: `the Digest is the hash of an empty body, but the request carries ${body.length} byte${body.length === 1 ? '' : 's'}: hash the body as sent (rule 6)`,
      rule: 6,
    },
    // Byte-level changes before re-serialisations: an XML serialiser also drops a BOM and a stray space,
    // so it would explain either, and the user would hunt for a pretty-printer that does not exist.
    {
      bytes: () => (hasBom ? body.subarray(3) : null),
      text: 'the body you sent starts with a UTF-8 byte-order mark (EF BB BF) that was not hashed: hash the body with its BOM, or send it without one (rule 6)',
      rule: 6,
    },
    {
      bytes: () => (hasBom ? null : Buffer.concat([UTF8_BOM, body])),
      text: 'the Digest was computed over the body with a UTF-8 byte-order mark (EF BB BF) in front, which the body you sent does not have (rule 6)',
      rule: 6,
    },
    {
      bytes: () => (trailingSpace === null ? null : ifDiffers(text.replace(/[ \t]+(?=\r?\n|$)/g, ''))),
      text: `the body you sent has spaces or tabs at the end of line ${trailingSpace ?? 0} (and maybe others) that were not hashed (rule 6)`,
      rule: 6,
    },
    {
      bytes: () => (text.includes('\n') ? ifDiffers(text.replace(/\r?\n/g, '\r\n')) : null),
      text: 'the Digest was computed with CRLF line endings but the body was sent with LF (rule 6)',
      rule: 6,
    },
    {
      bytes: () => (text.includes('\r\n') ? ifDiffers(text.replace(/\r\n/g, '\n')) : null),
      text: 'the Digest was computed with LF line endings but the body was sent with CRLF (rule 6)',
      rule: 6,
    },
    {
      bytes: () => {
        const parsed = json();
        return parsed === undefined ? null : ifDiffers(JSON.stringify(parsed));
      },
      text: 'the Digest was computed over the JSON re-serialised compactly, not over the bytes sent (rule 6)',
      rule: 6,
    },
    {
      bytes: () => {
        const parsed = json();
        return parsed === undefined ? null : ifDiffers(JSON.stringify(parsed, null, 2));
      },
      text: 'the Digest was computed over the JSON pretty-printed with 2 spaces, not over the bytes sent (rule 6)',
      rule: 6,
    },
    // The XML cases, as precisely as the JSON ones: each way a serialiser rewrites the document.
    ...(isUtf8
      ? xmlForms(text).map((form) => ({
          bytes: () => Buffer.from(form.text, 'utf8'),
          text: `the Digest was computed over the XML ${form.change}, not over the bytes sent: the body was re-serialised after hashing (rule 6)`,
          rule: 6 as const,
        }))
      : []),
    {
      // Java's ISO-8859-1 encoder writes '?' for what it cannot encode, so € becomes '?'.
      bytes: () => (nonAscii ? Buffer.from(text.replace(/[\u{100}-\u{10ffff}]/gu, '?'), 'latin1') : null),
      text: 'the Digest was computed over the body encoded in Latin-1 (ISO-8859-1), but the body was sent as UTF-8 (rule 6)',
      rule: 6,
    },
    {
      // Node's own 'latin1' encoding keeps only the low byte of each character instead.
      bytes: () => (nonAscii && /[\u0100-\uffff]/.test(text) ? Buffer.from(text, 'latin1') : null),
      text: 'the Digest was computed over the body encoded in Latin-1 (ISO-8859-1), but the body was sent as UTF-8 (rule 6)',
      rule: 6,
    },
    {
      bytes: () => (nonAscii ? windows1252(text) : null),
      text: 'the Digest was computed over the body encoded in Windows-1252, but the body was sent as UTF-8 (rule 6)',
      rule: 6,
    },
    {
      bytes: () => (isUtf8 ? null : Buffer.from(body.toString('latin1'), 'utf8')),
      text: 'the Digest was computed over the body encoded in UTF-8, but the body was sent in Latin-1 (rule 6)',
      rule: 6,
    },
  ];
}

/** The characters where Windows-1252 differs from Latin-1 (0x80-0x9f): what "ANSI" encoders on Windows write. */
const WINDOWS_1252: ReadonlyMap<string, number> = new Map(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((c, i) => [c, 0x80 + i] as const),
);

function windows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0x3f;
    bytes.push(WINDOWS_1252.get(c) ?? (code <= 0xff ? code : 0x3f));
  }
  return Buffer.from(bytes);
}
