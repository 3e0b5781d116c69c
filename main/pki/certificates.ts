import forge from 'node-forge';
import type { Psd2Role } from '../domain/tpp/identity';
import { OID } from './oids';
import { encodeQcStatements } from './qc-statements';
import { newCertificate, rsaKeyPair, signWith, toForgeName, type IssuedCertificate, type SigningAuthority } from './x509-builder';

/** TPP certificates after the eIDAS PSD2 profile: a QWAC for mutual TLS, a QSEAL for signing requests. */

export type CertificatePurpose = 'qwac' | 'qseal';

export interface TppCertificateRequest {
  purpose: CertificatePurpose;
  /** `PSD<country>-<NCA id>-<authorisation number>`, written to the subject's organizationIdentifier. */
  organizationId: string;
  organizationName: string;
  countryCode: string;
  roles: readonly Psd2Role[];
  ncaName: string;
  ncaId: string;
  validFrom: Date;
  validTo: Date;
  /** For negative tests: no qcStatements extension at all, so neither QcType nor PSD2 roles. */
  withoutQcStatements?: boolean;
}

export function issueTppCertificate(issuer: SigningAuthority, req: TppCertificateRequest): IssuedCertificate {
  const keys = rsaKeyPair();
  const { name: issuerName, keyId: issuerKeyId } = issuerFacts(issuer);
  const cert = newCertificate(keys.publicKeyPem, req.validFrom, req.validTo);
  cert.setSubject(
    toForgeName([
      { oid: OID.commonName, value: `${req.organizationName} ${req.purpose.toUpperCase()}` },
      { oid: OID.organizationName, value: req.organizationName },
      { oid: OID.organizationIdentifier, value: req.organizationId },
      { oid: OID.countryName, value: req.countryCode, printable: true },
    ]),
  );
  // forge fills in fields of the attributes it is given: copies, so the kept name stays as read.
  cert.setIssuer(issuerName.map((attribute) => ({ ...attribute })));
  const qwac = req.purpose === 'qwac';
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    qwac
      ? { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    ...(qwac ? [{ name: 'extKeyUsage', clientAuth: true }] : []),
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: issuerKeyId },
    ...(req.withoutQcStatements ? [] : [{ id: OID.qcStatements, critical: false, value: encodeQcStatements(qwac ? OID.qcTypeWeb : OID.qcTypeEseal, req) }]),
  ]);
  return { certificatePem: signWith(cert, issuer.privateKeyPem), privateKeyPem: keys.privateKeyPem, serialHex: cert.serialNumber };
}

interface IssuerFacts {
  name: forge.pki.CertificateField[];
  keyId: string;
}

/** Per CA, read once: forge parses a certificate, its RSA key included, in JavaScript, and a CA issues many. */
const issuerFactsOf = new WeakMap<SigningAuthority, IssuerFacts>();

function issuerFacts(issuer: SigningAuthority): IssuerFacts {
  let facts = issuerFactsOf.get(issuer);
  if (facts === undefined) {
    const caCert = forge.pki.certificateFromPem(issuer.certificatePem);
    facts = { name: issuerNameOf(caCert), keyId: authorityKeyId(caCert) };
    issuerFactsOf.set(issuer, facts);
  }
  return facts;
}

/** forge keeps parsed UTF8 values as raw bytes but encodes them again on write; decode so the issuer stays byte-identical. */
function issuerNameOf(caCert: forge.pki.Certificate): forge.pki.CertificateField[] {
  return caCert.subject.attributes.map((a) => ({
    type: a.type,
    value: (a.valueTagClass as number) === forge.asn1.Type.UTF8 && typeof a.value === 'string' ? forge.util.decodeUtf8(a.value) : a.value,
    valueTagClass: a.valueTagClass,
  }));
}

function authorityKeyId(caCert: forge.pki.Certificate): string {
  const ski = caCert.getExtension('subjectKeyIdentifier') as { subjectKeyIdentifier?: string } | null;
  return ski?.subjectKeyIdentifier ? forge.util.hexToBytes(ski.subjectKeyIdentifier) : caCert.generateSubjectKeyIdentifier().getBytes();
}
