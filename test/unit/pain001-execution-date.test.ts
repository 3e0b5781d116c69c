import { describe, it, expect } from 'vitest';
import type { Institution, PaymentProduct } from '../../main/domain/dataset/types';
import { executionDate } from '../../main/domain/iso20022/pain001/execution-date';
import { loadDataset } from '../../main/services/operator/dataset-loader';

const dataset = loadDataset();
const institution = (id: string): Institution => {
  const i = dataset.institutions.find((x) => x.id === id);
  if (i === undefined) throw new Error(id);
  return i;
};
const frankfurt = institution('frankfurt');
const london = institution('london');
const SEPA: PaymentProduct = 'pain.001-sepa-credit-transfers';
const CHAPS: PaymentProduct = 'pain.001-chaps-payments';

describe('execution date', () => {
  it('keeps a future business date', () => {
    expect(executionDate('2027-06-15', SEPA, frankfurt, new Date('2026-11-20T08:00:00Z'))).toEqual({ date: '2027-06-15', moved: false });
  });

  it('keeps today before the cut-off', () => {
    // Friday 20 Nov 2026, 14:59 in Frankfurt (CET, UTC+1); SEPA cut-off 15:00.
    expect(executionDate('2026-11-20', SEPA, frankfurt, new Date('2026-11-20T13:59:00Z'))).toEqual({ date: '2026-11-20', moved: false });
    expect(executionDate('2026-11-20', SEPA, frankfurt, new Date('2026-11-20T14:00:00Z'))).toEqual({ date: '2026-11-20', moved: false });
  });

  it('moves today after the cut-off to the next business date, over the weekend', () => {
    const r = executionDate('2026-11-20', SEPA, frankfurt, new Date('2026-11-20T14:00:01Z'));
    expect(r).toEqual({ date: '2026-11-23', moved: true, reason: 'received at 15:00 Europe/Berlin, after the 15:00 cut-off' });
  });

  it('moves a past date to the earliest business date', () => {
    const r = executionDate('2026-11-02', SEPA, frankfurt, new Date('2026-11-18T09:00:00Z'));
    expect(r).toMatchObject({ date: '2026-11-18', moved: true });
    expect(r.reason).toBe('2026-11-02 is in the past (today is 2026-11-18 in Europe/Berlin)');
  });

  it('moves a past date received after the cut-off to the next business date', () => {
    expect(executionDate('2026-11-02', SEPA, frankfurt, new Date('2026-11-18T16:00:00Z'))).toMatchObject({ date: '2026-11-19', moved: true });
  });

  it('moves a weekend date to the Monday', () => {
    const r = executionDate('2027-06-19', SEPA, frankfurt, new Date('2026-11-20T08:00:00Z'));
    expect(r).toEqual({ date: '2027-06-21', moved: true, reason: '2027-06-19 is a Saturday, not a business day' });
  });

  it('moves a holiday to the next business date, per institution', () => {
    // Easter Monday 2027 (29 March) in both; 3 May 2027 is a holiday in London only.
    expect(executionDate('2027-03-29', SEPA, frankfurt, new Date('2026-11-20T08:00:00Z'))).toMatchObject({ date: '2027-03-30', moved: true });
    expect(executionDate('2027-05-03', CHAPS, london, new Date('2026-11-20T08:00:00Z'))).toMatchObject({
      date: '2027-05-04',
      moved: true,
      reason: '2027-05-03 is a holiday of Northbridge Bank plc, London',
    });
    expect(executionDate('2027-05-03', SEPA, frankfurt, new Date('2026-11-20T08:00:00Z'))).toEqual({ date: '2027-05-03', moved: false });
  });

  it('moves over Good Friday, the weekend and Easter Monday together', () => {
    expect(executionDate('2027-03-26', CHAPS, london, new Date('2026-11-20T08:00:00Z'))).toMatchObject({ date: '2027-03-30', moved: true });
  });

  it('reads the cut-off in London time across the BST change', () => {
    // CHAPS cut-off 16:00. In summer (BST, UTC+1) 15:30Z is 16:30 local: after the cut-off.
    expect(executionDate('2027-06-15', CHAPS, london, new Date('2027-06-15T15:30:00Z'))).toMatchObject({ date: '2027-06-16', moved: true });
    // In winter (GMT) 15:30Z is 15:30 local: before the cut-off.
    expect(executionDate('2026-12-15', CHAPS, london, new Date('2026-12-15T15:30:00Z'))).toEqual({ date: '2026-12-15', moved: false });
  });

  it('reads the cut-off in Frankfurt time across the CEST change', () => {
    // SEPA cut-off 15:00. 13:30Z is 15:30 CEST in summer (after) but 14:30 CET in winter (before).
    expect(executionDate('2027-06-15', SEPA, frankfurt, new Date('2027-06-15T13:30:00Z'))).toMatchObject({ date: '2027-06-16', moved: true });
    expect(executionDate('2027-01-15', SEPA, frankfurt, new Date('2027-01-15T13:30:00Z'))).toEqual({ date: '2027-01-15', moved: false });
  });

  it('uses the local date, not the UTC date, near midnight', () => {
    // 23:30Z on 31 Dec 2026 is already 1 Jan 2027 in Frankfurt (a holiday): today is the 1st, the earliest date is Monday 4 Jan.
    expect(executionDate('2026-12-31', SEPA, frankfurt, new Date('2026-12-31T23:30:00Z'))).toMatchObject({ date: '2027-01-04', moved: true });
  });

  it('rejects a date that is not a calendar date', () => {
    expect(() => executionDate('2027-02-30', SEPA, frankfurt, new Date())).toThrow(RangeError);
  });
});
