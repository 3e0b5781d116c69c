// With --tls every connection needs a client certificate, the browser's too. Browsers import a
// certificate with its key as PKCS#12, so the demo TPP's QWAC is also written as DIR/tpp/qwac.p12.
import forge from 'node-forge';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE, writeFileAtomic } from './files';

export const QWAC_P12_FILE = 'qwac.p12';
/** Test certificates only: a fixed, documented passphrase, since some browsers refuse an empty one. */
export const QWAC_P12_PASSPHRASE = 'workbench';

/** Writes qwac.p12 when it is missing or older than the QWAC it carries (the QWAC is renewed as it nears expiry). */
export function ensureQwacBundle(tppDir: string): string {
  const target = join(tppDir, QWAC_P12_FILE);
  const certPath = join(tppDir, 'qwac.crt.pem');
  if (existsSync(target) && statSync(target).mtimeMs >= statSync(certPath).mtimeMs) return target;
  const certificate = forge.pki.certificateFromPem(readFileSync(certPath, 'utf8'));
  const key = forge.pki.privateKeyFromPem(readFileSync(join(tppDir, 'qwac.key.pem'), 'utf8'));
  // 3DES rather than forge's default: every browser and OpenSSL 3 without its legacy provider read it.
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], QWAC_P12_PASSPHRASE, { algorithm: '3des', friendlyName: 'PSD2 Workbench demo TPP (QWAC)' });
  writeFileAtomic(target, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), PRIVATE);
  return target;
}
