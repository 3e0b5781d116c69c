/**
 * Whether the keyId of a Signature header names the certificate sent with it. The spec calls keyId
 * opaque and does not show production values; we accept the forms clients of Berlin Group banks use:
 *
 * - `SN=<serial>,CA=<issuer DN>` (the Berlin Group form): serial in hex, case-insensitive, leading
 *   zeros ignored; the DN compared attribute by attribute, ignoring spaces after commas and around
 *   `=`, the case of attribute names, and whether it is written most-specific first (RFC 4514,
 *   `CN=...,O=...,C=EU`) or country first (OpenSSL, `C=EU, O=..., CN=...`). Values are compared exactly.
 * - `SN=<serial>` alone.
 * - the certificate's SHA-256 fingerprint in hex, with or without colons.
 *
 * A serial written in decimal is refused, with a hint, because a decimal string is also valid hex
 * and accepting both would make two different certificates match one keyId.
 */

export interface KeyIdSubject {
  serialHex?: string;
  issuerDn?: string;
  fingerprintSha256?: string;
}

export const keyIdMatches = (keyId: string, certificate: KeyIdSubject): boolean => keyIdProblem(keyId, certificate) === null;

/**
 * A client sends the same keyId with every request it signs with one certificate: each pair's verdict is
 * judged once (the DN parse of the issuer was some 3% of a signed request's checks). Bounded: a client
 * sending a new keyId each time only empties it now and then.
 */
const verdicts = new Map<string, string | null>();
const MAX_VERDICTS = 256;

/** Why keyId does not name the certificate, or null when it does. */
export function keyIdProblem(keyId: string, certificate: KeyIdSubject): string | null {
  const field = (value: string | undefined): string => `${value?.length ?? -1}:${value ?? ''}`;
  // Each field with its length, so no two pairs make the same key.
  const key = `${field(certificate.fingerprintSha256)}${field(certificate.serialHex)}${field(certificate.issuerDn)}${keyId}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const problem = judgeKeyId(keyId, certificate);
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(key, problem);
  return problem;
}

function judgeKeyId(keyId: string, certificate: KeyIdSubject): string | null {
  const value = keyId.trim();
  const fingerprint = value.replace(/:/g, '');
  if (/^[0-9a-fA-F]{64}$/.test(fingerprint)) {
    const own = (certificate.fingerprintSha256 ?? '').replace(/:/g, '').toLowerCase();
    return fingerprint.toLowerCase() === own ? null : `keyId is a SHA-256 fingerprint, but not that of the certificate sent (${own || 'unknown'})`;
  }
  const match = /^SN=([^,]*)(?:,\s*CA=([\s\S]*))?$/i.exec(value);
  if (!match) {
    return `keyId "${value}" is in none of the accepted forms: SN=<serial hex>,CA=<issuer DN>, SN=<serial hex>, or the certificate's SHA-256 fingerprint`;
  }
  const serial = (match[1] ?? '').trim();
  const own = normaliseSerial(certificate.serialHex ?? '');
  if (!/^[0-9a-fA-F]+$/.test(serial)) return `keyId SN=${serial} is not a hexadecimal serial number`;
  if (normaliseSerial(serial) !== own) {
    if (/^[0-9]+$/.test(serial) && own !== '' && BigInt(serial).toString(16) === own) {
      return `keyId SN=${serial} is the certificate's serial in decimal; write it in hex: SN=${own}`;
    }
    return `keyId names serial ${serial}, but the certificate sent has serial ${own || 'unknown'}`;
  }
  const issuer = match[2];
  if (issuer !== undefined && !sameDn(issuer, certificate.issuerDn ?? '')) {
    return `keyId names the issuer CA=${issuer.trim()}, but the certificate sent was issued by ${certificate.issuerDn ?? 'an unknown CA'}`;
  }
  return null;
}

function normaliseSerial(hex: string): string {
  const trimmed = hex.toLowerCase().replace(/^0+/, '');
  return trimmed === '' && hex !== '' ? '0' : trimmed;
}

const ATTRIBUTE_ALIASES: Readonly<Record<string, string>> = {
  EMAILADDRESS: 'E',
  S: 'ST',
  '2.5.4.97': 'ORGANIZATIONIDENTIFIER',
  'OID.2.5.4.97': 'ORGANIZATIONIDENTIFIER',
  '2.5.4.5': 'SERIALNUMBER',
};

function sameDn(a: string, b: string): boolean {
  // The usual keyId copies the issuer DN as the bank shows it: one parse says all.
  if (a === b) return dnAttributes(a) !== null;
  const left = dnAttributes(a);
  const right = dnAttributes(b);
  if (!left || !right || left.length !== right.length) return false;
  const same = (x: string[]): boolean => x.every((part, i) => part === left[i]);
  return same(right) || same([...right].reverse());
}

function dnAttributes(dn: string): string[] | null {
  const parts = dn.split(/(?<!\\),/);
  const out: string[] = [];
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const name = part.slice(0, eq).trim().toUpperCase();
    out.push(`${ATTRIBUTE_ALIASES[name] ?? name}=${part.slice(eq + 1).trim()}`);
  }
  return out;
}
