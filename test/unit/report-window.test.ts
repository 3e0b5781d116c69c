// The moments between which a kept status report holds (domain/payment/report-window.ts): a PATC payment's
// report until its expiry, and one with VoP results still to change only for the moment it was made.
import { describe, expect, it } from 'vitest';
import { patcExpiry } from '../../main/domain/payment/lifecycle';
import { reportWindow } from '../../main/domain/payment/report-window';
import { VOP_TIME_LIMIT_MS, type VopCheck } from '../../main/domain/vop/verify';
import { storedPayment } from '../support/stored-payment';

const created = new Date('2026-11-24T09:00:00Z');
const later = (ms: number): Date => new Date(created.getTime() + ms);
const answered = (afterMs: number): VopCheck => ({ requestedAt: created, answeredAt: later(afterMs), answer: { outcome: 'match' } });

describe('reportWindow', () => {
  it("holds a PATC payment's report until its expiry, and the expired one from then on", () => {
    const patc = storedPayment('P1', created);
    const expiry = patcExpiry(created).getTime();
    expect(reportWindow(patc, [], later(1000))).toEqual({ validFrom: -Infinity, validUntil: expiry });
    expect(reportWindow(patc, [], new Date(expiry + 1))).toEqual({ validFrom: expiry, validUntil: Infinity });
  });

  it('holds a report of any other status for ever', () => {
    expect(reportWindow(storedPayment('P2', created, { status: 'ACCP' }), [null], later(1000))).toEqual({ validFrom: -Infinity, validUntil: Infinity });
  });

  it('holds a report with VoP results still to change for no later moment, and a settled one from the settling on', () => {
    const payment = storedPayment('P3', created, { status: 'ACCP' });
    const checks = [answered(2000), null, { requestedAt: created, answeredAt: undefined, answer: undefined }];
    const now = later(3000);
    expect(reportWindow(payment, checks, now)).toEqual({ validFrom: -Infinity, validUntil: now.getTime() });
    const settled = created.getTime() + VOP_TIME_LIMIT_MS;
    expect(reportWindow(payment, checks, later(VOP_TIME_LIMIT_MS + 10))).toEqual({ validFrom: settled, validUntil: Infinity });
  });
});
