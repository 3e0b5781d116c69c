// The signature verifier over the openssl vectors: each profile row's refusals, a malformed Signature
// header, and the diagnosis it gives.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SignedOperation } from '../../main/domain/signing/profiles';
import { rulesCited, SIGNING_RULES } from '../../main/domain/signing/rules';
import { SIGNATURE_CHECKS } from '../../main/domain/signing/signature-checks';
import type { Change, SignOptions } from '../support/signing-vectors';
import { vectors, otherKey, byName, bodyOf, run, signatureHeader, lines, listedOf, failure, checkOf } from '../support/signing-vectors';

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
