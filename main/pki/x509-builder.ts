import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  randomBytes,
  sign,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { children, objectId, parseDer, sequence, type Asn1 } from './asn1';

/**
 * What every certificate this simulator issues has in common: random serials and SHA-256 signatures. TPPs and the
 * TLS server get RSA 2048 keys; the test CAs get EC P-256 keys (a pair takes a fraction of a millisecond, an RSA pair
 * a good part of a second) and sign with ECDSA; a CA of an older data folder keeps its RSA key and signs with it.
 */

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

export interface KeyPairPem {
  publicKeyPem: string;
  privateKeyPem: string;
}

const RSA_PEM = { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } } as const;
const EC_PEM = { namedCurve: 'P-256', publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } } as const;
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

export function ecKeyPair(): KeyPairPem {
  const { publicKey, privateKey } = generateKeyPairSync('ec', EC_PEM);
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

/** forge holds only RSA keys: a certificate for an EC key is built around this stand-in, replaced when it is signed. */
const STAND_IN_KEY = forge.pki.setRsaPublicKey(new forge.jsbn.BigInteger('3'), new forge.jsbn.BigInteger('3'));
/** The real SubjectPublicKeyInfo of a certificate built around the stand-in. */
const ecSubjectKeys = new WeakMap<forge.pki.Certificate, Asn1>();

export function newCertificate(publicKeyPem: string, validFrom: Date, validTo: Date): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  const publicKey = createPublicKey(publicKeyPem);
  if (publicKey.asymmetricKeyType === 'rsa') {
    cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  } else {
    cert.publicKey = STAND_IN_KEY;
    ecSubjectKeys.set(cert, parseDer(publicKey.export({ type: 'spki', format: 'der' }).toString('binary')));
  }
  cert.serialNumber = newSerialHex();
  cert.validity.notBefore = validFrom;
  cert.validity.notAfter = validTo;
  return cert;
}

/**
 * The key identifier of a public key (RFC 5280 4.2.1.2, method 1: SHA-1 of the subjectPublicKey bits), as the binary
 * string forge takes. For an RSA key it equals what forge computes itself.
 */
export function keyIdentifierOf(publicKey: string | KeyObject): string {
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  const spki = parseDer(key.export({ type: 'spki', format: 'der' }).toString('binary'));
  const bits = children(spki)[1]?.value;
  if (typeof bits !== 'string') throw new Error('a public key without its bits');
  return createHash('sha1')
    .update(Buffer.from(bits.slice(1), 'binary'))
    .digest('binary');
}

/** The subjectKeyIdentifier forge would make, made from the real key (for an EC key forge holds only a stand-in). */
export function subjectKeyIdentifierExtension(publicKeyPem: string): { id: string; critical: false; value: Asn1 } {
  return {
    id: SUBJECT_KEY_IDENTIFIER,
    critical: false,
    value: forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OCTETSTRING, false, keyIdentifierOf(publicKeyPem)),
  };
}

const SUBJECT_KEY_IDENTIFIER = '2.5.29.14';
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
/** TBSCertificate ::= SEQUENCE { [0] version, serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, [3] extensions } */
const TBS = { signature: 2, issuer: 3, subject: 5, subjectPublicKeyInfo: 6 } as const;

/** The issuer's subject exactly as its certificate holds it, for the certificates it issues. */
export function subjectNameOf(certificatePem: string): Asn1 {
  const tbs = children(parseDer(new X509Certificate(certificatePem).raw.toString('binary')))[0];
  const subject = children(tbs)[TBS.subject];
  if (subject === undefined) throw new Error('a certificate without a subject');
  return subject;
}

/**
 * Signs with node:crypto, by the issuer's key: RSA PKCS#1 v1.5 (what forge's cert.sign(key, sha256) writes, in a
 * fraction of forge's time) or ECDSA, whose AlgorithmIdentifier has no parameters (RFC 5758), which forge cannot
 * write. forge builds the TBSCertificate; the parts forge cannot make are put in place: the issuer's name as its
 * certificate holds it (when given), an EC subject key, the ECDSA algorithm.
 */
export function signWith(cert: forge.pki.Certificate, issuerPrivateKeyPem: string, issuerName?: Asn1): string {
  const ecdsa = createPrivateKey(issuerPrivateKeyPem).asymmetricKeyType === 'ec';
  const algorithmOid = ecdsa ? ECDSA_WITH_SHA256 : (forge.pki.oids.sha256WithRSAEncryption as string);
  const algorithm = sequence([objectId(algorithmOid), ...(ecdsa ? [] : [forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.NULL, false, '')])]);
  const withSigningInfo = cert as forge.pki.Certificate & { siginfo: { algorithmOid: string } };
  withSigningInfo.md = forge.md.sha256.create();
  withSigningInfo.signatureOid = withSigningInfo.siginfo.algorithmOid = algorithmOid;
  // getTBSCertificate is forge's own (x509.js), missing from its type declarations.
  const tbs = (forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): Asn1 }).getTBSCertificate(cert);
  const parts = children(tbs);
  parts[TBS.signature] = algorithm;
  if (issuerName !== undefined) parts[TBS.issuer] = issuerName;
  const ecKey = ecSubjectKeys.get(cert);
  if (ecKey !== undefined) parts[TBS.subjectPublicKeyInfo] = ecKey;
  const signature = sign('sha256', Buffer.from(forge.asn1.toDer(tbs).getBytes(), 'binary'), issuerPrivateKeyPem).toString('binary');
  const certificate = sequence([tbs, algorithm, forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.BITSTRING, false, `\0${signature}`)]);
  return forge.pem.encode({ type: 'CERTIFICATE', body: forge.asn1.toDer(certificate).getBytes() }, { maxline: 64 });
}
