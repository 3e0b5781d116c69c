import { X509Certificate } from 'node:crypto';
import { formatError } from '../domain/errors';
import { checkOrganizationId, checkRoles, type Psd2Role } from '../domain/tpp/identity';
import { createCertificateAuthority, type TrustFramework } from './certificate-authority';
import { issueTppCertificate, type TppCertificateRequest } from './certificates';
import { dnFromOpenSsl } from './distinguished-name';
import type { TrustStore } from './trust-store';
import { expiredValidity, notYetValidValidity, usualValidity } from './validity';
import type { IssuedCertificate, KeyPairPem, SigningAuthority } from './x509-builder';

/** Deliberate defects, so a TPP developer can watch the bank reject each one. */
export interface TppCertificateFaults {
  expired?: boolean;
  notYetValid?: boolean;
  /** issued by a self-made CA the simulator does not trust */
  untrusted?: boolean;
  /** the QSEAL carries this authorisation number instead of the QWAC's */
  qsealAuthorisationNumber?: string;
  /** neither certificate has a qcStatements extension (no roles, no QcType) */
  noQcStatement?: boolean;
}

export interface TppBundleSpec {
  organizationId: string;
  name?: string;
  roles: readonly Psd2Role[];
  ncaName?: string;
  ncaId?: string;
  /** default eidas; uk-open-banking for London */
  trustFramework?: TrustFramework;
  faults?: TppCertificateFaults;
}

export interface TppBundle {
  qwac: IssuedCertificate;
  qseal: IssuedCertificate;
  /** `SN=<QSEAL serial, upper-case hex>,CA=<issuer DN>` for the Signature header */
  keyId: string;
}

/** Names of the NCAs a test organizationIdentifier is likely to name; others get a descriptive placeholder. */
const NCA_NAMES: Readonly<Record<string, string>> = {
  'DE-BAFIN': 'Federal Financial Supervisory Authority',
  'GB-FCA': 'Financial Conduct Authority',
  'FR-ACPR': 'Autorité de contrôle prudentiel et de résolution',
  'BE-NBB': 'National Bank of Belgium',
  'NL-DNB': 'De Nederlandsche Bank',
  'IE-CBI': 'Central Bank of Ireland',
};

/** The key pairs a TPP holds already, for a bundle that certifies them again (another CA); absent: new ones. */
export interface TppBundleKeys {
  qwac: KeyPairPem;
  qseal: KeyPairPem;
}

/** Throws a FORMAT_ERROR BankError for an unusable spec; otherwise only key generation makes it impure. */
export function issueTppBundle(trust: TrustStore, spec: TppBundleSpec, now: Date, keys?: TppBundleKeys): TppBundle {
  const organizationId = checkOrganizationId(spec.organizationId);
  const roles = checkRoles(spec.roles);
  const faults = spec.faults ?? {};
  if (faults.expired && faults.notYetValid) throw formatError('faults.expired and faults.notYetValid exclude each other');
  const [, country = '', nca = ''] = /^PSD([A-Z]{2})-([A-Z]{2,8})-/.exec(organizationId) ?? [];
  const ncaId = spec.ncaId ?? `${country}-${nca}`;
  const validity = faults.expired ? expiredValidity(now) : faults.notYetValid ? notYetValidValidity(now) : usualValidity(now);
  const common: Omit<TppCertificateRequest, 'purpose'> = {
    organizationId,
    organizationName: spec.name ?? organizationId,
    countryCode: country,
    roles,
    ncaName: spec.ncaName ?? NCA_NAMES[ncaId] ?? `${nca} (national competent authority of ${country})`,
    ncaId,
    ...validity,
    withoutQcStatements: faults.noQcStatement === true,
  };
  const issuer = faults.untrusted ? selfMadeCa(now) : trust.authority(spec.trustFramework ?? 'eidas');
  const qwac = issueTppCertificate(issuer, { ...common, purpose: 'qwac' }, keys?.qwac);
  const qsealOrganizationId =
    faults.qsealAuthorisationNumber === undefined ? organizationId : `PSD${country}-${nca}-${authorisationNumber(faults.qsealAuthorisationNumber)}`;
  const qseal = issueTppCertificate(issuer, { ...common, organizationId: qsealOrganizationId, purpose: 'qseal' }, keys?.qseal);
  return { qwac, qseal, keyId: keyIdOf(qseal.certificatePem) };
}

function authorisationNumber(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9.-]{1,30}$/.test(value)) {
    throw formatError('faults.qsealAuthorisationNumber must be 1-30 letters, digits, dots or hyphens, like 654321');
  }
  return value;
}

export function keyIdOf(certificatePem: string): string {
  const certificate = new X509Certificate(certificatePem);
  const serial = certificate.serialNumber.toUpperCase().replace(/^0+(?=.)/, '');
  return `SN=${serial},CA=${dnFromOpenSsl(certificate.issuer)}`;
}

let selfMade: SigningAuthority | undefined;

/** One per process: generating a CA key for every faulty bundle would only cost time. */
function selfMadeCa(now: Date): SigningAuthority {
  selfMade ??= createCertificateAuthority({ commonName: 'Self-made Untrusted CA', organizationName: 'Not a Trust Service', countryName: 'DE' }, now);
  return selfMade;
}
