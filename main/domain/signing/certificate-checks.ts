// The checks of the signing certificate as the PKI module sees it: readable, trusted, valid now, allowed to
// sign, with an RSA key, and the calling TPP's own.
import type { KeyObject } from 'node:crypto';
import { loadPublicKey } from './rsa-key';
import type { RecordCheck, SignerCertificateInspection } from './signature-checks';

/** The certificate's inspection, and its key when every check of it passed. */
export function checkCertificate(
  check: RecordCheck,
  inspector: (der: Buffer) => SignerCertificateInspection,
  der: Buffer,
): { inspection: SignerCertificateInspection; key: KeyObject | null } {
  const inspection = inspect(inspector, der);
  if (
    !check(
      'certificate-parses',
      inspection.parsed,
      inspection.parsed
        ? `the certificate is ${inspection.subjectDn ?? 'readable'}`
        : `the certificate cannot be read: ${inspection.problem ?? 'not an X.509 certificate'}`,
    )
  ) {
    return { inspection, key: null };
  }
  const trust = inspection.trustProblem;
  check(
    'certificate-trusted',
    trust === null,
    trust === null
      ? `the certificate chains to a test CA (issuer ${inspection.issuerDn ?? 'unknown'})`
      : `the certificate is not trusted: ${trust ?? 'its trust was not established'}`,
  );
  const validity = inspection.validityProblem;
  check(
    'certificate-valid',
    validity === null,
    validity === null
      ? `the certificate is valid now (${inspection.notBefore ?? '?'} to ${inspection.notAfter ?? '?'})`
      : `the certificate is not valid now: ${validity ?? 'its validity was not checked'}`,
  );
  const purpose = inspection.purposeProblem;
  check(
    'certificate-purpose',
    purpose === null,
    purpose === null ? 'the certificate may sign' : `the certificate may not sign: ${purpose ?? 'its key usage was not checked'}`,
  );
  const loaded = rsaKey(inspection.publicKeyPem, inspection.publicKey);
  const keyText = typeof loaded === 'string' ? loaded : `the certificate has a ${loaded.asymmetricKeyDetails?.modulusLength ?? '?'}-bit RSA key`;
  const key = check('certificate-key', typeof loaded !== 'string', keyText) && typeof loaded !== 'string' ? loaded : null;
  return { inspection, key };
}

/**
 * The QSEAL carries the calling TPP's authorisation number (spec "Access model" 1), in the words of what
 * told the calling TPP: its QWAC under mutual TLS, else the access token (over plain HTTP there is no QWAC to speak of).
 */
export function checkOrganization(check: RecordCheck, own: string | undefined, caller: string, by: 'qwac' | 'token'): void {
  if (own === caller) {
    check('certificate-organization', true, `the QSEAL belongs to the calling TPP ${own}`);
    return;
  }
  const text =
    by === 'qwac'
      ? `the QSEAL's organizationIdentifier ${own ?? '(none)'} is not the calling TPP's ${caller}: the authorisation numbers of QWAC and QSEAL must match`
      : `the QSEAL (the signing certificate) has organizationIdentifier ${own ?? '(none)'}, not ${caller}, the TPP the access token was issued to: sign with the calling TPP's own QSEAL`;
  check('certificate-organization', false, text);
}

/** The inspection as the diagnosis keeps it: without the key. */
export function withoutKey(inspection: SignerCertificateInspection): Omit<SignerCertificateInspection, 'publicKeyPem' | 'publicKey'> {
  const { publicKeyPem: _publicKeyPem, publicKey: _publicKey, ...rest } = inspection;
  return rest;
}

/** The PKI module is someone else's code; a throw there must still end in a diagnosis, not a crash. */
function inspect(inspector: (der: Buffer) => SignerCertificateInspection, der: Buffer): SignerCertificateInspection {
  try {
    return inspector(der);
  } catch (error) {
    return { parsed: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

function rsaKey(pem: string | undefined, loaded: KeyObject | undefined): KeyObject | string {
  if (!pem) return "the certificate's public key is not available";
  let key: KeyObject;
  try {
    key = loaded ?? loadPublicKey(pem);
  } catch {
    return "the certificate's public key cannot be read";
  }
  if (key.asymmetricKeyType !== 'rsa')
    return `the certificate's key is ${key.asymmetricKeyType?.toUpperCase() ?? 'not RSA'}, not RSA: rsa-sha256 needs an RSA key`;
  return key;
}
