/**
 * An account's entries and balances on the one clock. The dataset's balances are the account's
 * balances today, whatever day the clock shows: the generated history always runs up to today,
 * and the bank's own bookings (processed payments) come on top of it. Every earlier balance is
 * counted back from today's through the booked entries, so opening + entries = closing holds for
 * every date range. Dates are the institution's local calendar dates.
 */
import { generateHistory, openingBalance, type BookedTransaction } from '../dataset/history';
import type { Account, PaymentProduct } from '../dataset/types';
import { fromMinorUnits, toMinorUnits } from '../money';
import { addCalendarDays, parseIsoDate } from '../time/uk-time';

export type EntryStatus = 'booked' | 'pending';

export interface Counterparty {
  name: string;
  iban?: string;
  /** An account identifier other than an IBAN, as written (UK sort code and account number). */
  otherId?: string;
}

/** One line of the account's report: booked, or pending (not yet booked). */
export interface AccountEntry {
  transactionId: string;
  status: EntryStatus;
  /** Only when booked. */
  bookingDate?: string;
  valueDate: string;
  /** What a date range reads (Berlin Group dateFrom/dateTo): the booking date when booked, the entry date when pending. */
  entryDate: string;
  /** Signed, two decimals: negative = debit. */
  amount: string;
  currency: string;
  counterparty: Counterparty;
  remittanceInformation?: string;
  endToEndId?: string;
  /** ISO 20022 Domain-Family-SubFamily. */
  bankTransactionCode: string;
}

/** A credit transfer of one of the bank's payments. */
export interface PostedTransfer {
  /** 0-based position in the PmtInf. */
  position: number;
  endToEndId: string;
  /** As in the pain.001 (further decimals than the account's are cut, as processing cuts them). */
  amount: string;
  currency: string;
  creditorName: string;
  creditorIban?: string;
  creditorOtherId?: string;
  remittance?: string;
}

/** One of the bank's payments from the account, with the credit transfers that count. */
export interface PaymentPosting {
  paymentId: string;
  product: PaymentProduct;
  /** booked: processed (ACCP), with its accepted transfers; pending: fully authorised, waiting for processing (PDNG). */
  status: EntryStatus;
  /** Local date of the last status change: processing when booked, the last authorisation when pending. */
  statusDate: string;
  executionDate: string;
  transfers: readonly PostedTransfer[];
}

export interface Ledger {
  /** Chronological by booking date. */
  booked: AccountEntry[];
  /** Chronological by entry date. */
  pending: AccountEntry[];
}

/** Where the account stands today, and everything needed to count back to an earlier day. */
export interface AccountPosition {
  today: string;
  currency: string;
  ledger: Ledger;
  /** Minor units. */
  interimBooked: bigint;
  /** What available adds to booked (an overdraft facility): the dataset's difference, kept as payments book. */
  creditLine: bigint;
  /** Whether the account has a credit line, so its available balances count one in. */
  creditLimitIncluded: boolean;
}

export type BalanceType = 'openingBooked' | 'openingAvailable' | 'interimBooked' | 'interimAvailable' | 'closingBooked' | 'closingAvailable';

export interface Balance {
  balanceType: BalanceType;
  /** Signed, two decimals. */
  amount: string;
  currency: string;
  referenceDate: string;
  /** On available balances: whether a credit line is counted in. */
  creditLimitIncluded?: boolean;
}

const DECIMALS = 2;
/** Weekend items book on the next Monday: a pending item is at most two days from its booking. */
const PENDING_LOOKAHEAD_DAYS = 3;

const PRODUCT_CODES: Record<PaymentProduct, string> = {
  'pain.001-sepa-credit-transfers': 'PMNT-ICDT-ESCT',
  'pain.001-internal-transfers': 'PMNT-ICDT-BOOK',
  'pain.001-swift-transfers': 'PMNT-ICDT-XBCT',
  'pain.001-chaps-payments': 'PMNT-ICDT-SDVA',
  'pain.001-faster-payments': 'PMNT-ICDT-DMCT',
};

const earlier = (a: string, b: string): string => (a < b ? a : b);

/** The history generator reads a calendar date as the UTC date of an instant. */
const utcDate = (isoDate: string): Date => new Date(Date.UTC(...parseIsoDate(isoDate)));

/** Amounts are kept in cents, as processing debits them (further decimals are dropped). */
function cents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return toMinorUnits(`${whole}.${(fraction + '00').slice(0, DECIMALS)}`, DECIMALS);
}

function fromHistory(tx: BookedTransaction, status: EntryStatus): AccountEntry {
  return {
    transactionId: tx.transactionId,
    status,
    ...(status === 'booked' && { bookingDate: tx.bookingDate }),
    valueDate: tx.valueDate,
    entryDate: status === 'booked' ? tx.bookingDate : tx.valueDate,
    amount: tx.amount,
    currency: tx.currency,
    counterparty: { name: tx.counterpartyName, ...(tx.counterpartyIban !== undefined && { iban: tx.counterpartyIban }) },
    remittanceInformation: tx.remittanceInformation,
    bankTransactionCode: tx.bankTransactionCode,
  };
}

/**
 * Booked: processed on its execution date, or earlier when the bank decided at once; never after today
 * (a clock set back does not move it into the future). Pending: entered when it became PDNG.
 */
function fromPosting(p: PaymentPosting, today: string): AccountEntry[] {
  const booked = p.status === 'booked';
  const date = earlier(booked ? earlier(p.executionDate, p.statusDate) : p.statusDate, today);
  return p.transfers.map((t) => ({
    transactionId: `${p.paymentId}-${t.position + 1}`,
    status: p.status,
    ...(booked && { bookingDate: date }),
    valueDate: booked ? date : p.executionDate,
    entryDate: date,
    amount: fromMinorUnits(-cents(t.amount), DECIMALS),
    currency: t.currency,
    counterparty: {
      name: t.creditorName,
      ...(t.creditorIban !== undefined && { iban: t.creditorIban }),
      ...(t.creditorOtherId !== undefined && { otherId: t.creditorOtherId }),
    },
    ...(t.remittance !== undefined && { remittanceInformation: t.remittance }),
    endToEndId: t.endToEndId,
    bankTransactionCode: PRODUCT_CODES[p.product],
  }));
}

/** Transfers in another currency than the account's are not booked against it (no FX rates, as processing). */
const inCurrency = (p: PaymentPosting, account: Account): readonly PostedTransfer[] => p.transfers.filter((t) => t.currency === account.currency);

const byEntryDate = (a: AccountEntry, b: AccountEntry): number => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : 0);

/**
 * The account's entries as of `today`: the generated history booked up to today, the items whose
 * value date has come but which book on the next business day (pending), and the bank's payments
 * from the account in its currency (pending while PDNG, booked once processed).
 */
export function accountLedger(account: Account, today: string, postings: readonly PaymentPosting[]): Ledger {
  const booked = generateHistory(account, utcDate(today)).map((t) => fromHistory(t, 'booked'));
  // The last month is enough to find what books in the next days.
  const recent = { ...account, history: { ...account.history, months: 1 } };
  const pending = generateHistory(recent, utcDate(addCalendarDays(today, PENDING_LOOKAHEAD_DAYS)))
    .filter((t) => t.valueDate <= today && t.bookingDate > today)
    .map((t) => fromHistory(t, 'pending'));
  for (const posting of postings) {
    const entries = fromPosting({ ...posting, transfers: inCurrency(posting, account) }, today);
    (posting.status === 'booked' ? booked : pending).push(...entries);
  }
  // Stable sorts: the history's own order, then the payments in processing order, within a day.
  return { booked: booked.sort(byEntryDate), pending: pending.sort(byEntryDate) };
}

/**
 * Today's balances: booked is the dataset's balance less the payments the bank has booked since;
 * `interimAvailable` is what funds confirmation and processing use (they keep it per account).
 */
export function accountPosition(account: Account, today: string, postings: readonly PaymentPosting[], interimAvailable: string): AccountPosition {
  const ledger = accountLedger(account, today, postings);
  const posted = postings.filter((p) => p.status === 'booked').reduce((sum, p) => inCurrency(p, account).reduce((s, t) => s + cents(t.amount), sum), 0n);
  const interimBooked = toMinorUnits(account.balance, DECIMALS) - posted;
  return {
    today,
    currency: account.currency,
    ledger,
    interimBooked,
    creditLine: cents(interimAvailable) - interimBooked,
    creditLimitIncluded: hasCreditLine(account),
  };
}

const hasCreditLine = (account: Account): boolean => toMinorUnits(account.availableBalance, DECIMALS) > toMinorUnits(account.balance, DECIMALS);

/** The interim available balance alone (account list and details): what funds confirmation reads, no history needed. */
export function interimAvailableBalance(account: Account, today: string, interimAvailable: string): Balance {
  return {
    balanceType: 'interimAvailable',
    amount: fromMinorUnits(cents(interimAvailable), DECIMALS),
    currency: account.currency,
    referenceDate: today,
    creditLimitIncluded: hasCreditLine(account),
  };
}

/** The booked balance at the end of `date`: today's, less everything booked after it. */
function bookedAtEndOf(position: AccountPosition, date: string): bigint {
  const later = position.ledger.booked.filter((e) => e.entryDate > date);
  return toMinorUnits(openingBalance(fromMinorUnits(position.interimBooked, DECIMALS), later), DECIMALS);
}

function pair(position: AccountPosition, booked: bigint, types: [BalanceType, BalanceType], referenceDate: string): Balance[] {
  const { currency, creditLine, creditLimitIncluded } = position;
  return [
    { balanceType: types[0], amount: fromMinorUnits(booked, DECIMALS), currency, referenceDate },
    { balanceType: types[1], amount: fromMinorUnits(booked + creditLine, DECIMALS), currency, referenceDate, creditLimitIncluded },
  ];
}

/** openingBooked and openingAvailable of `date`: the balances at the end of the day before. */
export function openingBalances(position: AccountPosition, date: string): Balance[] {
  return pair(position, bookedAtEndOf(position, addCalendarDays(date, -1)), ['openingBooked', 'openingAvailable'], date);
}

/** interimBooked and interimAvailable: now, today. */
export function interimBalances(position: AccountPosition): Balance[] {
  return pair(position, position.interimBooked, ['interimBooked', 'interimAvailable'], position.today);
}

/** closingBooked and closingAvailable at the end of a past `date`. */
export function closingBalances(position: AccountPosition, date: string): Balance[] {
  return pair(position, bookedAtEndOf(position, date), ['closingBooked', 'closingAvailable'], date);
}

/**
 * The four balances of a transaction report (spec "Account information operations"): opening booked
 * and available for dateFrom always; interim when dateTo is today, closing otherwise.
 */
export function reportBalances(position: AccountPosition, dateFrom: string, dateTo: string): Balance[] {
  return [...openingBalances(position, dateFrom), ...(dateTo === position.today ? interimBalances(position) : closingBalances(position, dateTo))];
}
