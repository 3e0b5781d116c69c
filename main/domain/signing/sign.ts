import { createPrivateKey, sign } from 'node:crypto';
import { computeDigest, sha256 } from './digest';
import { buildSigningString, signingStringBytes, type SigningString } from './signing-string';

export interface SigningKey {
  keyId: string;
  privateKeyPem: string;
  /** The QSEAL, sent as base64 of its DER in TPP-Signature-Certificate. */
  certificatePem: string;
}

export interface SignedHeaders {
  digest: string;
  signature: string;
  tppSignatureCertificate: string;
  signingString: SigningString;
  /** Base64 SHA-256 of the signing string's bytes: what RSA-SHA256 actually signs. */
  signingStringSha256: string;
}

export const certificateHeaderValue = (certificatePem: string): string => certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

/**
 * Signs a request the way the bank's profile describes (rule 8): Digest over the exact body, the
 * signing string of the named headers in order, RSA-SHA256 with the QSEAL's key. `value` supplies
 * every other named header as it will be transmitted; `digest` is filled in here.
 */
export function signRequest(names: readonly string[], value: (lowerName: string) => string | undefined, body: Uint8Array, key: SigningKey): SignedHeaders {
  const digest = computeDigest(body);
  const signingString = buildSigningString(names, (name) => (name === 'digest' ? digest : value(name)));
  const bytes = signingStringBytes(signingString.text);
  const signature = sign('sha256', bytes, createPrivateKey(key.privateKeyPem)).toString('base64');
  return {
    digest,
    signature: `keyId="${key.keyId}",algorithm="rsa-sha256",headers="${names.join(' ')}",signature="${signature}"`,
    tppSignatureCertificate: certificateHeaderValue(key.certificatePem),
    signingString,
    signingStringSha256: sha256(bytes).toString('base64'),
  };
}
