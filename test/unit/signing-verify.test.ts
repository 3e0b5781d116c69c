import { X509Certificate, constants, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SignedOperation } from '../../main/domain/signing/profiles';
import { loadPublicKey } from '../../main/domain/signing/rsa-key';
import { rulesCited, SIGNING_RULES } from '../../main/domain/signing/rules';
import {
  SIGNATURE_CHECKS,
  keyIdMatches,
  verifySignedRequest,
  type SignerCertificateInspection,
  type SignatureCheck,
  type SignatureDiagnosis,
} from '../../main/domain/signing/verify';

interface VectorCase {
  name: string;
  operation: SignedOperation;
  method: string;
  path: string;
  bodyBase64: string;
  digest: string;
  headersParameter: string;
  signingString: string;
  keyId: string;
  signature: string;
  headers: Record<string, string>;
}
const vectors = JSON.parse(readFileSync(new URL('../vectors/signing-vectors.json', import.meta.url), 'utf8')) as {
  certificatePem: string;
  privateKeyPem: string;
  otherPrivateKeyPem: string;
  keyId: string;
  cases: VectorCase[];
};

const certificate = new X509Certificate(vectors.certificatePem);
/** The verifier takes validity from the inspection; the test pins "now" inside the certificate's life. */
const NOW = new Date(Date.parse(certificate.validFrom) + 86_400_000);
const privateKey = createPrivateKey(vectors.privateKeyPem);
const otherKey = createPrivateKey(vectors.otherPrivateKeyPem);

const dn = (x509Name: string): string => x509Name.split('\n').reverse().join(',');

/** What the PKI module reports, built here with node:crypto; the self-signed vector certificate stands in for a test-CA one. */
function inspect(der: Buffer): SignerCertificateInspection {
  const cert = new X509Certificate(der);
  const notBefore = new Date(cert.validFrom);
  const notAfter = new Date(cert.validTo);
  return {
    parsed: true,
    publicKeyPem: cert.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    serialHex: cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
    issuerDn: dn(cert.issuer),
    subjectDn: dn(cert.subject),
    organizationId: 'PSDDE-BAFIN-123456',
    roles: ['PSP_PI'],
    notBefore: notBefore.toISOString(),
    notAfter: notAfter.toISOString(),
    fingerprintSha256: cert.fingerprint256.replace(/:/g, '').toLowerCase(),
    trustProblem: null,
    validityProblem: NOW < notBefore || NOW > notAfter ? `valid from ${notBefore.toISOString()} to ${notAfter.toISOString()}` : null,
    purposeProblem: null,
  };
}

const byName = (name: string): VectorCase => {
  const found = vectors.cases.find((c) => c.name === name);
  if (!found) throw new Error(`no vector ${name}`);
  return found;
};
const bodyOf = (vector: VectorCase): Buffer => Buffer.from(vector.bodyBase64, 'base64');

interface Change {
  headers?: Record<string, string | string[] | undefined>;
  body?: Buffer;
  inspect?: (der: Buffer) => SignerCertificateInspection;
  requestTarget?: { method: string; path: string };
}

function run(vector: VectorCase, change: Change = {}): SignatureDiagnosis {
  const headers: Record<string, string | string[] | undefined> = { ...vector.headers, ...change.headers };
  for (const name of Object.keys(headers)) if (headers[name] === undefined) delete headers[name];
  return verifySignedRequest({
    operation: vector.operation,
    headers,
    body: change.body ?? bodyOf(vector),
    inspectCertificate: change.inspect ?? inspect,
    ...(change.requestTarget ? { requestTarget: change.requestTarget } : {}),
  });
}

interface SignOptions {
  listed: readonly string[];
  text: string;
  key?: KeyObject;
  keyId?: string;
  algorithm?: string;
  padding?: number;
  hash?: string;
}
function signatureHeader({
  listed,
  text,
  key = privateKey,
  keyId = vectors.keyId,
  algorithm = 'rsa-sha256',
  padding = constants.RSA_PKCS1_PADDING,
  hash = 'sha256',
}: SignOptions): string {
  const signature = sign(hash, Buffer.from(text, 'latin1'), { key, padding }).toString('base64');
  return `keyId="${keyId}",algorithm="${algorithm}",headers="${listed.join(' ')}",signature="${signature}"`;
}
const lines = (names: readonly string[], headers: Record<string, string | undefined>): string => names.map((n) => `${n}: ${headers[n] ?? ''}`).join('\n');
const listedOf = (vector: VectorCase): string[] => vector.headersParameter.split(' ');

type Failure = { code: string; status: number; text: string; checkId: string };
function failure(diagnosis: SignatureDiagnosis): Failure & { check: SignatureCheck } {
  const verdict = diagnosis.verdict;
  if (verdict.valid) throw new Error('expected the request to be rejected');
  const check = diagnosis.checks.find((c) => c.id === verdict.checkId);
  if (!check) throw new Error('verdict names no check');
  expect(check.passed).toBe(false);
  expect(verdict.text).toBe(check.text);
  return { ...verdict, check };
}
const checkOf = (diagnosis: SignatureDiagnosis, id: string): SignatureCheck | undefined => diagnosis.checks.find((c) => c.id === id);

describe('the verifier accepts every openssl vector', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, vector) => {
    const diagnosis = run(vector);
    expect(diagnosis.checks.filter((c) => !c.passed)).toEqual([]);
    expect(diagnosis.verdict).toEqual({ valid: true });
    expect(diagnosis.signingString?.text).toBe(vector.signingString);
    expect(diagnosis.digest).toEqual({ sent: vector.digest, computed: vector.digest });
    expect(diagnosis.headersParameter).toEqual(listedOf(vector));
    expect(diagnosis.keyId).toBe(vector.keyId);
    expect(diagnosis.algorithm).toBe('rsa-sha256');
    expect(diagnosis.certificate).toMatchObject({ form: 'base64-der', parsed: true, serialHex: 'c0ffee1234' });
    expect(diagnosis.certificate).not.toHaveProperty('publicKeyPem');
    const ids = diagnosis.checks.map((c) => c.id);
    const order = Object.keys(SIGNATURE_CHECKS);
    expect(ids).toEqual(order.filter((id) => ids.includes(id as never)));
    expect(ids).toContain('signature-verifies');
  });
});

const ROWS: { operation: SignedOperation; vector: string; absentOptional: string | null }[] = [
  { operation: 'payment-initiation', vector: 'payment-initiation-non-ascii-trailing-newline', absentOptional: 'tpp-redirect-uri' },
  { operation: 'start-authorisation', vector: 'start-authorisation-empty-body', absentOptional: null },
  { operation: 'signing-basket', vector: 'signing-basket-json', absentOptional: null },
  { operation: 'payment-cancellation', vector: 'payment-cancellation-empty-body', absentOptional: 'psu-id' },
  { operation: 'funds-confirmation', vector: 'funds-confirmation-json', absentOptional: 'psu-id' },
];

describe.each(ROWS)('profile row $operation', ({ operation, vector: name, absentOptional }) => {
  const vector = byName(name);
  const listed = listedOf(vector);
  const resign = (names: readonly string[], extra: Record<string, string | undefined> = {}, options: Partial<SignOptions> = {}): Change => {
    const headers = { ...vector.headers, ...extra };
    return { headers: { ...extra, signature: signatureHeader({ listed: names, text: lines(names, headers), ...options }) } };
  };

  it('is the vector operation', () => {
    expect(vector.operation).toBe(operation);
  });

  it('rejects a present required header left out of headers: SIGNATURE_INVALID, rule 1', () => {
    const f = failure(run(vector, resign(listed.filter((n) => n !== 'x-request-id'))));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', status: 401, checkId: 'present-headers-signed' });
    expect(f.check.rule).toBe(1);
    expect(f.text).toBe('x-request-id is present in the request but not in headers (rule 1)');
  });

  if (absentOptional) {
    it(`rejects ${absentOptional} listed in headers but absent from the request: SIGNATURE_INVALID, rule 1`, () => {
      const f = failure(run(vector, resign([...listed, absentOptional])));
      expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'signed-headers-present' });
      expect(f.check.rule).toBe(1);
      expect(f.text).toBe(`${absentOptional} is in headers but not present in the request (rule 1)`);
    });
  } else {
    it('rejects psu-id listed but absent: the required header is missing (FORMAT_ERROR, rule 10), and rule 1 fails too', () => {
      const diagnosis = run(vector, { headers: { 'psu-id': undefined } });
      const f = failure(diagnosis);
      expect(f).toMatchObject({ code: 'FORMAT_ERROR', status: 400, checkId: 'required-headers' });
      expect(f.check.rule).toBe(10);
      expect(f.text).toMatch(/^a required header is missing or malformed: psu-id is missing/);
      expect(checkOf(diagnosis, 'signed-headers-present')).toMatchObject({
        passed: false,
        rule: 1,
        text: 'psu-id is in headers but not present in the request (rule 1)',
      });
    });
  }

  it('rejects (request-target) in headers: SIGNATURE_INVALID, rule 2, though the signature itself verifies', () => {
    const names = ['(request-target)', ...listed];
    const target = `${vector.method.toLowerCase()} ${vector.path}`;
    const diagnosis = run(vector, {
      headers: { signature: signatureHeader({ listed: names, text: lines(names, { ...vector.headers, '(request-target)': target }) }) },
      requestTarget: { method: vector.method, path: vector.path },
    });
    const f = failure(diagnosis);
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'profile-headers-only' });
    expect(f.check.rule).toBe(2);
    expect(f.text).toMatch(/^\(request-target\) must not be signed: sign only digest, x-request-id, tpp-redirect-uri, psu-id \(rule 2\)$/);
    expect(checkOf(diagnosis, 'signature-verifies')?.passed).toBe(true);
  });

  it('rejects content-type in headers: SIGNATURE_INVALID, rule 2', () => {
    const f = failure(run(vector, resign([...listed, 'content-type'], { 'content-type': vector.headers['content-type'] ?? 'application/json' })));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'profile-headers-only' });
    expect(f.check.rule).toBe(2);
    expect(f.text).toMatch(/^content-type is not one of the four profile headers/);
  });

  it('rejects a missing Digest: FORMAT_ERROR, rule 5', () => {
    const f = failure(run(vector, { headers: { digest: undefined } }));
    expect(f).toMatchObject({ code: 'FORMAT_ERROR', status: 400, checkId: 'digest-present' });
    expect(f.check.rule).toBe(5);
    expect(f.text).toMatch(/Digest header is missing/);
  });

  it('rejects a malformed Digest: FORMAT_ERROR, rule 5', () => {
    const f = failure(run(vector, resign(listed, { digest: vector.digest.replace('SHA-256=', 'sha-256=') })));
    expect(f).toMatchObject({ code: 'FORMAT_ERROR', checkId: 'digest-format' });
    expect(f.check.rule).toBe(5);
    expect(f.text).toMatch(/Digest header is malformed: Digest prefix must be SHA-256= in upper case, got sha-256=/);
  });

  it('explains a Digest that left out a trailing newline: SIGNATURE_INVALID, rule 6', () => {
    const f = failure(run(vector, { body: Buffer.concat([bodyOf(vector), Buffer.from('\n')]) }));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'digest-matches' });
    expect(f.check.rule).toBe(6);
    expect(f.text).toBe('Digest does not match the body: the body has a trailing newline that was not hashed (rule 6)');
  });

  it('explains a signing string in another order than headers: SIGNATURE_INVALID, rule 3', () => {
    const signedOrder = [...listed].reverse();
    const signature = signatureHeader({ listed, text: lines(signedOrder, vector.headers) });
    const f = failure(run(vector, { headers: { signature } }));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'signature-verifies' });
    expect(f.check.rule).toBe(3);
    expect(f.text).toMatch(
      new RegExp(
        `^the signature does not verify: the TPP signed the headers in another order: ${signedOrder.join(', ')}( \\(the order they were sent in\\))?, but headers lists ${listed.join(', ')}; the signing string must follow the order of headers \\(rule 3\\)$`,
      ),
    );
  });

  it('explains a signed value that differs from the transmitted header: SIGNATURE_INVALID, rule 10', () => {
    const signature = signatureHeader({ listed, text: lines(listed, { ...vector.headers, 'x-request-id': '00000000-0000-4000-8000-000000000000' }) });
    const f = failure(run(vector, { headers: { signature } }));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'signature-verifies' });
    expect(f.check.rule).toBe(10);
    expect(f.text).toMatch(
      /made with this certificate's key but over a different signing string: a signed value differs from the transmitted header\. The Digest matches the body, so a signed header's value changed after signing, one of /,
    );
    // The digest line is no suspect when the Digest matches the body; every signed line is shown in order.
    expect(f.text).not.toMatch(/changed after signing, one of [^(]*digest/);
    expect(f.text).toContain(`The bank's signing string, in order: ${listed.map((n) => `${n}: ${(vector.headers[n] ?? '').slice(0, 80)}`).join(' | ')}`);
  });

  it('explains a signature made with another key: SIGNATURE_INVALID, rule 8', () => {
    const f = failure(run(vector, resign(listed, {}, { key: otherKey })));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'signature-verifies' });
    expect(f.check.rule).toBe(8);
    expect(f.text).toBe('the signature does not verify: the signature was not made with the private key of the certificate sent (rule 8)');
  });

  it('rejects algorithm hmac-sha256: SIGNATURE_INVALID, rule 10', () => {
    const diagnosis = run(vector, { headers: { signature: vector.headers['signature']?.replace('rsa-sha256', 'hmac-sha256') } });
    const f = failure(diagnosis);
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'algorithm' });
    expect(f.check.rule).toBe(10);
    expect(f.text).toBe('algorithm hmac-sha256 is not accepted; only rsa-sha256 (rule 10)');
    expect(diagnosis.algorithm).toBe('hmac-sha256');
  });

  it('answers SIGNATURE_MISSING without a Signature header, and still checks the rest', () => {
    const diagnosis = run(vector, { headers: { signature: undefined }, body: Buffer.from('tampered') });
    const f = failure(diagnosis);
    expect(f).toMatchObject({ code: 'SIGNATURE_MISSING', status: 401, checkId: 'signature-present' });
    expect(f.check.rule).toBe(8);
    expect(f.text).toBe(`the Signature header is missing; a ${operation} request must be signed`);
    expect(checkOf(diagnosis, 'digest-matches')?.passed).toBe(false);
    expect(checkOf(diagnosis, 'certificate-trusted')?.passed).toBe(true);
    expect(diagnosis.signingString).toBeNull();
  });
});

describe('malformed Signature header', () => {
  const vector = byName('signing-basket-json');
  const original = vector.headers['signature'] ?? '';
  it.each([
    ['an extra created parameter', original.replace('keyId=', 'created="1700000000",keyId='), /created is not part of this profile/],
    ['an unquoted algorithm', original.replace('"rsa-sha256"', 'rsa-sha256'), /value of algorithm must be in double quotes/],
    ['upper-case header names', original.replace('x-request-id', 'X-Request-ID'), /must be lower case: X-Request-ID/],
    ['no signature parameter', original.replace(/,signature="[^"]*"/, ''), /signature missing/],
  ])('%s is a FORMAT_ERROR under rule 9', (_what, signature, expected) => {
    const f = failure(run(vector, { headers: { signature } }));
    expect(f).toMatchObject({ code: 'FORMAT_ERROR', status: 400, checkId: 'signature-format' });
    expect(f.check.rule).toBe(9);
    expect(f.text).toMatch(/^the Signature header is malformed: /);
    expect(f.text).toMatch(expected);
  });

  it('a repeated Signature header is the one FORMAT_ERROR "sent more than once" (rule 10), and the Signature unreadable', () => {
    const diagnosis = run(vector, { headers: { signature: [original, original] } });
    const f = failure(diagnosis);
    expect(f).toMatchObject({
      code: 'FORMAT_ERROR',
      status: 400,
      checkId: 'header-sent-once',
      text: 'Signature is sent more than once; send it once (rule 10)',
    });
    expect(checkOf(diagnosis, 'signature-format')).toMatchObject({
      passed: false,
      text: 'the Signature header is malformed: Signature is sent more than once; send it once (rule 9)',
    });
  });

  it('asks for rsa-sha256 in lower case', () => {
    const f = failure(run(vector, { headers: { signature: original.replace('rsa-sha256', 'RSA-SHA256') } }));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'algorithm' });
    expect(f.text).toBe('algorithm must be written rsa-sha256 in lower case, got RSA-SHA256 (rule 10)');
  });
});

describe('the certificate', () => {
  const vector = byName('payment-initiation-redirect-reordered');
  const der = certificate.raw;

  it('missing: FORMAT_ERROR', () => {
    const f = failure(run(vector, { headers: { 'tpp-signature-certificate': undefined } }));
    expect(f).toMatchObject({ code: 'FORMAT_ERROR', checkId: 'certificate-present' });
    expect(f.check.rule).toBeNull();
    expect(f.text).toBe('the TPP-Signature-Certificate header is missing');
  });

  it('undecodable: FORMAT_ERROR naming the problem', () => {
    const f = failure(run(vector, { headers: { 'tpp-signature-certificate': der.subarray(0, 300).toString('base64') } }));
    expect(f).toMatchObject({ code: 'FORMAT_ERROR', checkId: 'certificate-format' });
    expect(f.check.rule).toBeNull();
    expect(f.text).toMatch(/^TPP-Signature-Certificate cannot be decoded: the certificate DER is 300 bytes but declares \d+: it is truncated/);
  });

  it('is accepted as base64 of the DER', () => {
    const diagnosis = run(vector, { headers: { 'tpp-signature-certificate': der.toString('base64') } });
    expect(diagnosis.verdict).toEqual({ valid: true });
    expect(checkOf(diagnosis, 'certificate-encoding')).toMatchObject({ passed: true, text: 'TPP-Signature-Certificate is base64 of the DER certificate' });
  });

  it.each([
    ['pem', 'PEM with \\n escaped', vectors.certificatePem.trim().replace(/\n/g, '\\n'), /is a PEM text/],
    ['pem', 'PEM with its lines joined by spaces', vectors.certificatePem.trim().replace(/\n/g, ' '), /is a PEM text/],
    ['base64-pem', 'base64 of a PEM', Buffer.from(vectors.certificatePem).toString('base64'), /is base64 of a PEM text/],
    ['base64-der', 'base64 with spaces', der.toString('base64').replace(/(.{64})/g, '$1 '), /has line breaks or spaces/],
    ['base64-der', 'base64 with \\n', der.toString('base64').replace(/(.{64})/g, '$1\\n'), /has line breaks \(written as \\n\)/],
  ])('refuses %s (%s): CERTIFICATE_INVALID certificate-encoding, the certificate still read', (form, _what, value, problem) => {
    const diagnosis = run(vector, { headers: { 'tpp-signature-certificate': value } });
    const f = failure(diagnosis);
    expect(f).toMatchObject({ code: 'CERTIFICATE_INVALID', status: 401, checkId: 'certificate-encoding' });
    expect(f.text).toMatch(problem);
    expect(f.text).toMatch(/: send base64 of the DER certificate without PEM armour or line breaks$/);
    expect(diagnosis.certificate?.form).toBe(form);
    expect(checkOf(diagnosis, 'signature-verifies')?.passed).toBe(true);
  });

  it.each([
    [
      'expired',
      { validityProblem: 'it expired on 2025-01-01T00:00:00.000Z' },
      'certificate-valid',
      'the certificate is not valid now: it expired on 2025-01-01T00:00:00.000Z',
    ],
    [
      'untrusted',
      { trustProblem: 'it is not issued by a test CA of this workbench' },
      'certificate-trusted',
      'the certificate is not trusted: it is not issued by a test CA of this workbench',
    ],
    ['of unknown trust', { trustProblem: undefined }, 'certificate-trusted', 'the certificate is not trusted: its trust was not established'],
    ['not for signing', { purposeProblem: 'it is a QWAC, not a QSEAL' }, 'certificate-purpose', 'the certificate may not sign: it is a QWAC, not a QSEAL'],
    ['unreadable', { parsed: false, problem: 'bad TBSCertificate' }, 'certificate-parses', 'the certificate cannot be read: bad TBSCertificate'],
  ])('%s: CERTIFICATE_INVALID with the inspection text', (_what, override, checkId, text) => {
    const f = failure(run(vector, { inspect: (d) => ({ ...inspect(d), ...override }) }));
    expect(f).toMatchObject({ code: 'CERTIFICATE_INVALID', status: 401, checkId, text });
    expect(f.check.rule).toBeNull();
  });

  it('with a non-RSA key: CERTIFICATE_INVALID', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const f = failure(run(vector, { inspect: (d) => ({ ...inspect(d), publicKeyPem: ec }) }));
    expect(f).toMatchObject({
      code: 'CERTIFICATE_INVALID',
      checkId: 'certificate-key',
      text: "the certificate's key is EC, not RSA: rsa-sha256 needs an RSA key",
    });
  });

  it('its RSA key loads through the fast PKCS#1 path as the same key', () => {
    const pem = inspect(der).publicKeyPem ?? '';
    const fast = loadPublicKey(pem);
    expect(fast.asymmetricKeyType).toBe('rsa');
    expect(fast.equals(createPublicKey(pem))).toBe(true);
    expect(fast.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('an inspector that throws still ends in a diagnosis', () => {
    const f = failure(
      run(vector, {
        inspect: () => {
          throw new Error('ASN.1 parse error');
        },
      }),
    );
    expect(f).toMatchObject({ code: 'CERTIFICATE_INVALID', checkId: 'certificate-parses', text: 'the certificate cannot be read: ASN.1 parse error' });
  });
});

describe('keyId', () => {
  const vector = byName('start-authorisation-empty-body');
  const original = vector.headers['signature'] ?? '';
  const withKeyId = (keyId: string): SignatureDiagnosis =>
    run(vector, { headers: { signature: original.replace(`keyId="${vector.keyId}"`, `keyId="${keyId}"`) } });
  const cert = inspect(certificate.raw);
  const issuer = cert.issuerDn ?? '';

  it.each([
    ['another serial', `SN=c0ffee1235,CA=${issuer}`, 'keyId names serial c0ffee1235, but the certificate sent has serial c0ffee1234'],
    [
      'another issuer',
      'SN=c0ffee1234,CA=CN=Other CA,O=Elsewhere,C=DE',
      `keyId names the issuer CA=CN=Other CA,O=Elsewhere,C=DE, but the certificate sent was issued by ${issuer}`,
    ],
    [
      'the serial in decimal',
      `SN=${BigInt('0xc0ffee1234').toString(10)},CA=${issuer}`,
      `keyId SN=${BigInt('0xc0ffee1234')} is the certificate's serial in decimal; write it in hex: SN=c0ffee1234`,
    ],
    ['a free-form key name', 'my-qseal-2026', /^keyId "my-qseal-2026" is in none of the accepted forms/],
    ['a fingerprint of another certificate', 'ab'.repeat(32), /^keyId is a SHA-256 fingerprint, but not that of the certificate sent/],
  ])('not naming the certificate (%s): SIGNATURE_INVALID', (_what, keyId, text) => {
    const f = failure(withKeyId(keyId));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'key-id' });
    expect(f.check.rule).toBeNull();
    expect(f.text).toMatch(typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text);
  });

  it.each([
    ['SN and CA as the vector writes them', vectors.keyId],
    ['serial in upper case with leading zeros', `SN=00C0FFEE1234,CA=${issuer}`],
    ['spaces after commas and lower-case attribute names', `SN=c0ffee1234, CA=cn=PSD2 Workbench Vector Signer, o=PSD2 Workbench Test PKI, c=EU`],
    ['the DN country first, as OpenSSL prints it', 'SN=c0ffee1234,CA=C = EU, O = PSD2 Workbench Test PKI, CN = PSD2 Workbench Vector Signer'],
    ['SN alone', 'SN=c0ffee1234'],
    ['the SHA-256 fingerprint', cert.fingerprintSha256 ?? ''],
    ['the fingerprint with colons in upper case', certificate.fingerprint256],
  ])('accepts %s', (_what, keyId) => {
    expect(keyIdMatches(keyId, cert)).toBe(true);
    expect(withKeyId(keyId).verdict).toEqual({ valid: true });
  });

  it('compares DN values exactly', () => {
    expect(keyIdMatches('SN=c0ffee1234,CA=CN=psd2 workbench vector signer,O=PSD2 Workbench Test PKI,C=EU', cert)).toBe(false);
  });

  // Verdicts are kept per keyId and certificate: one keyId judged again against another certificate gets its own.
  it('judges a keyId anew for each certificate it is sent with', () => {
    const keyId = `SN=c0ffee1234,CA=${issuer}`;
    expect(keyIdMatches(keyId, cert)).toBe(true);
    expect(keyIdMatches(keyId, { ...cert, serialHex: 'c0ffee1235' })).toBe(false);
    expect(keyIdMatches(keyId, { ...cert, issuerDn: 'CN=Another CA,C=EU' })).toBe(false);
    expect(keyIdMatches(keyId, { ...cert, fingerprintSha256: 'ab'.repeat(32) })).toBe(true);
    expect(keyIdMatches(keyId, cert)).toBe(true);
  });
});

describe('why a signature does not verify', () => {
  const vector = byName('signing-basket-json');
  const listed = listedOf(vector);
  const text = vector.signingString;
  const rejectWith = (change: Change): Failure & { check: SignatureCheck } => {
    const f = failure(run(vector, change));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'signature-verifies' });
    return f;
  };
  const signed = (signedText: string, options: Partial<SignOptions> = {}): Change => ({
    headers: { signature: signatureHeader({ listed, text: signedText, ...options }) },
  });

  it.each([
    ['lines joined with CRLF', text.replace(/\n/g, '\r\n'), 4, /separates lines with CRLF/],
    ['a newline after the last line', `${text}\n`, 4, /ends with a newline after the last line/],
    [
      'header names in their original case',
      text
        .replace('digest:', 'Digest:')
        .replace('x-request-id:', 'X-Request-ID:')
        .replace('psu-id:', 'PSU-ID:')
        .replace('tpp-redirect-uri:', 'TPP-Redirect-URI:'),
      4,
      /original case/,
    ],
    ['no space after the colon', text.replace(/: /g, ':'), 4, /no space after the colon/],
    ['the digest without its prefix', text.replace('digest: SHA-256=', 'digest: '), 5, /lacks the SHA-256= prefix/],
  ])('names %s', (_what, signedText, rule, expected) => {
    const f = rejectWith(signed(signedText));
    expect(f.check.rule).toBe(rule);
    expect(f.text).toMatch(expected);
  });

  it('names a (request-target) line signed but not listed (rule 2)', () => {
    const f = rejectWith({ ...signed(`(request-target): post ${vector.path}\n${text}`), requestTarget: { method: 'POST', path: vector.path } });
    expect(f.check.rule).toBe(2);
    expect(f.text).toMatch(/you signed a \(request-target\) line \("post \/[^"]+"\), which headers does not list/);
  });

  it('names a (request-target) line written as clients write it: method in capitals, query left out (rule 2)', () => {
    const path = `${vector.path}?x=1`;
    for (const line of [`POST ${path}`, `post ${vector.path}`]) {
      const f = rejectWith({ ...signed(`(request-target): ${line}\n${text}`), requestTarget: { method: 'POST', path } });
      expect(f.check.rule).toBe(2);
      expect(f.text).toContain(`you signed a (request-target) line ("${line}")`);
    }
  });

  it('names the one value of a repeated header the client signed (rule 10)', () => {
    const sent = vector.headers['x-request-id'] ?? '';
    const second = '00000000-0000-4000-8000-000000000000';
    const diagnosis = run(vector, { headers: { 'x-request-id': [sent, second] } });
    expect(diagnosis.verdict).toMatchObject({ checkId: 'header-sent-once' });
    expect(checkOf(diagnosis, 'signature-verifies')?.text).toBe(
      `the signature does not verify: x-request-id is sent 2 times and the TPP signed only its first value "${sent}"; the bank reads them joined: send it once (rule 10)`,
    );
  });

  it('stays cheap with many listed headers: no search over every order of ten names', () => {
    const names = [...listed, 'a', 'b', 'c', 'd', 'e', 'f'];
    const extra = Object.fromEntries(names.filter((n) => !listed.includes(n)).map((n) => [n, n]));
    const started = performance.now();
    const diagnosis = run(vector, {
      headers: { ...extra, signature: signatureHeader({ listed: names, text: `${lines(names, { ...vector.headers, ...extra })}x` }) },
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(checkOf(diagnosis, 'signature-verifies')?.text).toMatch(/a signed header's value changed after signing/);
  });

  it('names a signed set that differs from the listed one (rule 1)', () => {
    const names = ['digest', 'x-request-id'];
    const f = rejectWith({ headers: { signature: signatureHeader({ listed, text: lines(names, vector.headers) }) } });
    expect(f.check.rule).toBe(1);
    expect(f.text).toMatch(/you signed digest, x-request-id, but headers lists digest, x-request-id, psu-id, tpp-redirect-uri/);
  });

  it('names RSA-PSS padding and a SHA-512 hash (rule 10)', () => {
    const pss = rejectWith(signed(text, { padding: constants.RSA_PKCS1_PSS_PADDING }));
    expect(pss.text).toMatch(/RSA-PSS padding; rsa-sha256 means RSASSA-PKCS1-v1_5 \(rule 10\)/);
    const sha512 = rejectWith(signed(text, { hash: 'sha512' }));
    expect(sha512.text).toMatch(/over a SHA-512 hash; rsa-sha256 signs SHA-256 \(rule 10\)/);
  });

  it('rejects a signature of the wrong length before verifying (rule 9)', () => {
    const original = vector.headers['signature'] ?? '';
    const short = createHash('sha256').update('x').digest('base64');
    const f = failure(run(vector, { headers: { signature: original.replace(/signature="[^"]*"/, `signature="${short}"`) } }));
    expect(f).toMatchObject({ code: 'SIGNATURE_INVALID', checkId: 'signature-length' });
    expect(f.check.rule).toBe(9);
    expect(f.text).toBe("the signature is 32 bytes but the certificate's key makes 256-byte signatures (rule 9)");
  });
});

describe('the diagnosis', () => {
  it('reports the first failure and every check made', () => {
    const vector = byName('payment-initiation-non-ascii-trailing-newline');
    const diagnosis = run(vector, {
      headers: { 'tpp-redirect-uri': 'https://tpp.example/r', 'x-request-id': ['a', 'b'] },
      body: Buffer.from('changed'),
    });
    const f = failure(diagnosis);
    expect(f).toMatchObject({ code: 'FORMAT_ERROR', checkId: 'header-sent-once', text: 'X-Request-ID is sent more than once; send it once (rule 10)' });
    const failed = diagnosis.checks.filter((c) => !c.passed).map((c) => c.id);
    expect(failed).toEqual(['header-sent-once', 'present-headers-signed', 'digest-matches', 'signature-verifies']);
  });

  it("explains each rule its checks cite once, in number order, in the spec's words", () => {
    const diagnosis = run(byName('funds-confirmation-json'), { body: Buffer.from('{}') });
    const cited = [...new Set(diagnosis.checks.flatMap((c) => (c.rule === null ? [] : [c.rule])))].sort((a, b) => a - b);
    expect(cited).toContain(5);
    expect(diagnosis.rules).toEqual(cited.map((rule) => ({ rule, text: SIGNING_RULES[rule] })));
    expect(rulesCited([{ rule: 10 }, { rule: null }, { rule: 1 }, { rule: 10 }, { rule: 99 }])).toEqual([
      { rule: 1, text: SIGNING_RULES[1] },
      { rule: 10, text: SIGNING_RULES[10] },
    ]);
  });

  it('tells the body digest the bank computed against the one sent', () => {
    const vector = byName('funds-confirmation-json');
    const diagnosis = run(vector, { body: Buffer.from('{}') });
    expect(diagnosis.digest).toEqual({ sent: vector.digest, computed: `SHA-256=${createHash('sha256').update('{}').digest('base64')}` });
    const f = failure(diagnosis);
    expect(f.text).toMatch(/^Digest does not match the body: the body as received hashes to SHA-256=/);
    expect(f.check.rule).toBe(5);
  });
});
