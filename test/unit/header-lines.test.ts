import { describe, expect, it } from 'vitest';
import { repeatedHeaderProblem, repeatedInRaw, repeatedInRecord, withRepeated } from '../../main/domain/headers/header-lines';

describe('header lines as sent', () => {
  const raw = ['Host', 'bank', 'X-Request-ID', 'a', 'Accept', 'x', 'x-request-id', 'b', 'accept', 'y', 'Digest', 'd'];

  it('finds a single-value header sent twice, whatever the case of its name, and ignores list headers such as Accept', () => {
    expect(repeatedInRaw(raw)).toEqual(['x-request-id']);
    expect(repeatedInRaw(['Digest', 'a', 'Signature', 's', 'DIGEST', 'b', 'digest', 'c'])).toEqual(['digest']);
    expect(repeatedInRaw(['Accept', 'a', 'Accept', 'b'])).toEqual([]);
  });

  it("puts Node's joined value back as every value sent, in order", () => {
    const merged = { host: 'bank', 'x-request-id': 'a, b', accept: 'x, y', digest: 'd' };
    expect(withRepeated(merged, raw, ['x-request-id'])).toEqual({ ...merged, 'x-request-id': ['a', 'b'] });
    expect(withRepeated(merged, raw, [])).toBe(merged);
    expect(repeatedInRecord({ 'x-request-id': ['a', 'b'], accept: ['x', 'y'], digest: 'd' })).toEqual(['x-request-id']);
  });

  it('says it in one wording, with the names spelled as the spec does', () => {
    expect(repeatedHeaderProblem(['x-request-id'])).toBe('X-Request-ID is sent more than once; send it once');
    expect(repeatedHeaderProblem(['digest', 'tpp-signature-certificate', 'psu-id'])).toBe(
      'Digest, TPP-Signature-Certificate and PSU-ID are sent more than once; send each once',
    );
  });
});
