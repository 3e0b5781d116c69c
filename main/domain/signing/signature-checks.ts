// Every check a signed request goes through, the spec rule each enforces and the code it fails with, and
// what the PKI module says of the signing certificate: what verify.ts and its checks share.
import type { KeyObject } from 'node:crypto';

export interface SignerCertificateInspection {
  // Filled by the PKI module: parse, trust, validity, purpose.
  parsed: boolean;
  /** Why it could not be parsed. */
  problem?: string;
  /** SPKI PEM of the certificate's key. */
  publicKeyPem?: string;
  /** The same key already loaded, when the PKI module keeps one per certificate; never part of the diagnosis. */
  publicKey?: KeyObject;
  /** Lower-case hex, no leading zeros. */
  serialHex?: string;
  /** e.g. "CN=PSD2 Workbench Test CA,O=PSD2 Workbench Test PKI,C=EU" */
  issuerDn?: string;
  subjectDn?: string;
  /** organizationIdentifier, e.g. PSDDE-BAFIN-123456 */
  organizationId?: string;
  /** From the PSD2 QCStatement. */
  roles?: string[];
  /** ISO instants. */
  notBefore?: string;
  notAfter?: string;
  /** Hex. */
  fingerprintSha256?: string;
  /** null = chains to a test CA. Absent counts as not established. */
  trustProblem?: string | null;
  /** null = valid at now. */
  validityProblem?: string | null;
  /** null = may sign (QSEAL, digitalSignature/nonRepudiation). */
  purposeProblem?: string | null;
}

export interface SignatureCheck {
  id: SignatureCheckId;
  rule: number | null;
  passed: boolean;
  text: string;
}

export type SignatureFailureCode = 'SIGNATURE_MISSING' | 'FORMAT_ERROR' | 'SIGNATURE_INVALID' | 'CERTIFICATE_INVALID';

/**
 * Every check in the order it is made, the spec rule it enforces (null: the certificate and keyId
 * part of rule 10) and the code it fails with. digest-matches and signature-verifies report the
 * rule of the mistake they diagnose instead when they fail.
 */
export const SIGNATURE_CHECKS = {
  'request-readable': { rule: null, code: 'FORMAT_ERROR' },
  'header-sent-once': { rule: 10, code: 'FORMAT_ERROR' },
  'signature-present': { rule: 8, code: 'SIGNATURE_MISSING' },
  'signature-format': { rule: 9, code: 'FORMAT_ERROR' },
  algorithm: { rule: 10, code: 'SIGNATURE_INVALID' },
  'digest-present': { rule: 5, code: 'FORMAT_ERROR' },
  'digest-format': { rule: 5, code: 'FORMAT_ERROR' },
  'certificate-present': { rule: null, code: 'FORMAT_ERROR' },
  'certificate-format': { rule: null, code: 'FORMAT_ERROR' },
  'certificate-encoding': { rule: null, code: 'CERTIFICATE_INVALID' },
  'required-headers': { rule: 10, code: 'FORMAT_ERROR' },
  'present-headers-signed': { rule: 1, code: 'SIGNATURE_INVALID' },
  'signed-headers-present': { rule: 1, code: 'SIGNATURE_INVALID' },
  'profile-headers-only': { rule: 2, code: 'SIGNATURE_INVALID' },
  'no-repeated-header': { rule: 4, code: 'SIGNATURE_INVALID' },
  'digest-matches': { rule: 5, code: 'SIGNATURE_INVALID' },
  'certificate-parses': { rule: null, code: 'CERTIFICATE_INVALID' },
  'certificate-trusted': { rule: null, code: 'CERTIFICATE_INVALID' },
  'certificate-valid': { rule: null, code: 'CERTIFICATE_INVALID' },
  'certificate-purpose': { rule: null, code: 'CERTIFICATE_INVALID' },
  'certificate-key': { rule: null, code: 'CERTIFICATE_INVALID' },
  'certificate-organization': { rule: null, code: 'CERTIFICATE_INVALID' },
  'key-id': { rule: null, code: 'SIGNATURE_INVALID' },
  'signature-length': { rule: 9, code: 'SIGNATURE_INVALID' },
  'signature-verifies': { rule: 8, code: 'SIGNATURE_INVALID' },
} as const satisfies Record<string, { rule: number | null; code: SignatureFailureCode }>;

export type SignatureCheckId = keyof typeof SIGNATURE_CHECKS;

/** Records a check made; answers whether it passed. `rule`: the rule of the mistake diagnosed, where it differs from the check's own. */
export type RecordCheck = (id: SignatureCheckId, passed: boolean, text: string, rule?: number | null) => boolean;
