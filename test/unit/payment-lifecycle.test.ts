import { describe, expect, it } from 'vitest';
import { assertAuthorisationMayStart, assertCancellable, patcExpiry, paymentStatusAt } from '../../main/domain/payment/lifecycle';
import type { BankError } from '../../main/domain/errors';
import { categoryOf } from '../../main/domain/payment/payment';

const codeOf = (fn: () => void): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as BankError).code;
  }
};

describe('payment lifecycle rules', () => {
  const createdAt = new Date('2026-01-01T10:00:00Z');
  it('PATC becomes RJCT exactly 90 days after creation', () => {
    expect(patcExpiry(createdAt).toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(paymentStatusAt({ status: 'PATC', createdAt }, new Date('2026-04-01T09:59:59Z'))).toBe('PATC');
    expect(paymentStatusAt({ status: 'PATC', createdAt }, new Date('2026-04-01T10:00:00Z'))).toBe('RJCT');
    expect(paymentStatusAt({ status: 'PDNG', createdAt }, new Date('2027-01-01T00:00:00Z'))).toBe('PDNG');
  });

  it('only PATC can be cancelled: 405 CANCELLATION_INVALID otherwise', () => {
    expect(codeOf(() => assertCancellable('PATC', 'p'))).toBeUndefined();
    for (const status of ['PDNG', 'ACCP', 'RJCT'] as const) expect(codeOf(() => assertCancellable(status, 'p'))).toBe('CANCELLATION_INVALID');
  });

  it('an authorisation starts only on PATC with no active attempt: STATUS_INVALID otherwise', () => {
    expect(codeOf(() => assertAuthorisationMayStart('PATC', null, 'p'))).toBeUndefined();
    expect(codeOf(() => assertAuthorisationMayStart('PATC', 'a1', 'p'))).toBe('STATUS_INVALID');
    expect(codeOf(() => assertAuthorisationMayStart('PDNG', null, 'p'))).toBe('STATUS_INVALID');
  });

  it('each product falls in one approval-limit category', () => {
    expect(categoryOf('pain.001-sepa-credit-transfers')).toBe('sepa');
    expect(categoryOf('pain.001-internal-transfers')).toBe('internal');
    expect(categoryOf('pain.001-swift-transfers')).toBe('international');
    expect(categoryOf('pain.001-chaps-payments')).toBe('domestic');
    expect(categoryOf('pain.001-faster-payments')).toBe('domestic');
  });
});
