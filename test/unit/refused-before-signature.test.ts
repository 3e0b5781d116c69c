// A signed operation refused before its signature was checked: the verdict is the bank's
// answer, no check is listed, what was sent for the signature is kept, and the renderer knows the verdict by
// the same check id as the domain.
import { describe, expect, it } from 'vitest';
import { REFUSED_BEFORE_SIGNATURE, refusedBeforeSignature } from '../../main/domain/signing/refused-before';
import type { SignatureDiagnosis } from '../../main/domain/signing/verify';
import { isRefusedBeforeSignature } from '../../renderer/src/lib/signature-verdict';

const made: SignatureDiagnosis = {
  operation: 'payment-initiation',
  checks: [{ id: 'signature-verifies', rule: 8, passed: false, text: 'the signature does not verify' }],
  rules: [{ rule: 8, text: 'rule 8' }],
  verdict: { valid: false, code: 'SIGNATURE_INVALID', status: 401, text: 'the signature does not verify', checkId: 'signature-verifies' },
  digest: { sent: 'SHA-256=abc', computed: 'SHA-256=abc' },
  headersParameter: ['digest', 'x-request-id', 'psu-id'],
  signingString: null,
  likelySigned: { text: 'digest: x', why: 'another order' },
  keyId: 'SN=1,CA=CN=x',
  algorithm: 'rsa-sha256',
  certificate: null,
};

describe('refusedBeforeSignature', () => {
  it('is the bank’s answer as the verdict, with no check, no legend and no guess at the string signed', () => {
    const refused = refusedBeforeSignature(made, { code: 'FORMAT_ERROR', status: 400, text: 'header PSU-ID is missing' });
    expect(refused.verdict).toEqual({ valid: false, code: 'FORMAT_ERROR', status: 400, text: 'header PSU-ID is missing', checkId: REFUSED_BEFORE_SIGNATURE });
    expect(refused.checks).toEqual([]);
    expect(refused.rules).toEqual([]);
    expect(refused.likelySigned).toBeUndefined();
    expect(refused).toMatchObject({ digest: made.digest, headersParameter: made.headersParameter, keyId: made.keyId, algorithm: made.algorithm });
  });

  it('is told apart by the renderer by the same check id', () => {
    expect(isRefusedBeforeSignature(refusedBeforeSignature(made, { code: 'TOKEN_INVALID', status: 401, text: 'x' }).verdict)).toBe(true);
    expect(isRefusedBeforeSignature(made.verdict)).toBe(false);
    expect(isRefusedBeforeSignature({ valid: true })).toBe(false);
  });
});
