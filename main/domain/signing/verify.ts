import { constants, verify } from 'node:crypto';
import { BERLIN_GROUP_STATUS } from '../errors';
import { explainBadSignature } from './bad-signature';
import type { CertificateForm, DecodedCertificate } from './certificate-header';
import { checkCertificate, checkOrganization, withoutKey } from './certificate-checks';
import { computeDigest, digestMismatchCause } from './digest';
import { keyIdProblem } from './key-id';
import { rulesCited, type SigningRule } from './rules';
import { PROFILE_HEADERS, type SignedOperation } from './profiles';
import {
  checkCertificateHeader,
  checkDigestHeader,
  checkHeadersParameter,
  checkRequiredHeaders,
  checkSignatureHeader,
  SentHeaders,
} from './request-header-checks';
import {
  SIGNATURE_CHECKS,
  type RecordCheck,
  type SignatureCheck,
  type SignatureCheckId,
  type SignatureFailureCode,
  type SignerCertificateInspection,
} from './signature-checks';
import { buildSigningString, signingStringBytes, type SigningString } from './signing-string';
import { repeatedHeaderProblem, repeatedInRecord } from '../headers/header-lines';

export { keyIdMatches } from './key-id';

/*
 * Verifies a signed request (spec "Application-layer signing") and says, check by check, what
 * held and what did not. Every check that has its input runs, so the Inspector shows all that is
 * wrong at once; the first failure decides the bank's answer, in the order of SIGNATURE_CHECKS.
 */

/** What a Digest no usual change explains is told, and where the answer is. */
const UNEXPLAINED_DIGEST =
  "; no usual change (line endings, a BOM, trailing spaces, re-serialisation, an encoding) explains the Digest: paste the request with the body your client hashed into the Inspector's Diagnose to find the first byte where the two differ";

export interface VerifyInput {
  operation: SignedOperation;
  /** Lower-case names, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The exact bytes received. */
  body: Uint8Array;
  inspectCertificate: (der: Buffer) => SignerCertificateInspection;
  /** decodeCertificateHeader, or a caller's memory of it (a client sends the same certificate with every request). */
  decodeCertificate?: (value: string) => DecodedCertificate;
  /**
   * The request line, when known: gives `(request-target)` a value so a client that signed it is
   * told so precisely. `path` as sent, query included.
   */
  requestTarget?: { method: string; path: string };
  /**
   * The TPP the request comes from (its QWAC's or OAuth client's organizationIdentifier): the QSEAL must
   * carry the same authorisation number (spec "Access model" 1). Absent: not checked (signature utility).
   */
  expectedOrganizationId?: string;
  /**
   * How the calling TPP was told: by its QWAC (mutual TLS) or by the access token (plain HTTP, a pasted
   * request); the words of a QSEAL of another TPP name the one that told. Absent: the token.
   */
  callerIdentifiedBy?: 'qwac' | 'token';
  /**
   * Where a header value holds a byte Node's HTTP parser refuses (a pasted request; live, such a request is
   * refused before any route): the bank's words for it (domain/headers/parser-refusal.ts), the first check.
   */
  unreadable?: string;
  /** The body the client hashed, from its own log (a paste): names the first byte the body sent differs at. */
  hashedBody?: Uint8Array;
}

export type DiagnosisVerdict =
  | { valid: true }
  | { valid: false; code: SignatureFailureCode; status: number; text: string; checkId: SignatureCheckId }
  /** Refused before the signature was checked (refused-before.ts): the bank's own answer, no check made. */
  | { valid: false; code: string; status: number; text: string; checkId: 'refused-before-signature' };

export interface SignatureDiagnosis {
  operation: SignedOperation;
  /** Every check made, in order, passed or failed. */
  checks: SignatureCheck[];
  /** Each rule the checks cite, once, with the spec's sentence (rules.ts): the Inspector's legend. */
  rules: SigningRule[];
  verdict: DiagnosisVerdict;
  digest: { sent: string | null; computed: string };
  headersParameter: string[] | null;
  signingString: SigningString | null;
  /**
   * Where the signature verifies over another string than the bank's (another order, a trailing
   * newline, CRLF, names in their original case, the body…): that string, the one the TPP most likely
   * signed, and why it differs. Absent when none was found (or in exchanges logged before it existed).
   */
  likelySigned?: { text: string; why: string };
  keyId: string | null;
  algorithm: string | null;
  certificate: (Omit<SignerCertificateInspection, 'publicKeyPem' | 'publicKey'> & { form: CertificateForm }) | null;
}

export function verifySignedRequest(input: VerifyInput): SignatureDiagnosis {
  const { operation, body } = input;
  const headers = new SentHeaders(input.headers);
  const checks: SignatureCheck[] = [];
  const check: RecordCheck = (id, passed, text, rule = SIGNATURE_CHECKS[id].rule) => {
    checks.push({ id, rule, passed, text });
    return passed;
  };
  const requestTarget = input.requestTarget ? `${input.requestTarget.method.toLowerCase()} ${input.requestTarget.path}` : null;
  const signedValue = (name: string): string | undefined => (name === '(request-target)' ? (requestTarget ?? undefined) : headers.value(name));

  // Made only of a paste: live, the parser refuses the request before any check (http/limits.ts).
  if (input.unreadable !== undefined) check('request-readable', false, input.unreadable);

  // A header the bank reads as one value, sent twice: which one counts would be a guess.
  const repeatedNames = repeatedInRecord(input.headers);
  check(
    'header-sent-once',
    repeatedNames.length === 0,
    repeatedNames.length === 0 ? 'every header the bank reads as one value is sent once' : `${repeatedHeaderProblem(repeatedNames)} (rule 10)`,
  );

  const params = checkSignatureHeader(check, headers, operation);
  const sentDigest = checkDigestHeader(check, headers);
  const decoded = checkCertificateHeader(check, headers, input.decodeCertificate);
  checkRequiredHeaders(check, headers, operation);
  let signingString: SigningString | null = null;
  if (params) {
    signingString = buildSigningString(params.headers, signedValue);
    checkHeadersParameter(check, headers, params.headers, operation);
  }

  // The Digest against the body.
  const computed = computeDigest(body);
  let digestMatches = false;
  if (sentDigest !== null) {
    const matches = `SHA-256=${sentDigest}` === computed;
    digestMatches = matches;
    const cause = matches ? null : digestMismatchCause(body, sentDigest, input.hashedBody);
    check(
      'digest-matches',
      matches,
      matches
        ? `the Digest matches the ${body.length} bytes of the body`
        : `Digest does not match the body: ${cause?.text ?? `the body as received hashes to ${computed}${UNEXPLAINED_DIGEST} (rule 5)`}`,
      cause?.rule ?? SIGNATURE_CHECKS['digest-matches'].rule,
    );
  }

  const certificate = decoded ? checkCertificate(check, input.inspectCertificate, decoded.der) : null;
  const inspection = certificate?.inspection ?? null;
  const key = certificate?.key ?? null;
  if (inspection?.parsed && input.expectedOrganizationId !== undefined) {
    checkOrganization(check, inspection.organizationId, input.expectedOrganizationId, input.callerIdentifiedBy ?? 'token');
  }

  if (params && inspection?.parsed) {
    const problem = keyIdProblem(params.keyId, inspection);
    check('key-id', problem === null, problem ?? 'keyId identifies the certificate sent');
  }

  // The signature itself.
  let likelySigned: SignatureDiagnosis['likelySigned'];
  if (params && key && signingString) {
    const signature = Buffer.from(params.signature, 'base64');
    const modulusBytes = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
    if (
      check(
        'signature-length',
        signature.length === modulusBytes,
        signature.length === modulusBytes
          ? `the signature is ${signature.length} bytes, the size of the key`
          : `the signature is ${signature.length} bytes but the certificate's key makes ${modulusBytes}-byte signatures (rule 9)`,
      )
    ) {
      const data = signingStringBytes(signingString.text);
      if (verify('sha256', data, { key, padding: constants.RSA_PKCS1_PADDING }, signature)) {
        check('signature-verifies', true, 'the signature verifies with the certificate sent over the signing string');
      } else {
        const cause = explainBadSignature(key, signature, {
          listed: params.headers,
          alsoPresent: PROFILE_HEADERS.filter((name) => headers.present(name)),
          value: signedValue,
          values: (name) => headers.raw(name),
          sentOrder: Object.keys(input.headers),
          requestTarget,
          body,
          digestMatches,
        });
        check('signature-verifies', false, `the signature does not verify: ${cause.text}`, cause.rule);
        if (cause.signed !== undefined) likelySigned = { text: cause.signed.toString('latin1'), why: cause.text };
      }
    }
  }

  const failed = checks.find((c) => !c.passed);
  const code = failed ? SIGNATURE_CHECKS[failed.id].code : null;
  return {
    operation,
    checks,
    rules: rulesCited(checks),
    verdict: failed && code ? { valid: false, code, status: BERLIN_GROUP_STATUS[code], text: failed.text, checkId: failed.id } : { valid: true },
    digest: { sent: headers.value('digest') ?? null, computed },
    headersParameter: params?.headers ?? null,
    signingString,
    ...(likelySigned === undefined ? {} : { likelySigned }),
    keyId: params?.keyId ?? null,
    algorithm: params?.algorithm ?? null,
    certificate: decoded && inspection ? { ...withoutKey(inspection), form: decoded.form } : null,
  };
}
