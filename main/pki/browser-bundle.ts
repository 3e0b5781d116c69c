// With --tls every connection needs a client certificate, the browser's too. Browsers import a
// certificate with its key as PKCS#12, so the demo TPP's QWAC is also written as DIR/tpp/qwac.p12.
import forge from 'node-forge';
import { X509Certificate } from 'node:crypto';
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
  const pem = readFileSync(certPath, 'utf8');
  const certificate = forge.pki.certificateFromPem(pem);
  const key = forge.pki.privateKeyFromPem(readFileSync(join(tppDir, 'qwac.key.pem'), 'utf8'));
  // 3DES rather than forge's default: every browser and OpenSSL 3 without its legacy provider read it.
  const asn1 = asIssued(certificate, pem, () =>
    forge.pkcs12.toPkcs12Asn1(key, [certificate], QWAC_P12_PASSPHRASE, { algorithm: '3des', friendlyName: 'PSD2 Workbench demo TPP (QWAC)' }),
  );
  writeFileAtomic(target, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), PRIVATE);
  return target;
}

type CertificateEncoder = { certificateToAsn1(certificate: forge.pki.Certificate): forge.asn1.Asn1 };

/**
 * forge writes a certificate it has read again from its fields, with NULL parameters after any signature algorithm:
 * an ECDSA-signed one (the test CAs sign with ECDSA) would no longer verify. While `make` runs, this certificate is
 * written as the bytes it was issued with.
 */
function asIssued<T>(certificate: forge.pki.Certificate, pem: string, make: () => T): T {
  const pki = forge.pki as unknown as CertificateEncoder;
  const encode = pki.certificateToAsn1;
  const issued = forge.asn1.fromDer(new X509Certificate(pem).raw.toString('binary'));
  pki.certificateToAsn1 = (c) => (c === certificate ? issued : encode(c));
  try {
    return make();
  } finally {
    pki.certificateToAsn1 = encode;
  }
}
