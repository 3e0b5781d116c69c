/**
 * The booked transactions of an account, generated from its `history` settings.
 * Deterministic: each calendar month draws from its own PRNG seeded by the account's
 * seed and the month, so a month's items and ids do not depend on `until` and stay the
 * same when the simulated clock moves on.
 */
import type { Account } from './types';
import { fromMinorUnits, toMinorUnits } from '../money';
import { seededRandom } from '../random';

export interface BookedTransaction {
  transactionId: string;
  /** YYYY-MM-DD; weekend items book on the following Monday. */
  bookingDate: string;
  /** YYYY-MM-DD; the day the item was due or the card was used. */
  valueDate: string;
  /** Signed decimal with two decimals: negative = debit. */
  amount: string;
  currency: string;
  counterpartyName: string;
  counterpartyIban?: string;
  remittanceInformation: string;
  /** ISO 20022 bank transaction code, Domain-Family-SubFamily. */
  bankTransactionCode: string;
}

const DECIMALS = 2;
const CREDIT_SHARE = 0.2;
const CARD_SHARE_OF_DEBITS = 0.5;
const MIN_RANDOM_MINOR = 100n;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** Same day `months` calendar months earlier, clamped to the end of a shorter month. */
function monthsBefore(d: Date, months: number): Date {
  const target = d.getUTCFullYear() * 12 + d.getUTCMonth() - months;
  const year = Math.floor(target / 12);
  const month0 = target - year * 12;
  return new Date(Date.UTC(year, month0, Math.min(d.getUTCDate(), daysInMonth(year, month0))));
}

function nextWeekday(d: Date): Date {
  const day = d.getUTCDay();
  const shift = day === 6 ? 2 : day === 0 ? 1 : 0;
  return new Date(d.getTime() + shift * 86_400_000);
}

function transferCode(currency: string, credit: boolean): string {
  const scheme = currency === 'EUR' ? 'ESCT' : 'DMCT';
  return `PMNT-${credit ? 'RCDT' : 'ICDT'}-${scheme}`;
}

interface Draft extends Omit<BookedTransaction, 'transactionId' | 'bookingDate' | 'valueDate'> {
  day: number;
}

function monthDrafts(account: Account, year: number, month0: number): Draft[] {
  const { history, currency } = account;
  const random = seededRandom(history.seed ^ Math.imul(year * 12 + month0 + 1, 0x9e3779b1));
  const drafts: Draft[] = history.recurring.map((r) => {
    const minor = toMinorUnits(r.amount, DECIMALS);
    return {
      day: r.dayOfMonth,
      amount: fromMinorUnits(minor, DECIMALS),
      currency,
      counterpartyName: r.counterpartyName,
      ...(r.counterpartyIban !== undefined && { counterpartyIban: r.counterpartyIban }),
      remittanceInformation: r.remittanceInformation,
      bankTransactionCode: r.bankTransactionCode ?? transferCode(currency, minor > 0n),
    };
  });
  const maxMinor = toMinorUnits(history.randomMaxAmount, DECIMALS);
  const counterparties = history.randomCounterparties;
  for (let i = 0; i < history.randomPerMonth && counterparties.length > 0; i++) {
    const day = 1 + Math.floor(random() * daysInMonth(year, month0));
    const counterpartyName = counterparties[Math.floor(random() * counterparties.length)] ?? '';
    const credit = random() < CREDIT_SHARE;
    const card = !credit && random() < CARD_SHARE_OF_DEBITS;
    // Squaring skews amounts towards small ones, as real card and invoice traffic is.
    const share = random() ** 2;
    const span = maxMinor > MIN_RANDOM_MINOR ? maxMinor - MIN_RANDOM_MINOR : 0n;
    const magnitude = MIN_RANDOM_MINOR + (span * BigInt(Math.floor(share * 1e9))) / 1_000_000_000n;
    const reference = `${year % 100}${String(month0 + 1).padStart(2, '0')}${String(Math.floor(random() * 10000)).padStart(4, '0')}`;
    drafts.push({
      day,
      amount: fromMinorUnits(credit ? magnitude : -magnitude, DECIMALS),
      currency,
      counterpartyName,
      remittanceInformation: credit ? `Payment of invoice ${reference}` : card ? `Card payment ${counterpartyName}` : `Invoice ${reference}`,
      bankTransactionCode: card ? 'PMNT-CCRD-POSD' : transferCode(currency, credit),
    });
  }
  return drafts;
}

/** The account's booked history for `history.months` months up to and including the UTC date of `until`. */
export function generateHistory(account: Account, until: Date): BookedTransaction[] {
  const last = isoDate(until);
  const first = isoDate(monthsBefore(until, account.history.months));
  // One month earlier too: its weekend items may book on the first days of the range.
  const firstMonth = until.getUTCFullYear() * 12 + until.getUTCMonth() - account.history.months - 1;
  const lastMonth = until.getUTCFullYear() * 12 + until.getUTCMonth();
  const result: BookedTransaction[] = [];
  for (let m = firstMonth; m <= lastMonth; m++) {
    const year = Math.floor(m / 12);
    const month0 = m - year * 12;
    monthDrafts(account, year, month0).forEach(({ day, ...draft }, index) => {
      const value = new Date(Date.UTC(year, month0, day));
      const bookingDate = isoDate(nextWeekday(value));
      if (bookingDate <= first || bookingDate > last) return;
      result.push({
        transactionId: `${account.resourceId}-${year}${String(month0 + 1).padStart(2, '0')}-${String(index + 1).padStart(3, '0')}`,
        bookingDate,
        valueDate: isoDate(value),
        ...draft,
      });
    });
  }
  return result.sort((a, b) => (a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : a.transactionId < b.transactionId ? -1 : 1));
}

/** The balance before the first transaction, given the balance after the last. */
export function openingBalance(current: string, txs: readonly Pick<BookedTransaction, 'amount'>[]): string {
  const total = txs.reduce((sum, tx) => sum + toMinorUnits(tx.amount, DECIMALS), 0n);
  return fromMinorUnits(toMinorUnits(current, DECIMALS) - total, DECIMALS);
}
