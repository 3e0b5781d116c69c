import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { generateHistory, openingBalance } from '../../main/domain/dataset/history';
import type { BookedTransaction } from '../../main/domain/dataset/history';
import type { Account } from '../../main/domain/dataset/types';
import { validateDataset } from '../../main/domain/dataset/validate';
import { compareAmounts, fromMinorUnits, isDecimalAmount, isSignedDecimalAmount, toMinorUnits } from '../../main/domain/money';

const dataset = validateDataset(JSON.parse(readFileSync(new URL('../../resources/datasets/default.json', import.meta.url), 'utf8')));
const until = new Date('2026-05-15T10:30:00Z');

function account(resourceId: string): Account {
  const found = dataset.accounts.find((a) => a.resourceId === resourceId);
  if (found === undefined) throw new Error(`no account ${resourceId} in the default dataset`);
  return found;
}

const main = account('FRA-ACC-01');

function sumMinor(txs: readonly BookedTransaction[]): bigint {
  return txs.reduce((s, t) => s + toMinorUnits(t.amount), 0n);
}

describe('generateHistory', () => {
  it('is deterministic for the same seed', () => {
    expect(generateHistory(main, until)).toEqual(generateHistory(main, until));
  });

  it('differs for another seed', () => {
    const other = { ...main, history: { ...main.history, seed: main.history.seed + 1 } };
    const a = generateHistory(main, until).map((t) => t.amount);
    const b = generateHistory(other, until).map((t) => t.amount);
    expect(a).not.toEqual(b);
  });

  it('covers the 24 months up to the clock, every month having items', () => {
    const txs = generateHistory(main, until);
    const first = txs[0]?.bookingDate ?? '';
    const last = txs.at(-1)?.bookingDate ?? '';
    expect(first > '2024-05-15' && first <= '2024-05-22').toBe(true);
    expect(last <= '2026-05-15' && last >= '2026-05-08').toBe(true);
    const months = new Set(txs.map((t) => t.bookingDate.slice(0, 7)));
    expect(months.size).toBe(25); // May 2024 (second half) to May 2026 (first half)
  });

  it('books recurring items on their day and randomPerMonth random items in a month', () => {
    const txs = generateHistory(main, until).filter((t) => t.valueDate.startsWith('2025-03'));
    expect(txs).toHaveLength(main.history.recurring.length + main.history.randomPerMonth);
    for (const r of main.history.recurring) {
      const found = txs.find((t) => t.remittanceInformation === r.remittanceInformation);
      expect(found?.valueDate).toBe(`2025-03-${String(r.dayOfMonth).padStart(2, '0')}`);
      expect(found?.counterpartyName).toBe(r.counterpartyName);
      expect(found && compareAmounts(found.amount, r.amount)).toBe(0);
    }
  });

  it('produces well-formed, sorted transactions with unique ids', () => {
    for (const acc of dataset.accounts) {
      const txs = generateHistory(acc, until);
      expect(new Set(txs.map((t) => t.transactionId)).size).toBe(txs.length);
      const malformed = txs.filter(
        (t, i) =>
          !/^-?\d+\.\d{2}$/.test(t.amount) ||
          !/^\d{4}-\d{2}-\d{2}$/.test(t.bookingDate) ||
          t.valueDate > t.bookingDate ||
          [0, 6].includes(new Date(`${t.bookingDate}T00:00:00Z`).getUTCDay()) ||
          t.currency !== acc.currency ||
          !/^[A-Z]{4}-[A-Z]{4}-[A-Z]{4}$/.test(t.bankTransactionCode) ||
          (txs[i - 1]?.bookingDate ?? '') > t.bookingDate,
      );
      expect(malformed).toEqual([]);
    }
  });

  it('keeps the ids and content of earlier transactions when the clock moves on', () => {
    const later = new Date('2026-06-24T08:00:00Z');
    const before = generateHistory(main, until);
    const after = generateHistory(main, later);
    const overlap = (t: BookedTransaction): boolean => t.bookingDate > '2024-06-24' && t.bookingDate <= '2026-05-15';
    expect(after.filter(overlap)).toEqual(before.filter(overlap));
    expect(after.filter(overlap).length).toBeGreaterThan(400);
  });

  it('honours another number of months', () => {
    const short = { ...main, history: { ...main.history, months: 3 } };
    const txs = generateHistory(short, until);
    expect(txs.every((t) => t.bookingDate > '2026-02-15')).toBe(true);
    expect(txs.length).toBeGreaterThan(3 * main.history.recurring.length);
  });
});

describe('openingBalance', () => {
  it('is exact where floats are not', () => {
    expect(0.3 - 0.1 - 0.2).not.toBe(0);
    expect(openingBalance('0.30', [{ amount: '0.10' }, { amount: '0.20' }])).toBe('0.00');
    expect(openingBalance('-0.05', [{ amount: '-0.10' }])).toBe('0.05');
    expect(openingBalance('90071992547409.93', [{ amount: '0.01' }, { amount: '-1000000000000.00' }])).toBe('91071992547409.92');
  });

  it('adds up with the generated history to the current balance', () => {
    for (const acc of dataset.accounts) {
      const txs = generateHistory(acc, until);
      const opening = openingBalance(acc.balance, txs);
      expect(toMinorUnits(opening) + sumMinor(txs)).toBe(toMinorUnits(acc.balance));
      // The default dataset's flows are balanced so no account starts its history overdrawn.
      expect(compareAmounts(opening, '0.00')).toBe(1);
    }
  });
});

describe('money', () => {
  it('converts between decimal strings and minor units', () => {
    expect(toMinorUnits('12.5')).toBe(1250n);
    expect(toMinorUnits('-0.05')).toBe(-5n);
    expect(toMinorUnits('1000000')).toBe(100000000n);
    expect(toMinorUnits('1.23456', 5)).toBe(123456n);
    expect(fromMinorUnits(-5n)).toBe('-0.05');
    expect(fromMinorUnits(100000000n)).toBe('1000000.00');
    expect(fromMinorUnits(7n, 0)).toBe('7');
  });

  it('refuses what is not a decimal amount', () => {
    for (const bad of ['12,00', '1e3', '', '.5', '5.', '01.00', '1.234', ' 1.00', '+1.00']) {
      expect(() => toMinorUnits(bad)).toThrow(RangeError);
      expect(isDecimalAmount(bad)).toBe(false);
    }
    expect(isDecimalAmount('-1.00')).toBe(false);
    expect(isSignedDecimalAmount('-1.00')).toBe(true);
    expect(isSignedDecimalAmount('-0.00')).toBe(false);
  });

  it('compares exactly', () => {
    expect(compareAmounts('1000.00', '999.99')).toBe(1);
    expect(compareAmounts('1000', '1000.00')).toBe(0);
    expect(compareAmounts('-1.01', '-1.00')).toBe(-1);
  });
});
