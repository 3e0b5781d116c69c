import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * The simulator's test PKI: a CA and TPP certificates carrying the PSD2 organizationIdentifier.
 * node:crypto makes the keys (fast); node-forge builds and signs the X.509 structures.
 */

export interface KeyAndCertificate {
  certificatePem: string;
  privateKeyPem: string;
  serialHex: string;
}

export const ORGANIZATION_IDENTIFIER_OID = '2.5.4.97';
const DAY_MS = 86_400_000;

function rsaKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Positive serial of 16 random bytes, hex, as X.509 wants (no leading 1 bit). */
function newSerialHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] as number) & 0x7f;
  return bytes.toString('hex');
}

export function createCertificateAuthority(commonName: string, now: Date): KeyAndCertificate {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  cert.serialNumber = newSerialHex();
  cert.validity.notBefore = new Date(now.getTime() - DAY_MS);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * DAY_MS);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'PSD2 Workbench Test PKI' },
    { name: 'countryName', value: 'EU' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKeyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: keys.privateKeyPem, serialHex: cert.serialNumber };
}

export interface TppCertificateRequest {
  purpose: 'qwac' | 'qseal';
  organizationId: string;
  organizationName: string;
  countryCode: string;
  validFrom: Date;
  validTo: Date;
}

export function issueTppCertificate(ca: KeyAndCertificate, req: TppCertificateRequest): KeyAndCertificate {
  const keys = rsaKeyPair();
  const caCert = forge.pki.certificateFromPem(ca.certificatePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  cert.serialNumber = newSerialHex();
  cert.validity.notBefore = req.validFrom;
  cert.validity.notAfter = req.validTo;
  cert.setSubject([
    { name: 'commonName', value: `${req.organizationName} ${req.purpose.toUpperCase()}` },
    { name: 'organizationName', value: req.organizationName },
    { type: ORGANIZATION_IDENTIFIER_OID, value: req.organizationId },
    { name: 'countryName', value: req.countryCode },
  ]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    req.purpose === 'qwac'
      ? { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    ...(req.purpose === 'qwac' ? [{ name: 'extKeyUsage', clientAuth: true }] : []),
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(ca.privateKeyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: keys.privateKeyPem, serialHex: cert.serialNumber };
}

/** The issuer DN as keyId writes it: `CN=…,O=…,C=…`. */
export function issuerDn(certificatePem: string): string {
  const cert = forge.pki.certificateFromPem(certificatePem);
  return cert.issuer.attributes.map((a) => `${a.shortName ?? a.type}=${String(a.value)}`).join(',');
}
