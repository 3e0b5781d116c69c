// The signer's side of a signed request: the certificate sent, the keyId naming it, and why a signature
// does not verify.
import { constants, createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadPublicKey } from '../../main/domain/signing/rsa-key';
import { keyIdMatches, type SignatureDiagnosis } from '../../main/domain/signing/verify';
import { type SignatureCheck } from '../../main/domain/signing/signature-checks';
import type { Change, SignOptions, Failure } from '../support/signing-vectors';
import { vectors, certificate, inspect, byName, run, signatureHeader, lines, listedOf, failure, checkOf } from '../support/signing-vectors';

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
