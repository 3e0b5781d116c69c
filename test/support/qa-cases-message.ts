// QA cases where the message signed differs from the message sent: its body, its headers, their order and layout.
import { randomUUID } from 'node:crypto';
import type { QaCase } from './qa-request';
import {
  PROFILE_NAMES,
  signAsClient,
  replaced,
  valueOf,
  withBody,
  BOM,
  text,
  crlf,
  minified,
  withoutDeclaration,
  SIGNATURE_INVALID,
  FORMAT_ERROR,
} from './qa-request';

export const MESSAGE_CASES: readonly QaCase[] = [
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
];
