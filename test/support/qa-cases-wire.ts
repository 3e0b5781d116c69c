// QA cases of what the wire does to a request: repeated headers, bytes HTTP refuses or strips, refusals made before the signature, bodies a text copy loses.
import { randomUUID } from 'node:crypto';
import type { QaCase } from './qa-request';
import { signAsClient, replaced, repeated, lower, valueOf, withBody, BOM, MULLER_AT, MULLER, text, SIGNATURE_INVALID, FORMAT_ERROR } from './qa-request';

export const WIRE_CASES: readonly QaCase[] = [
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
  // Refused at the parser: Node's HTTP parser refuses the request before any route; the
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
  // A value signed with a trailing space, which HTTP drops before the bank reads it.
  {
    id: 'psu-id-trailing-space',
    what: 'PSU-ID signed and sent with a trailing space (HTTP strips it)',
    expect: SIGNATURE_INVALID('signature-verifies', /^the signature does not verify: psu-id was signed as "[^"]+␣", with a trailing space \(shown as ␣\)/),
    build: (b, k) => signAsClient(replaced(b, 'psu-id', `${valueOf(b.headers, 'psu-id') ?? ''} `), k),
  },
  // Diagnose says what it could not check, one story per exchange: refused live before
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
  // Bytes, whatever they are: bodies a text copy loses. Each verdict holds only while every
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
