// QA cases of the signature's own parts: the key, keyId and certificate, the Signature header's fields, the Digest header.
import type { QaCase } from './qa-request';
import { signAsClient, hashBase64, SIGNATURE_INVALID, FORMAT_ERROR, CERTIFICATE_INVALID, CERTIFICATE_ENCODING } from './qa-request';

export const CREDENTIAL_CASES: readonly QaCase[] = [
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
];
