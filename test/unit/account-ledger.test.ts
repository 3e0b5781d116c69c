// The account ledger: the dataset history and the bank's payments booked and pending, and the balances it adds up to.
import { describe, expect, it } from 'vitest';
import { accountLedger, accountPosition, interimAvailableBalance, openingBalances, reportBalances, type AccountEntry } from '../../main/domain/accounts/ledger';
import { generateHistory } from '../../main/domain/dataset/history';
import { fromMinorUnits, toMinorUnits } from '../../main/domain/money';
import { fra1, fra2, MONDAY, posting, SUNDAY } from '../support/account-fixtures';

const minor = (amount: string): bigint => toMinorUnits(amount);
const sum = (entries: readonly AccountEntry[]): bigint => entries.reduce((s, e) => s + minor(e.amount), 0n);

describe('accountLedger', () => {
  it('books the generated history up to today; value-dated weekend items are pending until their booking day', () => {
    const sunday = accountLedger(fra2, SUNDAY, []);
    expect(sunday.booked.every((e) => (e.bookingDate ?? '') <= SUNDAY && e.status === 'booked')).toBe(true);
    expect(sunday.pending.map((e) => e.valueDate)).toEqual(['2026-11-21', '2026-11-22']);
    expect(sunday.pending.every((e) => e.bookingDate === undefined && e.status === 'pending')).toBe(true);
    const monday = accountLedger(fra2, MONDAY, []);
    expect(monday.pending).toEqual([]);
    for (const p of sunday.pending) {
      expect(monday.booked.find((e) => e.transactionId === p.transactionId)).toEqual({ ...p, status: 'booked', bookingDate: MONDAY, entryDate: MONDAY });
    }
  });

  it('is the dataset history of 24 months, chronological', () => {
    const { booked } = accountLedger(fra1, SUNDAY, []);
    expect(booked.map((e) => e.transactionId)).toEqual(generateHistory(fra1, new Date(`${SUNDAY}T00:00:00Z`)).map((t) => t.transactionId));
    expect(booked.map((e) => e.entryDate)).toEqual(booked.map((e) => e.entryDate).sort());
  });

  it('shows a PDNG payment as pending (value date: execution date) and a processed one booked, in cents, as debits', () => {
    const pending = accountLedger(fra1, SUNDAY, [posting({ status: 'pending', statusDate: '2026-11-20', executionDate: '2027-06-15' })]).pending;
    const mine = pending.filter((e) => e.transactionId.startsWith('PAY-1-'));
    expect(mine.map((e) => [e.transactionId, e.amount, e.valueDate, e.entryDate])).toEqual([
      ['PAY-1-1', '-1250.00', '2027-06-15', '2026-11-20'],
      ['PAY-1-2', '-10.00', '2027-06-15', '2026-11-20'],
    ]);
    const booked = accountLedger(fra1, SUNDAY, [posting({ statusDate: '2026-11-20', executionDate: '2026-11-19' })]).booked.filter((e) =>
      e.transactionId.startsWith('PAY-1-'),
    );
    expect(booked[0]).toMatchObject({
      bookingDate: '2026-11-19',
      valueDate: '2026-11-19',
      endToEndId: 'E2E-1',
      bankTransactionCode: 'PMNT-ICDT-ESCT',
      counterparty: { name: 'Schneider Bürotechnik GmbH', iban: 'DE94370502991129384756' },
    });
  });

  it('books a payment processed before its execution date on the processing date, and never after today', () => {
    const early = accountLedger(fra1, SUNDAY, [posting({ statusDate: '2026-11-20', executionDate: '2027-06-15' })]).booked.find(
      (e) => e.transactionId === 'PAY-1-1',
    );
    expect(early?.bookingDate).toBe('2026-11-20');
    const future = accountLedger(fra1, SUNDAY, [posting({ statusDate: '2026-12-24', executionDate: '2026-12-24' })]).booked.find(
      (e) => e.transactionId === 'PAY-1-1',
    );
    expect(future?.bookingDate).toBe(SUNDAY);
  });

  it("leaves out transfers in another currency than the account's (no FX, as processing)", () => {
    const p = posting({ transfers: [{ position: 0, endToEndId: 'X', amount: '5.00', currency: 'USD', creditorName: 'Abroad Inc' }] });
    expect(accountLedger(fra1, SUNDAY, [p]).booked.some((e) => e.transactionId.startsWith('PAY-1'))).toBe(false);
    expect(accountPosition(fra1, SUNDAY, [p], fra1.availableBalance).interimBooked).toBe(minor(fra1.balance));
  });
});

describe('balances', () => {
  const position = accountPosition(fra1, SUNDAY, [], fra1.availableBalance);

  it('today: interim booked is the dataset balance, interim available the available balance', () => {
    const [booked, available] = reportBalances(position, SUNDAY, SUNDAY).slice(2);
    expect(booked).toEqual({ balanceType: 'interimBooked', amount: fra1.balance, currency: 'EUR', referenceDate: SUNDAY });
    expect(available).toEqual({
      balanceType: 'interimAvailable',
      amount: fra1.availableBalance,
      currency: 'EUR',
      referenceDate: SUNDAY,
      creditLimitIncluded: true,
    });
    expect(interimAvailableBalance(fra1, SUNDAY, fra1.availableBalance)).toEqual(available);
    expect(interimAvailableBalance(fra2, SUNDAY, fra2.availableBalance).creditLimitIncluded).toBe(false);
  });

  it('dateTo today gives opening and interim; a past dateTo opening and closing (four of six types)', () => {
    expect(reportBalances(position, '2026-10-01', SUNDAY).map((b) => `${b.balanceType}@${b.referenceDate}`)).toEqual([
      'openingBooked@2026-10-01',
      'openingAvailable@2026-10-01',
      'interimBooked@2026-11-22',
      'interimAvailable@2026-11-22',
    ]);
    expect(reportBalances(position, '2026-10-01', '2026-10-31').map((b) => `${b.balanceType}@${b.referenceDate}`)).toEqual([
      'openingBooked@2026-10-01',
      'openingAvailable@2026-10-01',
      'closingBooked@2026-10-31',
      'closingAvailable@2026-10-31',
    ]);
  });

  it('opening + booked entries of the period = closing, for any period; available keeps the credit line', () => {
    const creditLine = minor(fra1.availableBalance) - minor(fra1.balance);
    const periods: [string, string][] = [
      ['2024-12-01', '2024-12-31'],
      ['2025-02-28', '2025-03-01'],
      ['2026-11-22', '2026-11-22'],
      ['2025-06-15', '2026-11-21'],
    ];
    for (const [from, to] of periods) {
      const [openB, openA, closeB, closeA] = reportBalances(position, from, to).map((b) => minor(b.amount)) as [bigint, bigint, bigint, bigint];
      const entries = position.ledger.booked.filter((e) => e.entryDate >= from && e.entryDate <= to);
      expect(openB + sum(entries)).toBe(closeB);
      expect(openA - openB).toBe(creditLine);
      expect(closeA - closeB).toBe(creditLine);
    }
    // The closing balance of a day is the opening balance of the next.
    expect(reportBalances(position, '2025-01-01', '2025-01-31')[2]?.amount).toBe(openingBalances(position, '2025-02-01')[0]?.amount);
  });

  it('a processed payment lowers booked as funds confirmation lowered available; the period still adds up', () => {
    const paid = posting();
    const available = fromMinorUnits(minor(fra1.availableBalance) - 125000n - 1000n);
    const after = accountPosition(fra1, SUNDAY, [paid], available);
    expect(after.interimBooked).toBe(minor(fra1.balance) - 126000n);
    expect(after.creditLine).toBe(position.creditLine);
    const [openB, , closeB, closeA] = reportBalances(after, '2026-11-01', SUNDAY);
    expect(closeA?.amount).toBe(available);
    expect(minor(openB?.amount ?? '') + sum(after.ledger.booked.filter((e) => e.entryDate >= '2026-11-01'))).toBe(minor(closeB?.amount ?? ''));
    // Booked today, so yesterday's balances are untouched.
    expect(openingBalances(after, SUNDAY)).toEqual(openingBalances(position, SUNDAY));
  });
});
