// The QA set of issue 21: broken signed requests as a QA engineer's own client sends them (node:crypto,
// raw sockets), each with the bank's answer and the check that fails first. One fixture for the API test
// (live and through Diagnose) and the UI tests, which reuse the cases and the paste forms.
import { createHash, createPrivateKey, randomUUID, sign } from 'node:crypto';
import { connect } from 'node:net';
import { certificateHeaderValue, type SigningKey } from '../../main/domain/signing/sign';
import type { BankControl } from '../../main/tpp/control';
import { signingKeyOf } from '../../main/tpp/credentials';
import { createPayment } from '../../main/tpp/requests/payments';
import type { PsuAccess, PsuContext } from '../../main/tpp/requests/request';
import { readTemplate, templateIndex } from '../../main/tpp/templates';
import { buildCurl } from '../../renderer/src/lib/curl';

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
   * Diagnose's first finding, where it is not the signature verdict's own text (issue 34): a refusal the route
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
interface ClientSigning {
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

const lower = (name: string): string => name.toLowerCase();
const valueOf = (headers: readonly HeaderLine[], name: string): string | undefined => headers.find(([n]) => lower(n) === name)?.[1];
const hashBase64 = (algorithm: 'sha256' | 'sha512', bytes: Buffer): string => createHash(algorithm).update(bytes).digest('base64');

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

const withBody = (request: QaRequest, body: Buffer): QaRequest => ({ ...request, body });
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Where the byte-level cases write a name with an umlaut: the remittance information. */
const MULLER_AT = '<Ustrd>Invoice 2027-0415</Ustrd>';
const MULLER = '<Ustrd>Müller GmbH, Rechnung 2027-0415</Ustrd>';
const text = (bytes: Buffer): string => bytes.toString('utf8');
const crlf = (bytes: Buffer): Buffer => Buffer.from(text(bytes).replace(/\r?\n/g, '\r\n'), 'utf8');
const minified = (bytes: Buffer): Buffer => Buffer.from(text(bytes).replace(/>\s+</g, '><').trim(), 'utf8');
const withoutDeclaration = (bytes: Buffer): Buffer => Buffer.from(text(bytes).replace(/^<\?xml[^?]*\?>\r?\n/, ''), 'utf8');

const SIGNATURE_INVALID = (checkId: string, text?: RegExp): QaExpect => ({ status: 401, code: 'SIGNATURE_INVALID', checkId, ...(text ? { text } : {}) });
const FORMAT_ERROR = (checkId: string, text?: RegExp): QaExpect => ({ status: 400, code: 'FORMAT_ERROR', checkId, ...(text ? { text } : {}) });
const CERTIFICATE_INVALID = (checkId: string, text?: RegExp): QaExpect => ({ status: 401, code: 'CERTIFICATE_INVALID', checkId, ...(text ? { text } : {}) });
const CERTIFICATE_ENCODING = /send base64 of the DER certificate without PEM armour or line breaks/;

/**
 * The cases. The base request is a payment initiation whose body is an LF pain.001 with an XML
 * declaration, carrying X-Request-ID, PSU-ID and TPP-Redirect-URI (so all four profile headers are signed).
 */
export const QA_CASES: readonly QaCase[] = [
  // The body between Digest and wire.
  {
    id: 'body-minified',
    what: 'Digest over the XML minified, body sent as it was',
    expect: SIGNATURE_INVALID('digest-matches', /minified/),
    build: (b, k) => signAsClient(b, k, { hashed: minified(b.body) }),
  },
  {
    id: 'body-pretty',
    what: 'Digest over the XML, body sent minified',
    expect: SIGNATURE_INVALID('digest-matches'),
    build: (b, k) => withBody(signAsClient(b, k), minified(b.body)),
  },
  {
    id: 'body-crlf',
    what: 'Digest over LF lines, body sent with CRLF',
    expect: SIGNATURE_INVALID('digest-matches', /CRLF|line endings/),
    build: (b, k) => withBody(signAsClient(b, k), crlf(b.body)),
  },
  {
    id: 'body-lf',
    what: 'Digest over CRLF lines, body sent with LF',
    expect: SIGNATURE_INVALID('digest-matches', /CRLF|line endings/),
    build: (b, k) => signAsClient(b, k, { hashed: crlf(b.body) }),
  },
  {
    id: 'declaration-added',
    what: 'XML declaration added after hashing',
    expect: SIGNATURE_INVALID('digest-matches', /declaration/),
    build: (b, k) => signAsClient(b, k, { hashed: withoutDeclaration(b.body) }),
  },
  {
    id: 'body-changed',
    what: 'amount changed after signing',
    expect: SIGNATURE_INVALID('digest-matches'),
    build: (b, k) => withBody(signAsClient(b, k), Buffer.from(text(b.body).replace('1250.00', '1250.01'))),
  },
  {
    id: 'body-trailing-newline',
    what: 'a newline appended to the body after hashing',
    expect: SIGNATURE_INVALID('digest-matches', /trailing newline/),
    build: (b, k) => withBody(signAsClient(b, k), Buffer.concat([b.body, Buffer.from('\n')])),
  },
  {
    id: 'body-bom-compact',
    what: 'a compact pain.001 hashed, then sent with a UTF-8 byte-order mark in front',
    expect: SIGNATURE_INVALID('digest-matches', /byte-order mark \(EF BB BF\) that was not hashed/),
    build: (b, k) => withBody(signAsClient(b, k, { hashed: minified(b.body) }), Buffer.concat([BOM, minified(b.body)])),
  },
  {
    id: 'body-bom-indented',
    what: 'an indented pain.001 hashed, then sent with a UTF-8 byte-order mark in front',
    expect: SIGNATURE_INVALID('digest-matches', /byte-order mark \(EF BB BF\) that was not hashed/),
    build: (b, k) => withBody(signAsClient(b, k), Buffer.concat([BOM, b.body])),
  },
  {
    id: 'body-trailing-space',
    what: 'one stray space at the end of one line, added after hashing',
    expect: SIGNATURE_INVALID('digest-matches', /spaces or tabs at the end of line 3/),
    build: (b, k) => withBody(signAsClient(b, k), Buffer.from(text(b.body).replace(/^((?:[^\n]*\n){2}[^\n]*)\n/, '$1 \n'), 'utf8')),
  },
  // Headers and the headers parameter.
  {
    id: 'psu-id-left-out',
    what: 'PSU-ID sent but left out of the signature',
    expect: SIGNATURE_INVALID('present-headers-signed', /psu-id is present in the request but not in headers/),
    build: (b, k) => signAsClient(b, k, { names: ['digest', 'x-request-id', 'tpp-redirect-uri'] }),
  },
  {
    id: 'redirect-left-out',
    what: 'TPP-Redirect-URI sent but left out of the signature',
    expect: SIGNATURE_INVALID('present-headers-signed', /tpp-redirect-uri is present/),
    build: (b, k) => signAsClient(b, k, { names: ['digest', 'x-request-id', 'psu-id'] }),
  },
  {
    id: 'consent-id-signed',
    what: 'Consent-ID signed, outside the profile',
    expect: SIGNATURE_INVALID('profile-headers-only', /consent-id is not one of the four profile headers/),
    build: (b, k) => signAsClient(b, k, { names: [...PROFILE_NAMES, 'consent-id'] }),
  },
  {
    id: 'request-id-changed',
    what: 'X-Request-ID replaced after signing',
    expect: SIGNATURE_INVALID('signature-verifies', /a signed header's value changed after signing/),
    build: (b, k) => replaced(signAsClient(b, k), 'x-request-id', randomUUID()),
  },
  {
    id: 'redirect-changed',
    what: 'TPP-Redirect-URI changed after signing',
    expect: SIGNATURE_INVALID(
      'signature-verifies',
      /The Digest matches the body, so a signed header's value changed after signing, one of x-request-id, psu-id, tpp-redirect-uri/,
    ),
    build: (b, k) => replaced(signAsClient(b, k), 'tpp-redirect-uri', 'https://tpp.example/other'),
  },
  {
    id: 'names-original-case',
    what: 'signing string with header names in their original case',
    expect: SIGNATURE_INVALID('signature-verifies', /original case/),
    build: (b, k) =>
      signAsClient(b, k, {
        text: (t) =>
          t
            .replace('digest:', 'Digest:')
            .replace('x-request-id:', 'X-Request-ID:')
            .replace('psu-id:', 'PSU-ID:')
            .replace('tpp-redirect-uri:', 'TPP-Redirect-URI:'),
      }),
  },
  {
    id: 'headers-upper-case',
    what: 'headers parameter in capitals',
    expect: FORMAT_ERROR('signature-format', /lower case/),
    build: (b, k) => {
      const r = signAsClient(b, k);
      return replaced(r, 'signature', (valueOf(r.headers, 'signature') ?? '').replace('headers="digest x-request-id', 'headers="Digest X-Request-ID'));
    },
  },
  {
    id: 'request-target-listed',
    what: '(request-target) signed and listed',
    expect: SIGNATURE_INVALID('profile-headers-only', /\(request-target\) must not be signed/),
    build: (b, k) => signAsClient(b, k, { names: ['(request-target)', ...PROFILE_NAMES], signedValues: { '(request-target)': `post ${b.path}` } }),
  },
  {
    id: 'request-target-unlisted',
    what: '(request-target) signed but not listed',
    expect: SIGNATURE_INVALID('signature-verifies', /you signed a \(request-target\) line/),
    build: (b, k) => signAsClient(b, k, { text: (t) => `(request-target): post ${b.path}\n${t}` }),
  },
  // Order and the signing string's layout.
  {
    id: 'order-as-sent',
    what: 'headers listed in profile order, signed in the order sent',
    expect: SIGNATURE_INVALID(
      'signature-verifies',
      /the TPP signed the headers in another order: x-request-id, psu-id, tpp-redirect-uri, digest \(the order they were sent in\)/,
    ),
    build: (b, k) => signAsClient(b, k, { signedNames: ['x-request-id', 'psu-id', 'tpp-redirect-uri', 'digest'] }),
  },
  {
    id: 'order-as-sent-trailing-newline',
    what: 'signed in the order sent, with a newline after the last line',
    expect: SIGNATURE_INVALID(
      'signature-verifies',
      /\(the order they were sent in\), .*; besides, your signing string ends with a newline after the last line/,
    ),
    build: (b, k) => signAsClient(b, k, { signedNames: ['x-request-id', 'psu-id', 'tpp-redirect-uri', 'digest'], text: (t) => `${t}\n` }),
  },
  {
    id: 'order-reversed',
    what: 'signing string in reverse order of headers',
    expect: SIGNATURE_INVALID('signature-verifies', /another order: tpp-redirect-uri, psu-id, x-request-id, digest/),
    build: (b, k) => signAsClient(b, k, { signedNames: [...PROFILE_NAMES].reverse() }),
  },
  {
    id: 'trailing-newline',
    what: 'signing string ends with a newline',
    expect: SIGNATURE_INVALID('signature-verifies', /ends with a newline after the last line/),
    build: (b, k) => signAsClient(b, k, { text: (t) => `${t}\n` }),
  },
  {
    id: 'crlf-lines',
    what: 'signing string lines joined with CRLF',
    expect: SIGNATURE_INVALID('signature-verifies', /CRLF/),
    build: (b, k) => signAsClient(b, k, { text: (t) => t.replace(/\n/g, '\r\n') }),
  },
  // Key, keyId, certificate.
  {
    id: 'key-id-serial',
    what: 'keyId with another serial',
    expect: SIGNATURE_INVALID('key-id', /keyId names serial/),
    build: (b, k) =>
      signAsClient(b, k, { keyId: (id) => id.replace(/^SN=([0-9a-f]+)/i, (_m, sn: string) => `SN=${sn.slice(0, -1)}${sn.endsWith('0') ? '1' : '0'}`) }),
  },
  {
    id: 'key-id-issuer',
    what: 'keyId with another issuer',
    expect: SIGNATURE_INVALID('key-id', /keyId names the issuer/),
    build: (b, k) => signAsClient(b, k, { keyId: (id) => id.replace(/,CA=.*$/, ',CA=CN=Other CA,O=Elsewhere,C=DE') }),
  },
  {
    id: 'other-tpp-certificate',
    what: "another TPP's QSEAL (key, certificate, keyId)",
    expect: CERTIFICATE_INVALID('certificate-organization'),
    build: (b, k) => signAsClient(b, k, { certificateOf: k.other }),
  },
  {
    id: 'wrong-key',
    what: 'signed with another key than the certificate sent',
    expect: SIGNATURE_INVALID('signature-verifies', /not made with the private key of the certificate sent/),
    build: (b, k) => signAsClient(b, k, { privateKeyOf: k.other }),
  },
  {
    id: 'expired-certificate',
    what: 'QSEAL expired',
    expect: CERTIFICATE_INVALID('certificate-valid'),
    build: (b, k) => signAsClient(b, k, { certificateOf: k.expired }),
  },
  {
    id: 'not-yet-valid-certificate',
    what: 'QSEAL not yet valid',
    expect: CERTIFICATE_INVALID('certificate-valid'),
    build: (b, k) => signAsClient(b, k, { certificateOf: k.notYetValid }),
  },
  {
    id: 'pem-certificate',
    what: 'TPP-Signature-Certificate as PEM, lines joined by spaces',
    expect: CERTIFICATE_INVALID('certificate-encoding', CERTIFICATE_ENCODING),
    build: (b, k) => signAsClient(b, k, { certificateValue: (_der, pem) => pem.trim().replace(/\s*\n\s*/g, ' ') }),
  },
  {
    id: 'pem-escaped-certificate',
    what: 'TPP-Signature-Certificate as PEM with \\n escaped',
    expect: CERTIFICATE_INVALID('certificate-encoding', CERTIFICATE_ENCODING),
    build: (b, k) => signAsClient(b, k, { certificateValue: (_der, pem) => pem.trim().replace(/\r?\n/g, '\\n') }),
  },
  {
    id: 'base64-pem-certificate',
    what: 'TPP-Signature-Certificate as base64 of the PEM',
    expect: CERTIFICATE_INVALID('certificate-encoding', CERTIFICATE_ENCODING),
    build: (b, k) => signAsClient(b, k, { certificateValue: (_der, pem) => Buffer.from(pem).toString('base64') }),
  },
  {
    id: 'certificate-spaces',
    what: 'certificate base64 broken into 64-character groups by spaces',
    expect: CERTIFICATE_INVALID('certificate-encoding', CERTIFICATE_ENCODING),
    build: (b, k) => signAsClient(b, k, { certificateValue: (der) => der.replace(/(.{64})(?=.)/g, '$1 ') }),
  },
  // The Signature's own fields.
  {
    id: 'signature-space',
    what: 'a space inside the signature base64',
    expect: FORMAT_ERROR('signature-format', /spaces or line breaks/),
    build: (b, k) => signAsClient(b, k, { signatureValue: (s) => `${s.slice(0, 40)} ${s.slice(40)}` }),
  },
  {
    id: 'signature-no-padding',
    what: 'signature base64 without its = padding',
    expect: FORMAT_ERROR('signature-format', /padding/),
    build: (b, k) => signAsClient(b, k, { signatureValue: (s) => (s.endsWith('=') ? s.replace(/=+$/, '') : s.slice(0, -1)) }),
  },
  {
    id: 'algorithm-hmac',
    what: 'algorithm hmac-sha256',
    expect: SIGNATURE_INVALID('algorithm', /only rsa-sha256/),
    build: (b, k) => signAsClient(b, k, { algorithm: 'hmac-sha256' }),
  },
  {
    id: 'algorithm-upper-case',
    what: 'algorithm RSA-SHA256 in capitals',
    expect: SIGNATURE_INVALID('algorithm', /lower case/),
    build: (b, k) => signAsClient(b, k, { algorithm: 'RSA-SHA256' }),
  },
  // Digest header.
  {
    id: 'digest-sha512',
    what: 'Digest with SHA-512',
    expect: FORMAT_ERROR('digest-format'),
    build: (b, k) => signAsClient(b, k, { digest: () => `SHA-512=${hashBase64('sha512', b.body)}` }),
  },
  {
    id: 'digest-label-lower-case',
    what: 'Digest label sha-256=',
    expect: FORMAT_ERROR('digest-format', /upper case/),
    build: (b, k) => signAsClient(b, k, { digest: (d) => d.replace('SHA-256=', 'sha-256=') }),
  },
  {
    id: 'digest-no-label',
    what: 'Digest without SHA-256=',
    expect: FORMAT_ERROR('digest-format'),
    build: (b, k) => signAsClient(b, k, { digest: (d) => d.replace('SHA-256=', '') }),
  },
  // Repeated headers: one diagnosis, whichever is repeated.
  {
    id: 'x-request-id-twice',
    what: 'X-Request-ID sent twice (two values)',
    expect: FORMAT_ERROR('header-sent-once', /^X-Request-ID is sent more than once/),
    build: (b, k) => repeated(signAsClient(b, k), 'x-request-id', randomUUID()),
  },
  {
    id: 'x-request-id-same-twice',
    what: 'X-Request-ID sent twice with the same value',
    expect: FORMAT_ERROR('header-sent-once', /^X-Request-ID is sent more than once/),
    build: (b, k) => repeated(signAsClient(b, k), 'x-request-id'),
  },
  {
    id: 'digest-twice',
    what: 'Digest sent twice',
    expect: FORMAT_ERROR('header-sent-once', /^Digest is sent more than once/),
    build: (b, k) => repeated(signAsClient(b, k), 'digest'),
  },
  {
    id: 'signature-twice',
    what: 'Signature sent twice',
    expect: FORMAT_ERROR('header-sent-once', /^Signature is sent more than once/),
    build: (b, k) => repeated(signAsClient(b, k), 'signature'),
  },
  {
    id: 'certificate-twice',
    what: 'TPP-Signature-Certificate sent twice',
    expect: FORMAT_ERROR('header-sent-once', /^TPP-Signature-Certificate is sent more than once/),
    build: (b, k) => repeated(signAsClient(b, k), 'tpp-signature-certificate'),
  },
  {
    id: 'psu-id-twice',
    what: 'PSU-ID sent twice',
    expect: FORMAT_ERROR('header-sent-once', /^PSU-ID is sent more than once/),
    build: (b, k) => repeated(signAsClient(b, k), 'psu-id'),
  },
  // Issue 34, item 2 (refused at the parser): Node's HTTP parser refuses the request before any route; the
  // live verdict is the logged exchange's `refusal` (test/api/qa-set.test.ts), Diagnose's the check request-readable.
  {
    id: 'certificate-bare-cr',
    what: 'TPP-Signature-Certificate as a CRLF PEM split at LF and joined with spaces (a bare CR in a header value)',
    expect: FORMAT_ERROR(
      'request-readable',
      /^the request could not be read as HTTP\/1\.1 \(HPE_LF_EXPECTED\): the value of tpp-signature-certificate holds a carriage return \(CR, 0x0D\) without a line feed after it at byte 27 of the value;/,
    ),
    build: (b, k) => signAsClient(b, k, { certificateValue: (_der, pem) => pem.trim().replace(/\r?\n/g, '\r\n').split('\n').join(' ') }),
  },
  // Issue 34, item 9: a value signed with a trailing space, which HTTP drops before the bank reads it.
  {
    id: 'psu-id-trailing-space',
    what: 'PSU-ID signed and sent with a trailing space (HTTP strips it)',
    expect: SIGNATURE_INVALID('signature-verifies', /^the signature does not verify: psu-id was signed as "[^"]+␣", with a trailing space \(shown as ␣\)/),
    build: (b, k) => signAsClient(replaced(b, 'psu-id', `${valueOf(b.headers, 'psu-id') ?? ''} `), k),
  },
  // Issue 34, items 3 and 5 (Diagnose says what it could not check; one story per exchange): refused live before
  // the signature was checked, so the logged verdict is that answer (check refused-before-signature); Diagnose's
  // first finding is the calling TPP it could not identify, or the same refusal.
  {
    id: 'foreign-token',
    what: "another TPP's QSEAL with a bearer token from another bank's log (unknown to this bank)",
    expect: {
      status: 401,
      code: 'TOKEN_INVALID',
      checkId: 'refused-before-signature',
      text: /^the access token is not known to the bank$/,
      loggedTpp: null,
      firstFinding: {
        severity: 'warning',
        signatureValid: true,
        text: "calling TPP not identified: the certificate's organisation and the token were not checked; this bank does not know the bearer token (sent here, the request is refused 401 TOKEN_INVALID)",
      },
    },
    build: (b, k) => replaced(signAsClient(b, k, { certificateOf: k.other }), 'authorization', `Bearer ${randomUUID()}`),
  },
  {
    id: 'psu-id-signed-not-sent',
    what: 'psu-id named in the headers parameter, the PSU-ID header left out of the request',
    expect: {
      ...FORMAT_ERROR('refused-before-signature', /^header PSU-ID is missing$/),
      firstFinding: { severity: 'error', signatureValid: false, text: 'refused before the signature was checked: header PSU-ID is missing' },
    },
    build: (b, k) => {
      const signed = signAsClient(b, k);
      return { ...signed, headers: signed.headers.filter(([name]) => lower(name) !== 'psu-id') };
    },
  },
  // Issue 34, item 4 (bytes, whatever they are): bodies a text copy loses. Each verdict holds only while every
  // byte arrives as sent, so cURL, a HAR replay and Resend must carry them exactly (test/api/byte-exact-replay.test.ts).
  {
    id: 'bytes-latin1',
    what: 'Digest over the UTF-8 body, "Müller" sent in Latin-1 (one byte FC for ü)',
    expect: SIGNATURE_INVALID('digest-matches', /the Digest was computed over the body encoded in UTF-8, but the body was sent in Latin-1/),
    build: (b, k) => {
      const utf8 = Buffer.from(text(b.body).replace(MULLER_AT, MULLER), 'utf8');
      return withBody(signAsClient(withBody(b, utf8), k), Buffer.from(utf8.toString('utf8'), 'latin1'));
    },
  },
  {
    id: 'bytes-bom',
    what: 'a body with a UTF-8 byte-order mark, hashed with it; X-Request-ID replaced after signing',
    expect: SIGNATURE_INVALID('signature-verifies', /The Digest matches the body, so a signed header's value changed after signing/),
    build: (b, k) => replaced(signAsClient(withBody(b, Buffer.concat([BOM, b.body])), k), 'x-request-id', randomUUID()),
  },
  {
    id: 'bytes-nul',
    what: "a C client's string terminator: a NUL byte sent after the body it hashed",
    expect: SIGNATURE_INVALID('digest-matches', /^Digest does not match the body/),
    build: (b, k) => withBody(signAsClient(b, k), Buffer.concat([b.body, Buffer.from([0])])),
  },
  {
    id: 'bytes-invalid-utf8',
    what: 'a body that is not UTF-8 (ü in UTF-8, € as the Windows-1252 byte 80), hashed as sent; PSU-ID left out of the signature',
    expect: SIGNATURE_INVALID('present-headers-signed', /psu-id is present in the request but not in headers/),
    build: (b, k) => {
      const [before = '', after = ''] = text(b.body).replace(MULLER_AT, MULLER).split('1250.00</InstdAmt>');
      const body = Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from('1250.00</InstdAmt><!-- '), Buffer.from([0x80]), Buffer.from(` -->${after}`)]);
      return signAsClient(withBody(b, body), k, { names: ['digest', 'x-request-id', 'tpp-redirect-uri'] });
    },
  },
];

/** The byte-level cases (issue 34, item 4): replayed from cURL, a HAR and Resend byte for byte. */
export const BYTE_CASES = ['bytes-latin1', 'bytes-bom', 'bytes-nul', 'bytes-invalid-utf8'] as const;

/** A body as a paste carries it: text as UTF-8 when it is UTF-8 (a BOM kept as U+FEFF), else each byte as a Latin-1 character. */
const pastedBody = (body: Buffer): string => (isUtf8(body) ? body.toString('utf8') : body.toString('latin1'));
const isUtf8 = (body: Buffer): boolean => Buffer.from(body.toString('utf8'), 'utf8').equals(body);

/** A raw HTTP/1.1 request as a proxy shows it: CRLF header lines, Host and Content-Length, the exact body. */
export function asRawHttp(request: QaRequest, host: string): string {
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${host}`,
    ...request.headers.map(([n, v]) => `${n}: ${v}`),
    `Content-Length: ${request.body.length}`,
  ];
  return `${lines.join('\r\n')}\r\n\r\n${pastedBody(request.body)}`;
}

/** The body as the exchange log answers it: the bytes read as UTF-8, and their base64 where that reading loses them. */
export const loggedBody = (body: Buffer): { body: string | null; bodyBase64?: string } =>
  body.length === 0 ? { body: null } : { body: body.toString('utf8'), ...(isUtf8(body) ? {} : { bodyBase64: body.toString('base64') }) };

/** The Inspector's "Copy as cURL" form (repeats as repeated --header), from the body's bytes as the log gives them. */
export function asCurl(request: QaRequest, origin: string): string {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of request.headers) (headers[name] ??= []).push(value);
  return buildCurl({ method: request.method, url: request.path, headers, ...loggedBody(request.body) }, origin);
}

/** A HAR 1.2 log with the one entry, header lines in order. */
export function asHar(request: QaRequest, origin: string): string {
  const contentType = request.headers.find(([n]) => lower(n) === 'content-type')?.[1] ?? 'application/octet-stream';
  const entry = {
    startedDateTime: new Date(0).toISOString(),
    time: 0,
    request: {
      method: request.method,
      url: `${origin}${request.path}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: request.headers.map(([name, value]) => ({ name, value })),
      queryString: [],
      // Bytes that are not UTF-8 as base64, as HAR writes them (`encoding`).
      ...(request.body.length > 0
        ? {
            postData: {
              mimeType: contentType,
              ...(isUtf8(request.body) ? { text: request.body.toString('utf8') } : { text: request.body.toString('base64'), encoding: 'base64' }),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: request.body.length,
    },
    response: {
      status: 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
  };
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'qa-set', version: '1' }, entries: [entry] } });
}

// --- What a case starts from --------------------------------------------------------------------

const SPELLING: Readonly<Record<string, string>> = {
  'x-request-id': 'X-Request-ID',
  authorization: 'Authorization',
  'consent-id': 'Consent-ID',
  'psu-id': 'PSU-ID',
  'psu-ip-address': 'PSU-IP-Address',
  'tpp-redirect-uri': 'TPP-Redirect-URI',
  'content-type': 'Content-Type',
};

/** The base request: a SEPA payment initiation as the built-in TPP prepares it (fresh X-Request-ID, the PSU's token), not signed. */
export function qaBaseRequest(access: PsuAccess, psu: PsuContext): QaRequest {
  const file = 'sepa-single.xml';
  const product = templateIndex().find((t) => t.file === file)?.product ?? '';
  const request = createPayment(access, product, readTemplate(file), psu, 'https://tpp.example/callback');
  const body = request.body === null ? Buffer.alloc(0) : Buffer.from(request.body);
  return { method: request.method, path: request.path, headers: Object.entries(request.headers).map(([n, v]) => [SPELLING[n] ?? n, v]), body };
}

/** The QSEALs the cases sign with: another TPP and two faulty certificates are registered at the bank once. */
export async function qaKeys(control: BankControl, own: SigningKey): Promise<QaKeys> {
  const registered = async (organizationId: string, faults?: Record<string, boolean>): Promise<SigningKey> =>
    signingKeyOf(await control.registerTpp({ organizationId, ...(faults ? { faults } : {}) }));
  return {
    own,
    other: await registered('PSDDE-BAFIN-654321'),
    expired: await registered('PSDDE-BAFIN-777001', { expired: true }),
    notYetValid: await registered('PSDDE-BAFIN-777002', { notYetValid: true }),
  };
}

// --- The three paste forms and the wire ----------------------------------------------------------

export const PASTE_FORMS = {
  http: (request: QaRequest, origin: string) => asRawHttp(request, new URL(origin).host),
  curl: asCurl,
  har: asHar,
} as const;

export interface RawAnswer {
  status: number;
  body: string;
}

/** Sends the request's exact bytes over a plain socket (repeated lines, name case and body as built) and reads the answer. */
export function sendRaw(origin: string, request: QaRequest): Promise<RawAnswer> {
  const url = new URL(origin);
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${url.host}`,
    ...request.headers.map(([n, v]) => `${n}: ${v}`),
    `Content-Length: ${request.body.length}`,
    'Connection: close',
  ];
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const split = answer.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const headText = answer.slice(0, split);
      const rest = answer.slice(split + 4);
      resolve({ status, body: /transfer-encoding: chunked/i.test(headText) ? dechunk(rest) : rest });
    });
    socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), request.body]));
  });
}

function dechunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const end = text.indexOf('\r\n', at);
    const size = parseInt(text.slice(at, end), 16);
    if (!(size > 0)) return out;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}
