import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signRequest, type SigningKey } from '../../main/domain/signing/sign';
import type { TestBank } from './simulator';

/** The demo TPP's eIDAS QSEAL from the data folder, as a TPP developer would load it. */
export function demoSigningKey(bank: TestBank): SigningKey {
  const dir = join(bank.dataDir, 'tpp');
  return { keyId: bank.client.keyId, certificatePem: readFileSync(join(dir, 'qseal.crt.pem'), 'utf8'), privateKeyPem: readFileSync(join(dir, 'qseal.key.pem'), 'utf8') };
}

/** Headers of a signed request: the given ones plus Digest, Signature and TPP-Signature-Certificate over `names`. */
export function signedHeaders(key: SigningKey, names: readonly string[], headers: Record<string, string>, body: string | Buffer = ''): Record<string, string> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const signed = signRequest(names, (name) => lower[name], bytes, key);
  return { ...headers, digest: signed.digest, signature: signed.signature, 'tpp-signature-certificate': signed.tppSignatureCertificate };
}

export const baseHeaders = (): Record<string, string> => ({
  'x-request-id': randomUUID(),
  'psu-id': 'FRA-CREATOR',
  'tpp-redirect-uri': 'https://tpp.example/callback',
});
