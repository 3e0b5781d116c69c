// The checks of what a signed request's headers say before any cryptography: the Signature, Digest and
// TPP-Signature-Certificate headers read, the profile's headers sent, and the headers parameter against the profile.
import { decodeCertificateHeader, type CertificateForm, type DecodedCertificate } from './certificate-header';
import { parseDigestHeader } from './digest';
import { PROFILE_HEADERS, SIGNING_PROFILES, isProfileHeader, type SignedOperation } from './profiles';
import { parseSignatureHeader, type SignatureParams } from './signature-header';
import type { RecordCheck } from './signature-checks';
import { repeatedHeaderProblem } from '../headers/header-lines';

/** The request's headers as the checks read them (lower-case names, as Node gives them). */
export class SentHeaders {
  constructor(readonly all: Readonly<Record<string, string | string[] | undefined>>) {}

  raw(name: string): string | string[] | undefined {
    return this.all[name];
  }

  /** What Node itself does with a repeated header it does not know: one value, joined. */
  value(name: string): string | undefined {
    const v = this.raw(name);
    return Array.isArray(v) ? v.join(', ') : v;
  }

  present(name: string): boolean {
    return this.raw(name) !== undefined;
  }

  /** The problem of a header the bank reads as one value sent more than once, or null. */
  once(name: string): string | null {
    return Array.isArray(this.raw(name)) ? repeatedHeaderProblem([name]) : null;
  }
}

/** The Signature header's parameters, when it is present and well-formed. */
export function checkSignatureHeader(check: RecordCheck, headers: SentHeaders, operation: SignedOperation): SignatureParams | null {
  let params: SignatureParams | null = null;
  const signatureRaw = headers.value('signature');
  if (
    check(
      'signature-present',
      signatureRaw !== undefined,
      signatureRaw !== undefined ? 'the Signature header is present' : `the Signature header is missing; a ${operation} request must be signed`,
    )
  ) {
    const repeated = headers.once('signature');
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
  return params;
}

/** The base64 digest the Digest header sends, when it is present and well-formed. */
export function checkDigestHeader(check: RecordCheck, headers: SentHeaders): string | null {
  const digestRaw = headers.value('digest');
  if (
    !check(
      'digest-present',
      digestRaw !== undefined,
      digestRaw !== undefined ? 'the Digest header is present' : 'the Digest header is missing; send SHA-256= and the base64 SHA-256 of the body (rule 5)',
    )
  ) {
    return null;
  }
  const parsed = parseDigestHeader(digestRaw ?? '');
  const problem = headers.once('digest') ?? (parsed.ok ? null : parsed.problem);
  const wellFormed = check(
    'digest-format',
    problem === null,
    problem === null ? 'the Digest header is well-formed' : `the Digest header is malformed: ${problem}`,
  );
  return wellFormed && parsed.ok ? parsed.base64 : null;
}

/** The certificate TPP-Signature-Certificate carries, when it is present and decodes. */
export function checkCertificateHeader(
  check: RecordCheck,
  headers: SentHeaders,
  decode: (value: string) => DecodedCertificate = decodeCertificateHeader,
): { der: Buffer; form: CertificateForm } | null {
  const certificateRaw = headers.value('tpp-signature-certificate');
  if (
    !check(
      'certificate-present',
      certificateRaw !== undefined,
      certificateRaw !== undefined ? 'the TPP-Signature-Certificate header is present' : 'the TPP-Signature-Certificate header is missing',
    )
  ) {
    return null;
  }
  const result = decode(certificateRaw ?? '');
  const problem = headers.once('tpp-signature-certificate') ?? (result.ok ? null : result.problem);
  if (
    !check(
      'certificate-format',
      problem === null,
      problem === null && result.ok ? `the certificate decodes (${describeForm(result.form)})` : `TPP-Signature-Certificate cannot be decoded: ${problem}`,
    ) ||
    !result.ok
  ) {
    return null;
  }
  const encoding = certificateEncodingProblem(certificateRaw ?? '', result.form);
  check(
    'certificate-encoding',
    encoding === null,
    encoding === null ? 'TPP-Signature-Certificate is base64 of the DER certificate' : `TPP-Signature-Certificate ${encoding}: ${CERTIFICATE_ENCODING_ADVICE}`,
  );
  return result;
}

/** The profile headers the operation requires in the request. */
export function checkRequiredHeaders(check: RecordCheck, headers: SentHeaders, operation: SignedOperation): void {
  const profile = SIGNING_PROFILES[operation];
  const missing = profile.required.filter((name) => !headers.present(name));
  const empty = profile.required.filter((name) => headers.value(name) === '');
  const requiredProblems = [...missing.map((name) => `${name} is missing`), ...empty.map((name) => `${name} is empty`)];
  check(
    'required-headers',
    requiredProblems.length === 0,
    requiredProblems.length === 0
      ? `the request carries every header ${operation} requires: ${profile.required.join(', ')}`
      : `a required header is missing or malformed: ${requiredProblems.join('; ')} (${operation} requires ${profile.required.join(', ')}) (rule 10)`,
  );
}

/** The headers parameter against the profile: every profile header sent is signed, and only those, once each. */
export function checkHeadersParameter(check: RecordCheck, headers: SentHeaders, listed: readonly string[], operation: SignedOperation): void {
  const profile = SIGNING_PROFILES[operation];
  const unsigned = PROFILE_HEADERS.filter((name) => headers.present(name) && !listed.includes(name)).map(
    (name) => `${name} is present in the request but not in headers`,
  );
  const requiredUnsigned = profile.required
    .filter((name) => !headers.present(name) && !listed.includes(name))
    .map((name) => `${name} is required for ${operation} but not in headers`);
  const unsignedProblems = [...unsigned, ...requiredUnsigned];
  check(
    'present-headers-signed',
    unsignedProblems.length === 0,
    unsignedProblems.length === 0 ? 'every profile header the request carries is signed' : `${unsignedProblems.join('; ')} (rule 1)`,
  );
  const absent = unique(listed.filter((name) => isProfileHeader(name) && !headers.present(name)));
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
    outside.length === 0 ? 'headers lists only profile headers' : `${outside.map(outsideProblem).join('; ')}: sign only ${PROFILE_HEADERS.join(', ')} (rule 2)`,
  );
  const twice = unique(listed.filter((name, i) => listed.indexOf(name) !== i));
  check(
    'no-repeated-header',
    twice.length === 0,
    twice.length === 0 ? 'no header is listed twice' : `headers lists ${twice.join(', ')} more than once; one line per header (rule 4)`,
  );
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

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
