// A QA engineer's own client (node:crypto, not the workbench's signer): the request as its bytes go on the
// wire, its signer with the mistakes clients make, the edits after signing, and what the bank should answer.
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { certificateHeaderValue, type SigningKey } from '../../main/domain/signing/sign';

export type HeaderLine = [name: string, value: string];

/** A request as its bytes go on the wire: header lines in order (repeats and name case kept), exact body. */
export interface QaRequest {
  method: string;
  path: string;
  headers: HeaderLine[];
  body: Buffer;
  /** The signing string the client signed (its own, mistakes and all), where it signed one. */
  signedText?: string;
}

/** The QSEALs a case may sign with: the demo TPP's, another TPP's, and the demo TPP's organisation with faulty certificates. */
export interface QaKeys {
  own: SigningKey;
  other: SigningKey;
  expired: SigningKey;
  notYetValid: SigningKey;
}

export interface QaExpect {
  status: number;
  code: string;
  /** The failing check that decides the answer (the verdict's checkId). */
  checkId: string;
  /** What the verdict's text must say, where the wording matters. */
  text?: RegExp;
  /**
   * Diagnose's first finding, where it is not the signature verdict's own text: a refusal the route
   * makes before the signature check, or the calling TPP not identified; `signatureValid`: the signature's verdict then.
   */
  firstFinding?: { severity: 'error' | 'warning'; text: string; signatureValid: boolean };
  /** The TPP the log names, where it is not the demo TPP (a token this bank does not know names none). */
  loggedTpp?: string | null;
}

export interface QaCase {
  id: string;
  /** In QA's words: what the client did wrong. */
  what: string;
  expect: QaExpect;
  /** The broken request, from an unsigned base request (token, consent and PSU headers in place). */
  build(base: QaRequest, keys: QaKeys): QaRequest;
}

/** The profile order of a payment initiation with a TPP-Redirect-URI (spec "Application-layer signing"). */
export const PROFILE_NAMES = ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'] as const;

/** How a client signs, and where it goes wrong: every field left out is done right. */
export interface ClientSigning {
  /** The headers parameter. */
  names?: readonly string[];
  /** The lines of the signing string actually signed (default: the headers parameter). */
  signedNames?: readonly string[];
  /** The bytes the Digest is computed over (default: the body sent). */
  hashed?: Buffer;
  /** The Digest header sent instead of the computed one. */
  digest?: (computed: string) => string;
  /** Values signed that differ from the ones sent. */
  signedValues?: Record<string, string>;
  /** The signing string as the client's code writes it. */
  text?: (text: string) => string;
  /** The private key used (default: the certificate's own). */
  privateKeyOf?: SigningKey;
  /** The QSEAL sent and named by keyId (default: own). */
  certificateOf?: SigningKey;
  keyId?: (keyId: string) => string;
  algorithm?: string;
  signatureValue?: (base64: string) => string;
  certificateValue?: (base64Der: string, pem: string) => string;
}

export const lower = (name: string): string => name.toLowerCase();
export const valueOf = (headers: readonly HeaderLine[], name: string): string | undefined => headers.find(([n]) => lower(n) === name)?.[1];
export const hashBase64 = (algorithm: 'sha256' | 'sha512', bytes: Buffer): string => createHash(algorithm).update(bytes).digest('base64');

/** A client's own signer (not the workbench's): Digest, the signing string of rule 4, RSA-SHA256, the three headers appended. */
export function signAsClient(base: QaRequest, keys: QaKeys, s: ClientSigning = {}): QaRequest {
  const certificate = s.certificateOf ?? keys.own;
  const privateKey = s.privateKeyOf ?? certificate;
  const computed = `SHA-256=${hashBase64('sha256', s.hashed ?? base.body)}`;
  const digest = s.digest ? s.digest(computed) : computed;
  const names = s.names ?? PROFILE_NAMES;
  const sent = (name: string): string => (name === 'digest' ? digest : (valueOf(base.headers, name) ?? ''));
  const lines = (s.signedNames ?? names).map((name) => `${name}: ${s.signedValues?.[name] ?? sent(name)}`);
  const text = s.text ? s.text(lines.join('\n')) : lines.join('\n');
  const signature = sign('sha256', Buffer.from(text, 'latin1'), createPrivateKey(privateKey.privateKeyPem)).toString('base64');
  const keyId = s.keyId ? s.keyId(certificate.keyId) : certificate.keyId;
  const der = certificateHeaderValue(certificate.certificatePem);
  return {
    ...base,
    signedText: text,
    headers: [
      ...base.headers,
      ['Digest', digest],
      [
        'Signature',
        `keyId="${keyId}",algorithm="${s.algorithm ?? 'rsa-sha256'}",headers="${names.join(' ')}",signature="${s.signatureValue ? s.signatureValue(signature) : signature}"`,
      ],
      ['TPP-Signature-Certificate', s.certificateValue ? s.certificateValue(der, certificate.certificatePem) : der],
    ],
  };
}

/** The request with a header's value replaced after signing (name matched in any case). */
export function replaced(request: QaRequest, name: string, value: string): QaRequest {
  return { ...request, headers: request.headers.map(([n, v]) => (lower(n) === name ? [n, value] : [n, v])) };
}

/** The request with a second line of a header right after the first. */
export function repeated(request: QaRequest, name: string, value?: string): QaRequest {
  const at = request.headers.findIndex(([n]) => lower(n) === name);
  const [n, v] = request.headers[at] ?? [name, ''];
  return { ...request, headers: [...request.headers.slice(0, at + 1), [n, value ?? v], ...request.headers.slice(at + 1)] };
}

export const withBody = (request: QaRequest, body: Buffer): QaRequest => ({ ...request, body });
export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Where the byte-level cases write a name with an umlaut: the remittance information. */
export const MULLER_AT = '<Ustrd>Invoice 2027-0415</Ustrd>';
export const MULLER = '<Ustrd>Müller GmbH, Rechnung 2027-0415</Ustrd>';
export const text = (bytes: Buffer): string => bytes.toString('utf8');
export const crlf = (bytes: Buffer): Buffer => Buffer.from(text(bytes).replace(/\r?\n/g, '\r\n'), 'utf8');
export const minified = (bytes: Buffer): Buffer => Buffer.from(text(bytes).replace(/>\s+</g, '><').trim(), 'utf8');
export const withoutDeclaration = (bytes: Buffer): Buffer => Buffer.from(text(bytes).replace(/^<\?xml[^?]*\?>\r?\n/, ''), 'utf8');

export const SIGNATURE_INVALID = (checkId: string, text?: RegExp): QaExpect => ({ status: 401, code: 'SIGNATURE_INVALID', checkId, ...(text ? { text } : {}) });
export const FORMAT_ERROR = (checkId: string, text?: RegExp): QaExpect => ({ status: 400, code: 'FORMAT_ERROR', checkId, ...(text ? { text } : {}) });
export const CERTIFICATE_INVALID = (checkId: string, text?: RegExp): QaExpect => ({
  status: 401,
  code: 'CERTIFICATE_INVALID',
  checkId,
  ...(text ? { text } : {}),
});
export const CERTIFICATE_ENCODING = /send base64 of the DER certificate without PEM armour or line breaks/;
