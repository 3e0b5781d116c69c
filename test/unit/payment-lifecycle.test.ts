import { describe, expect, it } from 'vitest';
import { assertAuthorisationMayStart, assertCancellable, patcExpiry, paymentStatusAt } from '../../main/domain/payment/lifecycle';
import type { BankError } from '../../main/domain/errors';
import { categoryOf } from '../../main/domain/payment/payment';
import { isDueForProcessing, processingDelayMs } from '../../main/domain/payment/processing';

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

  it('a PDNG payment is due for processing only once its execution date has come and the processing delay has passed', () => {
    const pending = { executionDate: '2026-11-24', statusChangedAt: new Date('2026-11-24T09:00:00Z') };
    const delay = processingDelayMs('PT15M') as number;
    expect(isDueForProcessing(pending, delay, '2026-11-24', new Date('2026-11-24T09:14:59Z'))).toBe(false);
    expect(isDueForProcessing(pending, delay, '2026-11-24', new Date('2026-11-24T09:15:00Z'))).toBe(true);
    expect(isDueForProcessing({ ...pending, executionDate: '2026-11-25' }, delay, '2026-11-24', new Date('2026-11-24T20:00:00Z'))).toBe(false);
  });

  it('processing delays are ISO-8601 durations of days at most a week, never years or months', () => {
    expect(processingDelayMs('PT30S')).toBe(30_000);
    expect(processingDelayMs('PT4H')).toBe(4 * 3_600_000);
    expect(processingDelayMs('P7D')).toBe(7 * 86_400_000);
    for (const bad of ['P8D', 'P1M', 'P1Y', '15m', '']) expect(processingDelayMs(bad)).toBeNull();
  });
});
