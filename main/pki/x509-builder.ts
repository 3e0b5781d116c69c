import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** What every certificate this simulator issues has in common: RSA 2048 keys, random serials, SHA-256 signatures. */

export interface IssuedCertificate {
  certificatePem: string;
  privateKeyPem: string;
  serialHex: string;
}

/** Anything that can sign a certificate: one of the test CAs, or a self-made one for negative tests. */
export interface SigningAuthority {
  certificatePem: string;
  privateKeyPem: string;
}

export interface NameAttribute {
  oid: string;
  value: string;
  /** countryName must be a PrintableString; everything else is UTF8String so any organisation name fits. */
  printable?: boolean;
}

export function rsaKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * 16 random bytes whose first byte lies in 0x10..0x7f: positive (as X.509 requires) and without a leading zero
 * nibble, so the hex written into a keyId equals the serial as any parser prints it.
 */
export function newSerialHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = 0x10 + ((bytes[0] as number) % 0x70);
  return bytes.toString('hex');
}

export function toForgeName(attributes: readonly NameAttribute[]): forge.pki.CertificateField[] {
  return attributes.map((a) => ({
    type: a.oid,
    value: a.value,
    valueTagClass: (a.printable ? forge.asn1.Type.PRINTABLESTRING : forge.asn1.Type.UTF8) as unknown as forge.asn1.Class,
  }));
}

export function newCertificate(publicKeyPem: string, validFrom: Date, validTo: Date): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = newSerialHex();
  cert.validity.notBefore = validFrom;
  cert.validity.notAfter = validTo;
  return cert;
}

export function signWith(cert: forge.pki.Certificate, issuerPrivateKeyPem: string): string {
  cert.sign(forge.pki.privateKeyFromPem(issuerPrivateKeyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}
