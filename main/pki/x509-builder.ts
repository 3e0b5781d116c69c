import { generateKeyPair, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { promisify } from 'node:util';
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

interface KeyPairPem {
  publicKeyPem: string;
  privateKeyPem: string;
}

const RSA_PEM = { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } } as const;
const generateKeyPairAsync = promisify(generateKeyPair);

/** Key pairs made ahead by prepareKeyPairs, taken first by rsaKeyPair. */
const prepared: KeyPairPem[] = [];

/**
 * Makes `count` key pairs side by side on libuv's thread pool, for rsaKeyPair to take: a fresh data folder
 * needs several, each costs a core for a good part of a second, and the machine has more than one core.
 */
export async function prepareKeyPairs(count: number): Promise<void> {
  const made = await Promise.all(Array.from({ length: count }, () => generateKeyPairAsync('rsa', RSA_PEM)));
  prepared.push(...made.map(({ publicKey, privateKey }) => ({ publicKeyPem: publicKey, privateKeyPem: privateKey })));
}

export function rsaKeyPair(): KeyPairPem {
  const ready = prepared.shift();
  if (ready) return ready;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', RSA_PEM);
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
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

/**
 * Signs as forge's cert.sign(key, sha256) does (the same TBSCertificate, OIDs and PKCS#1 v1.5 signature), but
 * with node:crypto's RSA instead of forge's, which in JavaScript costs tens of milliseconds a certificate.
 */
export function signWith(cert: forge.pki.Certificate, issuerPrivateKeyPem: string): string {
  const withSigningInfo = cert as forge.pki.Certificate & { siginfo: { algorithmOid: string }; tbsCertificate: forge.asn1.Asn1 };
  withSigningInfo.md = forge.md.sha256.create();
  withSigningInfo.signatureOid = withSigningInfo.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption as string;
  // getTBSCertificate is forge's own (x509.js), missing from its type declarations.
  withSigningInfo.tbsCertificate = (forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 }).getTBSCertificate(cert);
  const tbs = Buffer.from(forge.asn1.toDer(withSigningInfo.tbsCertificate).getBytes(), 'binary');
  withSigningInfo.signature = sign('sha256', tbs, issuerPrivateKeyPem).toString('binary');
  return forge.pki.certificateToPem(cert);
}
