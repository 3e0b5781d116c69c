import { OID } from './oids';
import {
  ecKeyPair,
  newCertificate,
  signWith,
  subjectKeyIdentifierExtension,
  toForgeName,
  type IssuedCertificate,
  type KeyPairPem,
  type NameAttribute,
} from './x509-builder';

export type TrustFramework = 'eidas' | 'uk-open-banking';
export const TRUST_FRAMEWORKS: readonly TrustFramework[] = ['eidas', 'uk-open-banking'];

export interface CaName {
  commonName: string;
  organizationalUnit?: string;
  organizationName: string;
  countryName: string;
}

/**
 * The organizationalUnit names the trust framework, so the CA certificate says by itself (to a person, to
 * openssl, and to the loader that checks each file holds the CA it is named after) which framework it serves.
 */
export const TEST_CA_NAMES: Readonly<Record<TrustFramework, CaName>> = {
  eidas: {
    commonName: 'PSD2 Workbench eIDAS Test QTSP',
    organizationalUnit: 'eIDAS Test Trust Service',
    organizationName: 'PSD2 Workbench',
    countryName: 'DE',
  },
  'uk-open-banking': {
    commonName: 'PSD2 Workbench Open Banking Test CA',
    organizationalUnit: 'UK Open Banking Test Directory',
    organizationName: 'PSD2 Workbench',
    countryName: 'GB',
  },
};

export function trustFrameworkOfUnit(organizationalUnit: string | undefined): TrustFramework | null {
  const match = TRUST_FRAMEWORKS.find((f) => TEST_CA_NAMES[f].organizationalUnit === organizationalUnit);
  return match ?? null;
}

const YEAR_MS = 365 * 86_400_000;

/**
 * Long-lived on both sides, so moving the simulated clock years back or forth never outruns the CA. An EC key: made
 * at once, where an RSA key would hold up a fresh data folder's start (`keys`: a CA as an older version made it).
 */
export function createCertificateAuthority(name: CaName, now: Date, keys: KeyPairPem = ecKeyPair()): IssuedCertificate {
  const cert = newCertificate(keys.publicKeyPem, new Date(now.getTime() - 10 * YEAR_MS), new Date(now.getTime() + 30 * YEAR_MS));
  const attributes: NameAttribute[] = [
    { oid: OID.commonName, value: name.commonName },
    ...(name.organizationalUnit === undefined ? [] : [{ oid: OID.organizationalUnitName, value: name.organizationalUnit }]),
    { oid: OID.organizationName, value: name.organizationName },
    { oid: OID.countryName, value: name.countryName, printable: true },
  ];
  const subject = toForgeName(attributes);
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    subjectKeyIdentifierExtension(keys.publicKeyPem),
  ]);
  return { certificatePem: signWith(cert, keys.privateKeyPem), privateKeyPem: keys.privateKeyPem, serialHex: cert.serialNumber };
}
