import { constants, verify, type KeyObject } from 'node:crypto';
import { BERLIN_GROUP_STATUS } from '../errors';
import { explainBadSignature } from './bad-signature';
import { decodeCertificateHeader, type CertificateForm, type DecodedCertificate } from './certificate-header';
import { computeDigest, digestMismatchCause, parseDigestHeader } from './digest';
import { keyIdProblem } from './key-id';
import { loadPublicKey } from './rsa-key';
import { rulesCited, type SigningRule } from './rules';
import { PROFILE_HEADERS, SIGNING_PROFILES, isProfileHeader, type SignedOperation } from './profiles';
import { parseSignatureHeader, type SignatureParams } from './signature-header';
import { buildSigningString, signingStringBytes, type SigningString } from './signing-string';
import { repeatedHeaderProblem, repeatedInRecord } from '../headers/header-lines';

export { keyIdMatches } from './key-id';

/**
 * Verifies a signed request (spec "Application-layer signing") and says, check by check, what
 * held and what did not. Every check that has its input runs, so the Inspector shows all that is
 * wrong at once; the first failure decides the bank's answer, in the order below.
 */

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

export interface SignatureCheck {
  id: SignatureCheckId;
  rule: number | null;
  passed: boolean;
  text: string;
}

export type SignatureFailureCode = 'SIGNATURE_MISSING' | 'FORMAT_ERROR' | 'SIGNATURE_INVALID' | 'CERTIFICATE_INVALID';

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

export function verifySignedRequest(input: VerifyInput): SignatureDiagnosis {
  const { operation, headers, body } = input;
  const profile = SIGNING_PROFILES[operation];
  const checks: SignatureCheck[] = [];
  const check = (id: SignatureCheckId, passed: boolean, text: string, rule: number | null = SIGNATURE_CHECKS[id].rule): boolean => {
    checks.push({ id, rule, passed, text });
    return passed;
  };
  const raw = (name: string): string | string[] | undefined => headers[name];
  // What Node itself does with a repeated header it does not know: one value, joined.
  const value = (name: string): string | undefined => {
    const v = raw(name);
    return Array.isArray(v) ? v.join(', ') : v;
  };
  const present = (name: string): boolean => raw(name) !== undefined;
  const once = (name: string): string | null => {
    const v = raw(name);
    return Array.isArray(v) ? repeatedHeaderProblem([name]) : null;
  };
  const requestTarget = input.requestTarget ? `${input.requestTarget.method.toLowerCase()} ${input.requestTarget.path}` : null;
  const signedValue = (name: string): string | undefined => (name === '(request-target)' ? (requestTarget ?? undefined) : value(name));

  // Made only of a paste: live, the parser refuses the request before any check (http/limits.ts).
  if (input.unreadable !== undefined) check('request-readable', false, input.unreadable);

  // A header the bank reads as one value, sent twice: which one counts would be a guess.
  const repeatedNames = repeatedInRecord(headers);
  check(
    'header-sent-once',
    repeatedNames.length === 0,
    repeatedNames.length === 0 ? 'every header the bank reads as one value is sent once' : `${repeatedHeaderProblem(repeatedNames)} (rule 10)`,
  );

  // The Signature header itself.
  let params: SignatureParams | null = null;
  const signatureRaw = value('signature');
  if (
    check(
      'signature-present',
      signatureRaw !== undefined,
      signatureRaw !== undefined ? 'the Signature header is present' : `the Signature header is missing; a ${operation} request must be signed`,
    )
  ) {
    const repeated = once('signature');
    const parsed = parseSignatureHeader(signatureRaw ?? '');
    const problem = repeated ?? (parsed.ok ? null : parsed.problem);
    if (
      check(
        'signature-format',
        problem === null,
        problem === null ? 'the Signature header has keyId, algorithm, headers and signature' : `the Signature header is malformed: ${problem} (rule 9)`,
      ) &&
      parsed.ok
    ) {
      params = parsed.params;
    }
  }
  if (params) {
    const algorithm = params.algorithm;
    check('algorithm', algorithm === 'rsa-sha256', algorithm === 'rsa-sha256' ? 'algorithm is rsa-sha256' : algorithmProblem(algorithm));
  }

  // Digest.
  const digestRaw = value('digest');
  let sentDigest: string | null = null;
  if (
    check(
      'digest-present',
      digestRaw !== undefined,
      digestRaw !== undefined ? 'the Digest header is present' : 'the Digest header is missing; send SHA-256= and the base64 SHA-256 of the body (rule 5)',
    )
  ) {
    const parsed = parseDigestHeader(digestRaw ?? '');
    const problem = once('digest') ?? (parsed.ok ? null : parsed.problem);
    if (
      check('digest-format', problem === null, problem === null ? 'the Digest header is well-formed' : `the Digest header is malformed: ${problem}`) &&
      parsed.ok
    ) {
      sentDigest = parsed.base64;
    }
  }

  // TPP-Signature-Certificate.
  const certificateRaw = value('tpp-signature-certificate');
  let decoded: { der: Buffer; form: CertificateForm } | null = null;
  if (
    check(
      'certificate-present',
      certificateRaw !== undefined,
      certificateRaw !== undefined ? 'the TPP-Signature-Certificate header is present' : 'the TPP-Signature-Certificate header is missing',
    )
  ) {
    const result = (input.decodeCertificate ?? decodeCertificateHeader)(certificateRaw ?? '');
    const problem = once('tpp-signature-certificate') ?? (result.ok ? null : result.problem);
    if (
      check(
        'certificate-format',
        problem === null,
        problem === null && result.ok ? `the certificate decodes (${describeForm(result.form)})` : `TPP-Signature-Certificate cannot be decoded: ${problem}`,
      ) &&
      result.ok
    ) {
      decoded = result;
      const encoding = certificateEncodingProblem(certificateRaw ?? '', result.form);
      check(
        'certificate-encoding',
        encoding === null,
        encoding === null
          ? 'TPP-Signature-Certificate is base64 of the DER certificate'
          : `TPP-Signature-Certificate ${encoding}: ${CERTIFICATE_ENCODING_ADVICE}`,
      );
    }
  }

  // The profile headers the operation requires in the request.
  const missing = profile.required.filter((name) => !present(name));
  const empty = profile.required.filter((name) => value(name) === '');
  const requiredProblems = [...missing.map((name) => `${name} is missing`), ...empty.map((name) => `${name} is empty`)];
  check(
    'required-headers',
    requiredProblems.length === 0,
    requiredProblems.length === 0
      ? `the request carries every header ${operation} requires: ${profile.required.join(', ')}`
      : `a required header is missing or malformed: ${requiredProblems.join('; ')} (${operation} requires ${profile.required.join(', ')}) (rule 10)`,
  );

  // The headers parameter against the profile.
  let signingString: SigningString | null = null;
  if (params) {
    const listed = params.headers;
    signingString = buildSigningString(listed, signedValue);
    const unsigned = PROFILE_HEADERS.filter((name) => present(name) && !listed.includes(name)).map(
      (name) => `${name} is present in the request but not in headers`,
    );
    const requiredUnsigned = profile.required
      .filter((name) => !present(name) && !listed.includes(name))
      .map((name) => `${name} is required for ${operation} but not in headers`);
    const unsignedProblems = [...unsigned, ...requiredUnsigned];
    check(
      'present-headers-signed',
      unsignedProblems.length === 0,
      unsignedProblems.length === 0 ? 'every profile header the request carries is signed' : `${unsignedProblems.join('; ')} (rule 1)`,
    );
    const absent = unique(listed.filter((name) => isProfileHeader(name) && !present(name)));
    check(
      'signed-headers-present',
      absent.length === 0,
      absent.length === 0
        ? 'every profile header listed in headers is present in the request'
        : `${absent.map((name) => `${name} is in headers but not present in the request`).join('; ')} (rule 1)`,
    );
    const outside = unique(listed.filter((name) => !isProfileHeader(name)));
    check(
      'profile-headers-only',
      outside.length === 0,
      outside.length === 0
        ? 'headers lists only profile headers'
        : `${outside.map(outsideProblem).join('; ')}: sign only ${PROFILE_HEADERS.join(', ')} (rule 2)`,
    );
    const twice = unique(listed.filter((name, i) => listed.indexOf(name) !== i));
    check(
      'no-repeated-header',
      twice.length === 0,
      twice.length === 0 ? 'no header is listed twice' : `headers lists ${twice.join(', ')} more than once; one line per header (rule 4)`,
    );
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

  // The certificate, as the PKI module sees it.
  let inspection: SignerCertificateInspection | null = null;
  let key: KeyObject | null = null;
  if (decoded) {
    inspection = inspect(input.inspectCertificate, decoded.der);
    if (
      check(
        'certificate-parses',
        inspection.parsed,
        inspection.parsed
          ? `the certificate is ${inspection.subjectDn ?? 'readable'}`
          : `the certificate cannot be read: ${inspection.problem ?? 'not an X.509 certificate'}`,
      )
    ) {
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
      if (check('certificate-key', typeof loaded !== 'string', keyText) && typeof loaded !== 'string') key = loaded;
    }
  }

  if (inspection?.parsed && input.expectedOrganizationId !== undefined) {
    const own = inspection.organizationId;
    check(
      'certificate-organization',
      own === input.expectedOrganizationId,
      own === input.expectedOrganizationId
        ? `the QSEAL belongs to the calling TPP ${own}`
        : otherTppQseal(own, input.expectedOrganizationId, input.callerIdentifiedBy ?? 'token'),
    );
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
          alsoPresent: PROFILE_HEADERS.filter((name) => present(name)),
          value: signedValue,
          values: (name) => raw(name),
          sentOrder: Object.keys(headers),
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
    digest: { sent: digestRaw ?? null, computed },
    headersParameter: params?.headers ?? null,
    signingString,
    ...(likelySigned === undefined ? {} : { likelySigned }),
    keyId: params?.keyId ?? null,
    algorithm: params?.algorithm ?? null,
    certificate: decoded && inspection ? { ...withoutKey(inspection), form: decoded.form } : null,
  };
}

/**
 * A QSEAL of another TPP, in the words of what told the calling TPP: its QWAC under mutual TLS, else the
 * access token (over plain HTTP there is no QWAC to speak of).
 */
function otherTppQseal(own: string | undefined, caller: string, by: 'qwac' | 'token'): string {
  if (by === 'qwac')
    return `the QSEAL's organizationIdentifier ${own ?? '(none)'} is not the calling TPP's ${caller}: the authorisation numbers of QWAC and QSEAL must match`;
  return `the QSEAL (the signing certificate) has organizationIdentifier ${own ?? '(none)'}, not ${caller}, the TPP the access token was issued to: sign with the calling TPP's own QSEAL`;
}

function algorithmProblem(algorithm: string): string {
  if (algorithm.toLowerCase() === 'rsa-sha256') return `algorithm must be written rsa-sha256 in lower case, got ${algorithm} (rule 10)`;
  return `algorithm ${algorithm} is not accepted; only rsa-sha256 (rule 10)`;
}

const CERTIFICATE_ENCODING_ADVICE = 'send base64 of the DER certificate without PEM armour or line breaks';

/**
 * The spec says "certificate in base64": the decoder reads PEM and the like to show what arrived,
 * but the bank takes only base64 of the DER itself, as one unbroken value.
 */
function certificateEncodingProblem(value: string, form: CertificateForm): string | null {
  if (form === 'pem') return 'is a PEM text with its BEGIN CERTIFICATE and END CERTIFICATE lines';
  if (form === 'base64-pem') return 'is base64 of a PEM text, not of the DER certificate';
  if (/\\[rn]/.test(value)) return 'has line breaks (written as \\n) in its base64';
  if (/\s/.test(value.trim())) return 'has line breaks or spaces in its base64';
  return null;
}

function outsideProblem(name: string): string {
  if (name === '(request-target)') return '(request-target) must not be signed';
  return `${name} is not one of the four profile headers`;
}

function describeForm(form: CertificateForm): string {
  return form === 'base64-der' ? 'base64 of DER' : form === 'pem' ? 'PEM' : 'base64 of a PEM';
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

function withoutKey(inspection: SignerCertificateInspection): Omit<SignerCertificateInspection, 'publicKeyPem' | 'publicKey'> {
  const { publicKeyPem: _publicKeyPem, publicKey: _publicKey, ...rest } = inspection;
  return rest;
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
