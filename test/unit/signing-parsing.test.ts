import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCertificateHeader } from '../../main/domain/signing/certificate-header';
import { signedOperationFor } from '../../main/domain/operations/registry';
import { PROFILE_HEADERS, SIGNING_PROFILES } from '../../main/domain/signing/profiles';
import { parseSignatureHeader } from '../../main/domain/signing/signature-header';
import { buildSigningString, describeInvisible } from '../../main/domain/signing/signing-string';

interface VectorCase {
  name: string;
  headersParameter: string;
  signingString: string;
  headers: Record<string, string>;
  keyId: string;
  signature: string;
}
const vectors = JSON.parse(readFileSync(new URL('../vectors/signing-vectors.json', import.meta.url), 'utf8')) as {
  certificatePem: string;
  privateKeyPem: string;
  cases: VectorCase[];
};

const SIG = 'dGVzdA==';
const problem = (value: string): string => {
  const parsed = parseSignatureHeader(value);
  return parsed.ok ? 'accepted' : parsed.problem;
};

describe('parseSignatureHeader', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('parses the header of vector %s', (_name, vector) => {
    expect(parseSignatureHeader(vector.headers['signature'] ?? '')).toEqual({
      ok: true,
      params: { keyId: vector.keyId, algorithm: 'rsa-sha256', headers: vector.headersParameter.split(' '), signature: vector.signature },
    });
  });

  it('tolerates spaces around commas and takes parameters in any order', () => {
    const parsed = parseSignatureHeader(`signature="${SIG}" ,  headers="digest x-request-id",\talgorithm="rsa-sha256", keyId="SN=1,CA=CN=X"`);
    expect(parsed).toEqual({ ok: true, params: { keyId: 'SN=1,CA=CN=X', algorithm: 'rsa-sha256', headers: ['digest', 'x-request-id'], signature: SIG } });
  });

  it('unescapes quoted pairs inside values', () => {
    const parsed = parseSignatureHeader(`keyId="SN=1,CA=CN=\\"Quoted\\" CA\\\\Unit",algorithm="rsa-sha256",headers="digest",signature="${SIG}"`);
    expect(parsed.ok && parsed.params.keyId).toBe('SN=1,CA=CN="Quoted" CA\\Unit');
  });

  it('leaves the algorithm to the verifier', () => {
    const parsed = parseSignatureHeader(`keyId="k",algorithm="hmac-sha256",headers="digest",signature="${SIG}"`);
    expect(parsed.ok && parsed.params.algorithm).toBe('hmac-sha256');
  });

  it.each([
    [
      'a missing parameter',
      `keyId="k",algorithm="rsa-sha256",signature="${SIG}"`,
      /headers missing; all of keyId, algorithm, headers and signature are mandatory/,
    ],
    ['created', `keyId="k",algorithm="rsa-sha256",created="1700000000",headers="digest",signature="${SIG}"`, /created is not part of this profile/],
    ['expires', `keyId="k",algorithm="rsa-sha256",expires="1700000000",headers="digest",signature="${SIG}"`, /expires is not part of this profile/],
    ['an unknown parameter', `keyId="k",algorithm="rsa-sha256",headers="digest",signature="${SIG}",foo="bar"`, /unknown parameter foo/],
    ['a wrongly cased name', `keyid="k",algorithm="rsa-sha256",headers="digest",signature="${SIG}"`, /write keyId, not keyid/],
    ['a duplicate', `keyId="k",keyId="k",algorithm="rsa-sha256",headers="digest",signature="${SIG}"`, /keyId appears twice/],
    ['an unquoted value', `keyId=k,algorithm="rsa-sha256",headers="digest",signature="${SIG}"`, /value of keyId must be in double quotes/],
    ['an unclosed quote', `keyId="k",algorithm="rsa-sha256",headers="digest",signature="${SIG}`, /value of signature has no closing quote/],
    [
      'a quote missing inside',
      `keyId="k,algorithm="rsa-sha256",headers="digest",signature="${SIG}"`,
      /after the value of keyId \("k,algorithm="\), found "r": is a quote missing/,
    ],
    ['spaces around =', `keyId = "k",algorithm="rsa-sha256",headers="digest",signature="${SIG}"`, /no spaces are allowed around "="/],
    ['a missing comma', `keyId="k" algorithm="rsa-sha256",headers="digest",signature="${SIG}"`, /expected a comma after the value of keyId/],
    ['a trailing comma', `keyId="k",algorithm="rsa-sha256",headers="digest",signature="${SIG}",`, /ends with a comma/],
    [
      'upper-case header names',
      `keyId="k",algorithm="rsa-sha256",headers="Digest X-Request-ID",signature="${SIG}"`,
      /must be lower case: Digest, X-Request-ID/,
    ],
    ['comma-separated header names', `keyId="k",algorithm="rsa-sha256",headers="digest,x-request-id",signature="${SIG}"`, /single spaces, not commas/],
    ['double spaces between names', `keyId="k",algorithm="rsa-sha256",headers="digest  x-request-id",signature="${SIG}"`, /single spaces/],
    ['empty headers', `keyId="k",algorithm="rsa-sha256",headers="",signature="${SIG}"`, /headers is empty/],
    [
      'a non-base64 signature',
      'keyId="k",algorithm="rsa-sha256",headers="digest",signature="not base64!"',
      /signature contains spaces|signature is not base64/,
    ],
    ['a base64url signature', 'keyId="k",algorithm="rsa-sha256",headers="digest",signature="ab-_cd"', /signature is base64url/],
    ['an empty keyId', `keyId="",algorithm="rsa-sha256",headers="digest",signature="${SIG}"`, /keyId is empty/],
    ['the auth-scheme word', `Signature keyId="k",algorithm="rsa-sha256",headers="digest",signature="${SIG}"`, /starts with the word "Signature"/],
    ['an empty header', '', /is empty/],
    ['an oversized header', `keyId="${'k'.repeat(9000)}",algorithm="rsa-sha256",headers="digest",signature="${SIG}"`, /at most 8192/],
  ])('refuses %s, saying so', (_what, value, expected) => {
    expect(problem(value)).toMatch(expected);
  });
});

describe('buildSigningString', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('rebuilds the openssl-signed string of vector %s', (_name, vector) => {
    const built = buildSigningString(vector.headersParameter.split(' '), (name) => vector.headers[name]);
    expect(built.text).toBe(vector.signingString);
    expect(built.lines.map((l) => l.name)).toEqual(vector.headersParameter.split(' '));
  });

  it('joins with \\n, adds nothing after the last line and keeps values exactly (rule 4)', () => {
    const values: Record<string, string> = { digest: 'SHA-256=abc', 'psu-id': ' spaced ' };
    expect(buildSigningString(['psu-id', 'digest'], (n) => values[n])).toEqual({
      text: 'psu-id:  spaced \ndigest: SHA-256=abc',
      lines: [
        { name: 'psu-id', value: ' spaced ' },
        { name: 'digest', value: 'SHA-256=abc' },
      ],
    });
  });

  it('marks a header the request does not carry with a null value', () => {
    expect(buildSigningString(['digest', 'psu-id'], (n) => (n === 'digest' ? 'SHA-256=x' : undefined))).toEqual({
      text: 'digest: SHA-256=x\npsu-id: ',
      lines: [
        { name: 'digest', value: 'SHA-256=x' },
        { name: 'psu-id', value: null },
      ],
    });
  });
});

describe('describeInvisible', () => {
  it('finds nothing in plain ASCII', () => {
    expect(describeInvisible('PSU-FRA-0001')).toEqual([]);
  });
  it('lists leading and trailing spaces, tabs, CR and non-ASCII with code points', () => {
    expect(describeInvisible(' a\tb\r ü\u00a0 ')).toEqual([
      '1 leading space',
      '1 trailing space',
      'tab (U+0009) at position 3',
      'CR (U+000D) at position 5',
      'non-ASCII "ü" (U+00FC) at position 7',
      'no-break space (U+00A0) at position 8',
    ]);
    expect(describeInvisible('x\u200by')).toEqual(['zero-width space (U+200B) at position 2']);
  });
});

describe('signing profiles', () => {
  it('are the spec table, the presence rule covering all four headers in every row', () => {
    expect(SIGNING_PROFILES['payment-initiation']).toEqual({ required: ['digest', 'x-request-id', 'psu-id'], ifPresent: ['tpp-redirect-uri'] });
    expect(SIGNING_PROFILES['start-authorisation']).toEqual({ required: ['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id'], ifPresent: [] });
    expect(SIGNING_PROFILES['signing-basket']).toEqual({ required: ['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id'], ifPresent: [] });
    expect(SIGNING_PROFILES['payment-cancellation']).toEqual({ required: ['digest', 'x-request-id'], ifPresent: ['tpp-redirect-uri', 'psu-id'] });
    expect(SIGNING_PROFILES['funds-confirmation']).toEqual({ required: ['digest', 'x-request-id'], ifPresent: ['psu-id', 'tpp-redirect-uri'] });
    for (const profile of Object.values(SIGNING_PROFILES)) {
      expect([...profile.required, ...profile.ifPresent].sort()).toEqual([...PROFILE_HEADERS].sort());
    }
  });

  it.each([
    ['POST', '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers', 'payment-initiation'],
    ['post', '/london/berlingroup/v1/payments/pain.001-faster-payments?x=1', 'payment-initiation'],
    ['POST', '/v1/payments/sepa-credit-transfers', 'payment-initiation'],
    ['POST', '/berlingroup/v1/payments/pain.001-sepa-credit-transfers/', 'payment-initiation'],
    ['POST', '/paris/berlingroup/v1/payments/pain.001-sepa-credit-transfers/PAY-1/authorisations', 'start-authorisation'],
    ['POST', '/v1/signing-baskets', 'signing-basket'],
    ['POST', '/brussels/berlingroup/v1/signing-baskets', 'signing-basket'],
    ['DELETE', '/dusseldorf/berlingroup/v1/payments/pain.001-sepa-credit-transfers/PAY-1', 'payment-cancellation'],
    ['delete', '/v1/payments/sepa-credit-transfers/PAY-1?reason=x', 'payment-cancellation'],
    ['POST', '/frankfurt/berlingroup/v1/funds-confirmations', 'funds-confirmation'],
    ['POST', '/api/psd2/v1/funds-confirmations', 'funds-confirmation'],
  ])('%s %s is %s', (method, path, operation) => {
    expect(signedOperationFor(method, path)).toBe(operation);
  });

  it.each([
    ['GET', '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers/PAY-1'],
    ['POST', '/frankfurt/berlingroup/v1/consents'],
    ['POST', '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers/PAY-1/cancellation-authorisations'],
    ['DELETE', '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers'],
    ['POST', '/frankfurt/sandbox/v1/signature'],
    ['POST', '/payments/pain.001-sepa-credit-transfers'],
    ['POST', '/v1//payments/x'],
  ])('%s %s is not signed', (method, path) => {
    expect(signedOperationFor(method, path)).toBeNull();
  });
});

describe('decodeCertificateHeader', () => {
  const der = new X509Certificate(vectors.certificatePem).raw;
  const pem = vectors.certificatePem;
  const ok = (value: string) => {
    const decoded = decodeCertificateHeader(value);
    expect(decoded.ok, decoded.ok ? '' : decoded.problem).toBe(true);
    return decoded.ok ? { form: decoded.form, same: decoded.der.equals(der) } : null;
  };
  const refused = (value: string): string => {
    const decoded = decodeCertificateHeader(value);
    return decoded.ok ? 'accepted' : decoded.problem;
  };

  it('accepts base64 of DER', () => {
    expect(ok(der.toString('base64'))).toEqual({ form: 'base64-der', same: true });
  });
  it('accepts PEM on one line: newlines escaped as \\n, or replaced by spaces, or URL-encoded', () => {
    expect(ok(pem.trim().replace(/\n/g, '\\n'))).toEqual({ form: 'pem', same: true });
    expect(ok(pem.trim().replace(/\n/g, ' '))).toEqual({ form: 'pem', same: true });
    expect(ok(encodeURIComponent(pem))).toEqual({ form: 'pem', same: true });
  });
  it('accepts base64 of a PEM text', () => {
    expect(ok(Buffer.from(pem).toString('base64'))).toEqual({ form: 'base64-pem', same: true });
  });
  it('refuses what is not a certificate, saying why', () => {
    expect(refused('')).toMatch(/empty/);
    expect(refused('x'.repeat(17_000))).toMatch(/at most 16384/);
    expect(refused('not a certificate!')).toMatch(/neither base64 nor PEM/);
    expect(refused(Buffer.from('hello world').toString('base64'))).toMatch(/does not start with a DER SEQUENCE \(0x30\) but with 0x68/);
    expect(refused(der.subarray(0, 200).toString('base64'))).toMatch(/truncated/);
    expect(refused(der.toString('base64url').replace(/=+$/, ''))).toMatch(/base64url|padding/);
    expect(refused(pem.replace('-----END CERTIFICATE-----', ''))).toMatch(/no complete/);
    expect(refused(`${pem}${pem}`)).toMatch(/2 PEM blocks; send only the signing certificate/);
    expect(refused(vectors.privateKeyPem)).toMatch(/private key: never send a private key to the bank \(rule 8\)/);
    const keyDer = Buffer.from(vectors.privateKeyPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    expect(refused(keyDer.toString('base64'))).toMatch(/looks like a private key/);
  });
});
