import type { Psd2Role } from '../domain/tpp/identity';

/** Object identifiers of the eIDAS / PSD2 certificate profile (ETSI EN 319 412-5, ETSI TS 119 495). */
export const OID = {
  commonName: '2.5.4.3',
  countryName: '2.5.4.6',
  organizationName: '2.5.4.10',
  organizationIdentifier: '2.5.4.97',
  organizationalUnitName: '2.5.4.11',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  qcStatements: '1.3.6.1.5.5.7.1.3',
  qcCompliance: '0.4.0.1862.1.1',
  qcType: '0.4.0.1862.1.6',
  qcTypeEseal: '0.4.0.1862.1.6.2',
  qcTypeWeb: '0.4.0.1862.1.6.3',
  psd2Statement: '0.4.0.19495.2',
} as const;

export const ROLE_OIDS: Readonly<Record<Psd2Role, string>> = {
  PSP_AS: '0.4.0.19495.1.1',
  PSP_PI: '0.4.0.19495.1.2',
  PSP_AI: '0.4.0.19495.1.3',
  PSP_IC: '0.4.0.19495.1.4',
};

export function roleForOid(oid: string): Psd2Role | undefined {
  return (Object.keys(ROLE_OIDS) as Psd2Role[]).find((role) => ROLE_OIDS[role] === oid);
}
