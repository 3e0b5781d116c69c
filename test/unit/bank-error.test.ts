import { describe, expect, it } from 'vitest';
import { BankError, formatError } from '../../main/domain/errors';

describe('BankError', () => {
  it('keeps every field, and is an Error', () => {
    const error = BankError.of('RESOURCE_UNKNOWN', 'no such consent', 403).withDetails(['a', 'b']).withRetryAfter(3).withAllow(['GET']);
    expect(error).toBeInstanceOf(BankError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ protocol: 'berlin-group', code: 'RESOURCE_UNKNOWN', status: 403, message: 'no such consent', name: 'BankError' });
    expect(error).toMatchObject({ details: ['a', 'b'], retryAfterSeconds: 3, allow: ['GET'] });
    expect(BankError.oauth('invalid_client', 'who?')).toMatchObject({
      protocol: 'oauth',
      code: 'invalid_client',
      status: 401,
      details: [],
      retryAfterSeconds: null,
      allow: null,
    });
    expect(String(formatError('bad'))).toBe('BankError: bad');
  });

  // A refusal is an answer, not a fault: capturing its stack was the largest single cost of a refused request.
  it('captures no stack, and leaves other errors theirs', () => {
    expect(BankError.of('FORMAT_ERROR', 'bad').stack).toBe('BankError: bad');
    expect(new Error('bug').stack).toMatch(/\n\s+at /);
  });
});
