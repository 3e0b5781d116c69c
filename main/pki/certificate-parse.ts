import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { children, isSequence, parseDer, readBitString, readBoolean, readOctets, readOid, type Asn1 } from './asn1';
import { dnFromOpenSsl, readName, type NameAttributeValue } from './distinguished-name';
import { OID } from './oids';
import { decodeQcStatements, type QcStatements } from './qc-statements';

/**
 * Everything about a certificate that does not depend on the clock or the trust store, so it can be cached.
 * X509Certificate (OpenSSL) does the general fields; node-forge's ASN.1 reads what OpenSSL does not expose:
 * the subject's organizationIdentifier, keyUsage bits and the qcStatements.
 */
export interface ParsedCertificate {
  x509: X509Certificate;
  fingerprintSha256: string;
  serialHex: string;
  issuerDn: string;
  subjectDn: string;
  subject: readonly NameAttributeValue[];
  publicKeyPem: string;
  notBefore: Date;
  notAfter: Date;
  organizationId: string | undefined;
  /** null when the certificate has no qcStatements extension. */
  qc: QcStatements | null;
  /** null when there is no keyUsage extension, which leaves the key unrestricted. */
  keyUsage: ReadonlySet<KeyUsage> | null;
  /** null when there is no extendedKeyUsage extension. */
  extKeyUsage: readonly string[] | null;
  purpose: 'qwac' | 'qseal' | 'unknown';
}

export type ParseResult = { ok: true; certificate: ParsedCertificate } | { ok: false; problem: string };

const KEY_USAGE_BITS = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;
export type KeyUsage = (typeof KEY_USAGE_BITS)[number];

export function parseCertificate(der: Buffer): ParseResult {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(der);
  } catch {
    return { ok: false, problem: 'the certificate is not a DER-encoded X.509 certificate' };
  }
  const notBefore = new Date(Date.parse(x509.validFrom));
  const notAfter = new Date(Date.parse(x509.validTo));
  if (Number.isNaN(notBefore.getTime()) || Number.isNaN(notAfter.getTime())) {
    return { ok: false, problem: `the certificate's validity (${x509.validFrom} to ${x509.validTo}) cannot be read` };
  }
  let publicKeyPem: string;
  try {
    publicKeyPem = x509.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    return { ok: false, problem: "the certificate's public key algorithm is not supported" };
  }
  let fields: Pick<ParsedCertificate, 'subject' | 'qc' | 'keyUsage' | 'extKeyUsage'>;
  try {
    fields = readTbsFields(parseDer(x509.raw.toString('binary')));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `the certificate's structure cannot be read: ${reason}` };
  }
  const certificate: ParsedCertificate = {
    x509,
    fingerprintSha256: x509.fingerprint256,
    serialHex: x509.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
    issuerDn: dnFromOpenSsl(x509.issuer),
    subjectDn: dnFromOpenSsl(x509.subject),
    publicKeyPem,
    notBefore,
    notAfter,
    organizationId: fields.subject.find((a) => a.oid === OID.organizationIdentifier)?.value,
    ...fields,
    purpose: purposeOf(fields),
  };
  return { ok: true, certificate };
}

/** TBSCertificate ::= SEQUENCE { [0] version OPTIONAL, serial, signature, issuer, validity, subject, spki, ..., [3] extensions } */
function readTbsFields(root: Asn1): Pick<ParsedCertificate, 'subject' | 'qc' | 'keyUsage' | 'extKeyUsage'> {
  const tbs = children(root)[0];
  if (!isSequence(tbs)) throw new Error('no TBSCertificate');
  const parts = children(tbs);
  const hasVersion = parts[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && (parts[0].type as number) === 0;
  const subject = readName(parts[hasVersion ? 5 : 4]);
  const extensionsWrapper = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && (p.type as number) === 3);
  const fields: Pick<ParsedCertificate, 'subject' | 'qc' | 'keyUsage' | 'extKeyUsage'> = {
    subject,
    qc: null,
    keyUsage: null,
    extKeyUsage: null,
  };
  for (const extension of children(children(extensionsWrapper)[0])) {
    const [idNode, second, third] = children(extension);
    const id = readOid(idNode);
    const value = readOctets(readBoolean(second) === undefined ? second : third);
    if (id === undefined || value === undefined) throw new Error('an extension is not SEQUENCE { extnID, critical, extnValue }');
    if (id === OID.qcStatements) fields.qc = decodeQcStatements(value);
    else if (id === OID.keyUsage) fields.keyUsage = readKeyUsage(value);
    else if (id === OID.extKeyUsage) fields.extKeyUsage = children(parseDer(value)).flatMap((n) => readOid(n) ?? []);
  }
  return fields;
}

function readKeyUsage(extnValue: string): Set<KeyUsage> {
  const bits = readBitString(parseDer(extnValue));
  if (bits === undefined) throw new Error('keyUsage is not a BIT STRING');
  const usages = new Set<KeyUsage>();
  KEY_USAGE_BITS.forEach((usage, index) => {
    const byte = bits.charCodeAt(1 + Math.floor(index / 8));
    if (!Number.isNaN(byte) && (byte & (0x80 >> (index % 8))) !== 0) usages.add(usage);
  });
  return usages;
}

/** The QcType states the purpose outright; key usages only decide for certificates without one. */
function purposeOf(fields: Pick<ParsedCertificate, 'qc' | 'keyUsage' | 'extKeyUsage'>): ParsedCertificate['purpose'] {
  const types = fields.qc?.types ?? [];
  if (types.includes(OID.qcTypeWeb)) return 'qwac';
  if (types.includes(OID.qcTypeEseal)) return 'qseal';
  if (fields.extKeyUsage?.includes(OID.clientAuth)) return 'qwac';
  if (fields.keyUsage?.has('nonRepudiation')) return 'qseal';
  return 'unknown';
}
