import { createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Loads the certificate's public key for verification. OpenSSL 3 decodes an SPKI key through its
 * generic decoder search, many times slower than it loads the same key as PKCS#1 DER. Since every
 * signed request needs the key, an RSA SPKI is unwrapped to its PKCS#1 body here (the BIT STRING of
 * SubjectPublicKeyInfo holds exactly that). Anything else goes the general way.
 */

const RSA_ALGORITHM_IDENTIFIER = Buffer.from('300d06092a864886f70d0101010500', 'hex');

export function loadPublicKey(spkiPem: string): KeyObject {
  const pkcs1 = rsaPkcs1FromSpki(spkiPem);
  if (pkcs1) {
    try {
      return createPublicKey({ key: pkcs1, format: 'der', type: 'pkcs1' });
    } catch {
      // fall through: let the general decoder say what is wrong
    }
  }
  return createPublicKey(spkiPem);
}

function rsaPkcs1FromSpki(pem: string): Buffer | null {
  const match = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----\s*$/.exec(pem.trim());
  if (!match?.[1]) return null;
  const der = Buffer.from(match[1].replace(/\s/g, ''), 'base64');
  const outer = element(der, 0);
  if (!outer || outer.tag !== 0x30 || outer.end !== der.length) return null;
  const algorithm = element(der, outer.start);
  if (!algorithm || !der.subarray(algorithm.offset, algorithm.end).equals(RSA_ALGORITHM_IDENTIFIER)) return null;
  const bits = element(der, algorithm.end);
  if (!bits || bits.tag !== 0x03 || bits.end !== der.length || der[bits.start] !== 0x00) return null;
  return der.subarray(bits.start + 1, bits.end);
}

/** One DER element at `offset`: where its content starts and ends. */
function element(der: Buffer, offset: number): { tag: number; offset: number; start: number; end: number } | null {
  const tag = der[offset];
  const first = der[offset + 1];
  if (tag === undefined || first === undefined) return null;
  let start = offset + 2;
  let length = first;
  if (first >= 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4 || start + count > der.length) return null;
    length = der.readUIntBE(start, count);
    start += count;
  }
  const end = start + length;
  return end <= der.length ? { tag, offset, start, end } : null;
}
