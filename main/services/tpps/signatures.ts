import { bearerToken } from '../../domain/headers/bearer';
import type { InstitutionId } from '../../domain/dataset/types';
import { BankError, formatError } from '../../domain/errors';
import { SIGNED_REQUESTS_IN_WORDS, signedOperationFor } from '../../domain/operations/registry';
import { SIGNING_PROFILES, type SignedOperation } from '../../domain/signing/profiles';
import { signRequest, type SignedHeaders, type SigningKey } from '../../domain/signing/sign';
import { verifySignedRequest, type SignatureDiagnosis } from '../../domain/signing/verify';
import { REFUSED_BEFORE_SIGNATURE } from '../../domain/signing/refused-before';
import type { CertificateCache } from '../../pki/certificate-cache';
import { inspectCertificate, type CertificateInspection } from '../../pki/inspection';
import type { TrustStore } from '../../pki/trust-store';
import type { BankContext } from '../context';
import { sha256Hex } from '../ids';
import { PASTE_KINDS, parsePasted, type PasteKind } from '../../domain/pasted-request';
import { refusalWords, unreadableHeaderValue } from '../../domain/headers/parser-refusal';
import { repeatedInRecord } from '../../domain/headers/header-lines';
import { headerRefusalBeforeSignature } from '../../domain/operations/headers-before-signature';
import { pastedFindings } from '../../domain/pasted-request/findings';
import { pastedCallerDiagnosis, pickedTpp, type PastedDiagnosisMade } from './pasted-caller';

export interface SignedRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Uint8Array;
  requestTarget?: { method: string; path: string };
}

/** The sandbox application's own QSEALs: the eIDAS one for the euro institutions, the UK one for London. */
export type SandboxSigners = Readonly<Record<'eidas' | 'uk-open-banking', SigningKey>>;

export interface SignatureUtilityResult extends SignedHeaders {
  headers: string[];
  keyId: string;
  /** Where the listed headers break the profile of the operation named by bank-request-target. */
  warnings: string[];
}

const MAX_LISTED_HEADERS = 16;

export class SignatureService {
  constructor(
    private readonly ctx: BankContext,
    private readonly trust: TrustStore,
    private readonly cache: CertificateCache,
    private readonly sandboxSigners: SandboxSigners,
  ) {}

  /**
   * `expectedOrganizationId`: the calling TPP, told by its QWAC (`identifiedBy` qwac) or its access token;
   * `unreadable`: the words for a header value the HTTP parser would refuse (a paste).
   */
  diagnose(
    operation: SignedOperation,
    request: SignedRequest,
    expectedOrganizationId?: string,
    more: { identifiedBy?: 'qwac' | 'token'; unreadable?: string; hashedBody?: Uint8Array } = {},
  ): SignatureDiagnosis {
    const now = this.ctx.clock.now();
    return verifySignedRequest({
      operation,
      headers: request.headers,
      body: request.body,
      inspectCertificate: signingCertificateInspector(this.trust, this.cache, now),
      decodeCertificate: (value) => this.cache.decodeHeader(value),
      ...(request.requestTarget ? { requestTarget: request.requestTarget } : {}),
      ...(expectedOrganizationId !== undefined ? { expectedOrganizationId } : {}),
      ...(more.identifiedBy !== undefined ? { callerIdentifiedBy: more.identifiedBy } : {}),
      ...(more.unreadable !== undefined ? { unreadable: more.unreadable } : {}),
      ...(more.hashedBody !== undefined ? { hashedBody: more.hashedBody } : {}),
    });
  }

  /**
   * POST /simulator/v1/diagnose: the bank's diagnosis of a pasted request (raw HTTP, cURL or a HAR
   * entry) for the operation its method and path name, as the route would make it; nothing is sent.
   * A pasted request comes over no connection: the calling TPP is the one its bearer token was issued
   * to, when the bank knows the token (expired or not), and its QSEAL is compared with that TPP as live.
   */
  diagnosePasted(input: unknown): PastedDiagnosisMade {
    const { kind, text, hashedBody } = pastedInput(input);
    const parsed = parsePasted(kind, text, (method, target) => signedOperationFor(method, target) !== null);
    if (!parsed.ok) throw formatError(parsed.problem);
    const { request } = parsed;
    const operation = signedOperationFor(request.method, request.target);
    if (operation === null) {
      throw formatError(`${request.method} ${request.target} is not a signed operation; the bank verifies signatures on ${SIGNED_REQUESTS_IN_WORDS}`);
    }
    // A header value the HTTP parser refuses is answered as live, where the request never reaches a route.
    const unreadable = unreadableHeaderValue(request.headers);
    const diagnoseAs = (tppId: string | undefined): SignatureDiagnosis =>
      this.diagnose(operation, { headers: request.headers, body: request.body, requestTarget: { method: request.method, path: request.target } }, tppId, {
        ...(unreadable === null ? {} : { unreadable: refusalWords(unreadable) }),
        ...(hashedBody === undefined ? {} : { hashedBody }),
      });
    const { authorization } = request.headers;
    const bearer = { sent: bearerToken(authorization) !== undefined, holder: this.tokenHolder(authorization) };
    const made = pastedCallerDiagnosis(this.ctx, operation, bearer, diagnoseAs, pickedTpp(input));
    // What the route refuses before its signature check is the answer live; a request the parser refuses never reaches it.
    const refused = unreadable === null && repeatedInRecord(request.headers).length === 0 ? headerRefusalBeforeSignature(operation, request.headers) : null;
    const refusal = refused === null ? null : { code: refused.code, status: refused.status, text: refused.message };
    return { request, operation, ...made, findings: pastedFindings(made.diagnosis, refusal, made.caller) };
  }

  /** The TPP a bearer token was issued to (expired or not); undefined when there is none or the bank does not know it. */
  tokenHolder(authorization: string | string[] | undefined): string | undefined {
    const token = bearerToken(authorization);
    return token === undefined ? undefined : this.ctx.repos.oauth.findToken(sha256Hex(token))?.tppId;
  }

  /** The first failing check decides the response; nothing may change state before this passes. */
  enforce(diagnosis: SignatureDiagnosis): void {
    const { verdict } = diagnosis;
    // A diagnosis made to be enforced has checks; one refused before them (refused-before.ts) was answered already.
    if (!verdict.valid && verdict.checkId !== REFUSED_BEFORE_SIGNATURE) throw BankError.of(verdict.code, verdict.text, verdict.status);
  }

  /** POST /sandbox/v1/signature: what the bank would send for this payload, signed with the sandbox application's key. */
  produce(institution: InstitutionId, request: SignedRequest, listed: string | undefined, target: string | undefined): SignatureUtilityResult {
    const names = listedHeaders(listed);
    const targetLine = parseTarget(target);
    const value = (name: string): string | undefined => {
      if (name === '(request-target)') return targetLine ? `${targetLine.method} ${targetLine.path}` : undefined;
      const v = request.headers[name];
      return Array.isArray(v) ? v.join(', ') : v;
    };
    for (const name of names) {
      if (name !== 'digest' && value(name) === undefined) {
        throw formatError(
          name === '(request-target)'
            ? '(request-target) is listed in bank-headers but bank-request-target is not sent'
            : `${name} is listed in bank-headers but the request does not carry it`,
        );
      }
    }
    const framework = this.ctx.dataset.institutions.find((i) => i.id === institution)?.trustFramework ?? 'eidas';
    const key = this.sandboxSigners[framework];
    const signed = signRequest(names, value, request.body, key);
    return { ...signed, headers: names, keyId: key.keyId, warnings: targetLine ? profileWarnings(targetLine, names, value) : [] };
  }

  /** POST /sandbox/v1/signature/validation: the diagnosis for the operation bank-request-target names (payment initiation by default). */
  validate(request: SignedRequest, listed: string | undefined, target: string | undefined): SignatureDiagnosis {
    const targetLine = parseTarget(target);
    const operation = (targetLine && signedOperationFor(targetLine.method, targetLine.path)) ?? 'payment-initiation';
    if (listed !== undefined) {
      const expected = listedHeaders(listed);
      const signature = request.headers.signature;
      const sent = typeof signature === 'string' ? /headers="([^"]*)"/.exec(signature)?.[1]?.split(' ') : undefined;
      if (sent && sent.join(' ') !== expected.join(' ')) {
        throw formatError(`bank-headers lists "${expected.join(' ')}" but the Signature's headers parameter is "${sent.join(' ')}"`);
      }
    }
    return this.diagnose(operation, { ...request, ...(targetLine ? { requestTarget: targetLine } : {}) });
  }
}

/**
 * The verifier's view of the certificate of a signed request. The cache holds only what does not depend on
 * the clock (the parse, the issuer's verdict, the loaded key); validity is judged at `now` on every call.
 */
export function signingCertificateInspector(trust: TrustStore, cache: CertificateCache, now: Date): (der: Buffer) => CertificateInspection {
  return (der) => {
    const inspection = inspectCertificate(der, now, trust, cache);
    const publicKey = inspection.fingerprintSha256 === undefined ? undefined : cache.verificationKey(inspection.fingerprintSha256);
    if (publicKey !== undefined) inspection.publicKey = publicKey;
    return inspection;
  };
}

function listedHeaders(listed: string | undefined): string[] {
  if (listed === undefined || listed.trim() === '') {
    throw formatError('bank-headers is missing: list the headers to sign in order, e.g. "digest x-request-id psu-id"');
  }
  const names = listed
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((n) => n.toLowerCase());
  if (names.length > MAX_LISTED_HEADERS) throw formatError(`bank-headers lists ${names.length} headers; at most ${MAX_LISTED_HEADERS}`);
  if (new Set(names).size !== names.length) throw formatError('bank-headers lists a header twice');
  if (!names.every((n) => /^(\(request-target\)|[a-z0-9!#$%&'*+.^_`|~-]+)$/.test(n)))
    throw formatError('bank-headers holds something that is not a header name');
  return names;
}

/** `bank-request-target: post /v1/payments/sepa-credit-transfers`, as a request line would be written. */
function parseTarget(target: string | undefined): { method: string; path: string } | null {
  if (target === undefined) return null;
  const match = /^([A-Za-z]+) (\/\S{0,2000})$/.exec(target.trim());
  if (!match?.[1] || !match[2]) throw formatError('bank-request-target must be "<method> <path>", e.g. "post /v1/payments/pain.001-sepa-credit-transfers"');
  return { method: match[1].toLowerCase(), path: match[2] };
}

function profileWarnings(target: { method: string; path: string }, names: readonly string[], value: (name: string) => string | undefined): string[] {
  const operation = signedOperationFor(target.method, target.path);
  if (!operation) return [`${target.method} ${target.path} is not a signed operation of the bank`];
  const profile = SIGNING_PROFILES[operation];
  const warnings: string[] = [];
  for (const name of names) {
    if (name === '(request-target)') warnings.push('(request-target) must not be signed (rule 2)');
    else if (![...profile.required, ...profile.ifPresent].includes(name as never)) warnings.push(`${name} is outside the profile of ${operation} (rule 2)`);
  }
  for (const name of profile.required) if (!names.includes(name)) warnings.push(`${name} is required in the signature of ${operation} (rule 1)`);
  for (const name of profile.ifPresent) {
    if (value(name) !== undefined && !names.includes(name)) warnings.push(`${name} is sent, so it must be signed for ${operation} (rule 1)`);
  }
  return warnings;
}

const MAX_PASTE_CHARS = 2_000_000;

function pastedInput(input: unknown): { kind: PasteKind; text: string; hashedBody?: Buffer } {
  const body = (typeof input === 'object' && input !== null ? input : {}) as { kind?: unknown; text?: unknown; hashedBody?: unknown };
  if (!PASTE_KINDS.includes(body.kind as PasteKind))
    throw formatError(`kind must be one of ${PASTE_KINDS.join(', ')}: what was pasted, a raw HTTP request, a cURL command or a HAR entry`);
  if (typeof body.text !== 'string' || body.text.trim() === '') throw formatError('text must be the pasted request, not empty');
  if (body.text.length > MAX_PASTE_CHARS) throw formatError(`text is longer than ${MAX_PASTE_CHARS} characters`);
  const kind = body.kind as PasteKind;
  if (body.hashedBody === undefined) return { kind, text: body.text };
  if (typeof body.hashedBody !== 'string') throw formatError('hashedBody must be text: the body your client computed the Digest over');
  if (body.hashedBody.length > MAX_PASTE_CHARS) throw formatError(`hashedBody is longer than ${MAX_PASTE_CHARS} characters`);
  return { kind, text: body.text, hashedBody: Buffer.from(body.hashedBody, 'utf8') };
}
