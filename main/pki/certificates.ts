import { X509Certificate } from 'node:crypto';
import type { Psd2Role } from '../domain/tpp/identity';
import { OID } from './oids';
import { encodeQcStatements } from './qc-statements';
import type { Asn1 } from './asn1';
import {
  keyIdentifierOf,
  newCertificate,
  rsaKeyPair,
  signWith,
  subjectNameOf,
  toForgeName,
  type IssuedCertificate,
  type KeyPairPem,
  type SigningAuthority,
} from './x509-builder';

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

/** `keys`: a key pair the TPP holds already (certified again by another CA); otherwise a new one. */
export function issueTppCertificate(issuer: SigningAuthority, req: TppCertificateRequest, keys: KeyPairPem = rsaKeyPair()): IssuedCertificate {
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
  return { certificatePem: signWith(cert, issuer.privateKeyPem, issuerName), privateKeyPem: keys.privateKeyPem, serialHex: cert.serialNumber };
}

interface IssuerFacts {
  name: Asn1;
  keyId: string;
}

/** Per CA, read once: its name exactly as its certificate holds it, and its key's identifier. */
const issuerFactsOf = new WeakMap<SigningAuthority, IssuerFacts>();

function issuerFacts(issuer: SigningAuthority): IssuerFacts {
  let facts = issuerFactsOf.get(issuer);
  if (facts === undefined) {
    facts = { name: subjectNameOf(issuer.certificatePem), keyId: keyIdentifierOf(new X509Certificate(issuer.certificatePem).publicKey) };
    issuerFactsOf.set(issuer, facts);
  }
  return facts;
}
