/**
 * The account-information answers in Berlin Group v1.3 field names (the spec leaves the records
 * "not shown"), and the paging of a transaction list: one page holds at most itemsPerPage
 * entries, booked ones first, then pending ones, and links name the other pages.
 */
import { accountReference } from '../consent/access';
import type { Account } from '../dataset/types';
import { formatError } from '../errors';
import type { AccountEntry, Balance, Ledger } from './ledger';
import { DEFAULT_ITEMS_PER_PAGE, type TransactionQuery } from './query';

export interface ReportPage {
  /** Present unless only pending entries were asked for. */
  booked?: AccountEntry[];
  /** Present unless only booked entries were asked for. */
  pending?: AccountEntry[];
  /** 0-based. */
  pageIndex: number;
  pageCount: number;
  totalEntries: number;
}

/** The entries of the period and booking status, cut to the requested page. */
export function transactionPage(ledger: Ledger, query: TransactionQuery): ReportPage {
  const { dateFrom, dateTo, bookingStatus, pageIndex, itemsPerPage } = query;
  const inPeriod = (e: AccountEntry): boolean => e.entryDate >= dateFrom && e.entryDate <= dateTo;
  const all = [...(bookingStatus === 'pending' ? [] : ledger.booked.filter(inPeriod)), ...(bookingStatus === 'booked' ? [] : ledger.pending.filter(inPeriod))];
  const pageCount = Math.max(1, Math.ceil(all.length / itemsPerPage));
  if (pageIndex >= pageCount) {
    throw formatError(`pageIndex ${pageIndex} is beyond the last page ${pageCount - 1} of this list (${all.length} entries, ${itemsPerPage} a page)`);
  }
  const slice = all.slice(pageIndex * itemsPerPage, (pageIndex + 1) * itemsPerPage);
  return {
    ...(bookingStatus !== 'pending' && { booked: slice.filter((e) => e.status === 'booked') }),
    ...(bookingStatus !== 'booked' && { pending: slice.filter((e) => e.status === 'pending') }),
    pageIndex,
    pageCount,
    totalEntries: all.length,
  };
}

export type PageLink = 'first' | 'previous' | 'next' | 'last';

/**
 * The query strings of the other pages, only where the list has more than one. They carry the
 * resolved period (dateTo included), so every page reads the same list.
 */
export function pageQueries(query: TransactionQuery, page: ReportPage): Partial<Record<PageLink, string>> {
  if (page.pageCount <= 1) return {};
  const at = (pageIndex: number): string => {
    const q = new URLSearchParams({ dateFrom: query.dateFrom, dateTo: query.dateTo, bookingStatus: query.bookingStatus });
    if (query.itemsPerPage !== DEFAULT_ITEMS_PER_PAGE) q.set('itemsPerPage', String(query.itemsPerPage));
    q.set('pageIndex', String(pageIndex));
    return q.toString();
  };
  return {
    first: at(0),
    ...(page.pageIndex > 0 && { previous: at(page.pageIndex - 1) }),
    ...(page.pageIndex < page.pageCount - 1 && { next: at(page.pageIndex + 1) }),
    last: at(page.pageCount - 1),
  };
}

type Json = Record<string, unknown>;
type Links = Record<string, { href: string }>;

/** Berlin Group accountReference of the account itself: IBAN, or BBAN (UK sort code and account number), and the currency. */
export function accountReferenceRecord(account: Account): Json {
  const { resourceId: _resourceId, currency, ...identification } = accountReference(account);
  return { ...identification, currency };
}

export function balanceRecord(balance: Balance): Json {
  return {
    balanceAmount: { currency: balance.currency, amount: balance.amount },
    balanceType: balance.balanceType,
    referenceDate: balance.referenceDate,
    ...(balance.creditLimitIncluded !== undefined && { creditLimitIncluded: balance.creditLimitIncluded }),
  };
}

/** accountDetails: the account with its balances (the list and the details: interim available) and links. */
export function accountRecord(account: Account, ownerName: string | undefined, balances: readonly Balance[], links: Links): Json {
  const { resourceId, currency, ...identification } = accountReference(account);
  return {
    resourceId,
    ...identification,
    currency,
    name: account.name,
    cashAccountType: account.cashAccountType,
    status: 'enabled',
    bic: account.bic,
    ...(ownerName !== undefined && { ownerName }),
    balances: balances.map(balanceRecord),
    _links: links,
  };
}

const BBAN = /^[A-Za-z0-9]{1,30}$/;

function counterpartyAccount(entry: AccountEntry): Json | undefined {
  const { iban, otherId } = entry.counterparty;
  if (iban !== undefined) return { iban };
  if (otherId !== undefined) return BBAN.test(otherId) ? { bban: otherId } : { other: { identification: otherId } };
  return undefined;
}

const MAX_REMITTANCE = 140;

/** Unstructured remittance is Max140Text: a longer one (several pain.001 lines) goes as the array form, piece by piece. */
function remittanceRecord(text: string | undefined): Json {
  if (text === undefined) return {};
  const chars = [...text];
  if (chars.length <= MAX_REMITTANCE) return { remittanceInformationUnstructured: text };
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += MAX_REMITTANCE) pieces.push(chars.slice(i, i + MAX_REMITTANCE).join(''));
  return { remittanceInformationUnstructuredArray: pieces };
}

/** A transaction: the counterparty is the creditor of a debit and the debtor of a credit. */
export function transactionRecord(entry: AccountEntry): Json {
  const debit = entry.amount.startsWith('-');
  const account = counterpartyAccount(entry);
  return {
    transactionId: entry.transactionId,
    ...(entry.endToEndId !== undefined && { endToEndId: entry.endToEndId }),
    ...(entry.bookingDate !== undefined && { bookingDate: entry.bookingDate }),
    valueDate: entry.valueDate,
    transactionAmount: { currency: entry.currency, amount: entry.amount },
    [debit ? 'creditorName' : 'debtorName']: entry.counterparty.name,
    ...(account !== undefined && { [debit ? 'creditorAccount' : 'debtorAccount']: account }),
    ...remittanceRecord(entry.remittanceInformation),
    bankTransactionCode: entry.bankTransactionCode,
  };
}

/** transactionsResponse-200_json: the account, the page's entries with the links, and the four balances. */
export function transactionsRecord(account: Account, page: ReportPage, balances: readonly Balance[], links: Links): Json {
  return {
    account: accountReferenceRecord(account),
    transactions: {
      ...(page.booked !== undefined && { booked: page.booked.map(transactionRecord) }),
      ...(page.pending !== undefined && { pending: page.pending.map(transactionRecord) }),
      _links: links,
    },
    balances: balances.map(balanceRecord),
  };
}
