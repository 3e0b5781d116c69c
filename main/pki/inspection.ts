import type { SignerCertificateInspection as SignerInspection } from '../domain/signing/signature-checks';
import { defaultCertificateCache, type CertificateCache } from './certificate-cache';
import type { ParsedCertificate } from './certificate-parse';
import { OID } from './oids';
import type { IssuerVerdict, TrustStore } from './trust-store';
import { isoSeconds } from '../domain/time/iso-seconds';

/** The verifier's view of a certificate, plus what the TLS layer and the Inspector show of a PSD2 certificate. */
export interface CertificateInspection extends SignerInspection {
  /** empty roles when the certificate has no PSD2 QCStatement (then ncaName and ncaId are absent too) */
  ncaName?: string;
  ncaId?: string;
  purpose?: 'qwac' | 'qseal' | 'unknown';
  /** null = not issued by one of our CAs */
  trustFramework?: 'eidas' | 'uk-open-banking' | null;
}

export type CertificateUse = 'signing' | 'tls';

/** Inspects the certificate of a signed request (TPP-Signature-Certificate): it must be a QSEAL. */
export function inspectCertificate(der: Buffer, now: Date, trust: TrustStore, cache: CertificateCache = defaultCertificateCache): CertificateInspection {
  return inspect(der, now, trust, 'signing', cache);
}

/** Inspects a mutual-TLS client certificate: it must be a QWAC. */
export function inspectForTls(der: Buffer, now: Date, trust: TrustStore, cache: CertificateCache = defaultCertificateCache): CertificateInspection {
  return inspect(der, now, trust, 'tls', cache);
}

export function inspect(
  der: Buffer,
  now: Date,
  trust: TrustStore,
  use: CertificateUse,
  cache: CertificateCache = defaultCertificateCache,
): CertificateInspection {
  const result = cache.parse(der);
  if (!result.ok) return { parsed: false, problem: result.problem };
  const cert = result.certificate;
  const fixed = fixedInspection(cert, trust, use);
  // Only the validity depends on the clock (which the operator may move), so only it is judged per call.
  return { ...fixed, roles: [...(fixed.roles ?? [])], validityProblem: validityProblem(cert, now) };
}

/**
 * What an inspection says that the clock does not change, per parse, trust store and use: made once and
 * copied per call, so a signed request no longer formats the certificate's dates or copies its fields.
 */
const fixedInspections = new WeakMap<ParsedCertificate, WeakMap<TrustStore, Partial<Record<CertificateUse, CertificateInspection>>>>();

function fixedInspection(cert: ParsedCertificate, trust: TrustStore, use: CertificateUse): CertificateInspection {
  let perStore = fixedInspections.get(cert);
  if (perStore === undefined) {
    perStore = new WeakMap();
    fixedInspections.set(cert, perStore);
  }
  let perUse = perStore.get(trust);
  if (perUse === undefined) {
    perUse = {};
    perStore.set(trust, perUse);
  }
  let fixed = perUse[use];
  if (fixed === undefined) {
    const issuer = issuerVerdict(cert, trust);
    fixed = {
      parsed: true,
      publicKeyPem: cert.publicKeyPem,
      serialHex: cert.serialHex,
      issuerDn: cert.issuerDn,
      subjectDn: cert.subjectDn,
      ...(cert.organizationId === undefined ? {} : { organizationId: cert.organizationId }),
      roles: [...(cert.qc?.psd2?.roles ?? [])],
      ...(cert.qc?.psd2 ? { ncaName: cert.qc.psd2.ncaName, ncaId: cert.qc.psd2.ncaId } : {}),
      purpose: cert.purpose,
      trustFramework: issuer.ca?.trustFramework ?? null,
      notBefore: isoSeconds(cert.notBefore),
      notAfter: isoSeconds(cert.notAfter),
      fingerprintSha256: cert.fingerprintSha256,
      trustProblem: issuer.problem,
      // Judged per call (see inspect); here only to keep the fields in their order.
      validityProblem: null,
      purposeProblem: use === 'signing' ? signingPurposeProblem(cert) : tlsPurposeProblem(cert),
    };
    perUse[use] = fixed;
  }
  return fixed;
}

/** Verifying a signature costs more than the rest of an inspection: remember the verdict per parse and store. */
const verdicts = new WeakMap<ParsedCertificate, WeakMap<TrustStore, IssuerVerdict>>();

function issuerVerdict(cert: ParsedCertificate, trust: TrustStore): IssuerVerdict {
  let perStore = verdicts.get(cert);
  if (perStore === undefined) {
    perStore = new WeakMap();
    verdicts.set(cert, perStore);
  }
  let verdict = perStore.get(trust);
  if (verdict === undefined) {
    verdict = trust.issuerOf(cert.x509);
    perStore.set(trust, verdict);
  }
  return verdict;
}

function validityProblem(cert: ParsedCertificate, now: Date): string | null {
  if (now.getTime() > cert.notAfter.getTime()) return `the certificate expired on ${isoSeconds(cert.notAfter)}`;
  if (now.getTime() < cert.notBefore.getTime()) return `the certificate is not yet valid: its validity starts on ${isoSeconds(cert.notBefore)}`;
  return null;
}

function signingPurposeProblem(cert: ParsedCertificate): string | null {
  if (cert.purpose === 'qwac') return 'a QWAC (TLS) certificate cannot sign requests: send the QSEAL';
  if (cert.purpose === 'unknown') {
    return 'the certificate is neither a QSEAL nor a QWAC (no QcType statement, no nonRepudiation keyUsage): sign with the QSEAL';
  }
  if (cert.keyUsage !== null && !cert.keyUsage.has('digitalSignature') && !cert.keyUsage.has('nonRepudiation')) {
    return "the QSEAL's keyUsage allows neither digitalSignature nor nonRepudiation, so it cannot sign requests";
  }
  return null;
}

function tlsPurposeProblem(cert: ParsedCertificate): string | null {
  if (cert.purpose === 'qseal') return 'a QSEAL certificate cannot authenticate a TLS connection: present the QWAC';
  if (cert.purpose === 'unknown') {
    return 'the certificate is neither a QWAC nor a QSEAL (no QcType statement, no clientAuth extendedKeyUsage): present the QWAC';
  }
  if (cert.extKeyUsage !== null && !cert.extKeyUsage.includes(OID.clientAuth)) {
    return "the QWAC's extendedKeyUsage lacks clientAuth, so it cannot authenticate a TLS client";
  }
  if (cert.keyUsage !== null && !cert.keyUsage.has('digitalSignature')) {
    return "the QWAC's keyUsage lacks digitalSignature, which a TLS client needs to prove it holds the key";
  }
  return null;
}
