/**
 * The query parameters of the account-information operations, and the transaction-history
 * limits of the spec (recurring consent: dateFrom at most 90 calendar days back; one-off: 730),
 * with the request date passed in. Every parameter is bounded; what is wrong is named.
 */
import { BankError, formatError } from '../errors';
import { addCalendarDays, isIsoDate } from '../time/uk-time';

export type QueryParams = ReadonlyMap<string, readonly string[]>;

export type BookingStatus = 'booked' | 'pending' | 'both';

export interface TransactionQuery {
  dateFrom: string;
  /** Today when the request names no dateTo. */
  dateTo: string;
  bookingStatus: BookingStatus;
  /** 0-based. */
  pageIndex: number;
  itemsPerPage: number;
}

export const RECURRING_HISTORY_DAYS = 90;
export const ONE_OFF_HISTORY_DAYS = 730;
export const DEFAULT_ITEMS_PER_PAGE = 100;
export const MAX_ITEMS_PER_PAGE = 500;
const MAX_PAGE_INDEX = 99_999;

const BOOKING_STATUSES: readonly string[] = ['booked', 'pending', 'both'];
const TRANSACTION_PARAMS = ['dateFrom', 'dateTo', 'bookingStatus', 'withBalance', 'pageIndex', 'itemsPerPage'] as const;
const DELTA_PARAMS = ['deltaList', 'entryReferenceFrom'];

const show = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** One value per parameter, only the named parameters: a repeated or unknown one is refused. */
function single<K extends string>(params: QueryParams, allowed: readonly K[], operation: string): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const [name, values] of params) {
    if (DELTA_PARAMS.includes(name)) {
      throw formatError(`query parameter ${name}: delta reports are not offered; ask for a period with dateFrom and dateTo`);
    }
    if (!(allowed as readonly string[]).includes(name)) {
      const accepted = allowed.length > 0 ? `it takes ${allowed.join(', ')}` : 'it takes no query parameters';
      throw formatError(`query parameter ${show(name)} is not known to ${operation}; ${accepted}`);
    }
    if (values.length !== 1) throw formatError(`query parameter ${name} is sent ${values.length} times; send it once`);
    out[name as K] = values[0];
  }
  return out;
}

/** withBalance is accepted and ignored: the list and the details always carry the interim available balance (spec). */
function checkWithBalance(value: string | undefined): void {
  if (value !== undefined && value !== 'true' && value !== 'false') throw formatError(`withBalance must be true or false, got ${show(value)}`);
}

/** GET /accounts and GET /accounts/{id}: withBalance only. */
export function parseAccountQuery(params: QueryParams, operation: string): void {
  checkWithBalance(single(params, ['withBalance'], operation).withBalance);
}

/** GET /accounts/{id}/balances: no parameters. */
export function parseBalanceQuery(params: QueryParams): void {
  single(params, [], 'the balance read');
}

function wholeNumber(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw formatError(`${name} must be a whole number from ${min} to ${max}, got ${show(value)}`);
  }
  return Number(value);
}

function date(name: string, value: string): string {
  if (!isIsoDate(value)) throw formatError(`${name} must be a date written YYYY-MM-DD, got ${show(value)}`);
  return value;
}

/** The earliest dateFrom a consent may ask for on `today` (spec "Limits", transaction history). */
export function earliestDateFrom(today: string, recurring: boolean): string {
  return addCalendarDays(today, -(recurring ? RECURRING_HISTORY_DAYS : ONE_OFF_HISTORY_DAYS));
}

/**
 * GET /accounts/{id}/transactions: Berlin Group's bookingStatus (required; booked, pending or both),
 * dateFrom (required: there is no delta access), dateTo (default today, not after it), and the page.
 * `today` is the request date at the institution; `recurring` the consent's recurringIndicator.
 */
export function parseTransactionQuery(params: QueryParams, today: string, recurring: boolean): TransactionQuery {
  const q = single(params, TRANSACTION_PARAMS, 'the transaction list');
  checkWithBalance(q.withBalance);
  if (q.bookingStatus === undefined) throw formatError('query parameter bookingStatus is missing; send booked, pending or both');
  if (!BOOKING_STATUSES.includes(q.bookingStatus)) {
    const unsupported = q.bookingStatus === 'information' || q.bookingStatus === 'all';
    throw formatError(
      `bookingStatus ${show(q.bookingStatus)} is ${unsupported ? 'not offered by this bank (no standing-order information)' : 'not a booking status'}; send booked, pending or both`,
    );
  }
  if (q.dateFrom === undefined) throw formatError('query parameter dateFrom is missing: the transaction list needs a period starting at dateFrom (YYYY-MM-DD)');
  const dateFrom = date('dateFrom', q.dateFrom);
  const dateTo = q.dateTo === undefined ? today : date('dateTo', q.dateTo);
  if (dateFrom > dateTo) throw formatError(`dateFrom ${dateFrom} is after dateTo ${dateTo}`);
  if (dateTo > today) throw formatError(`dateTo ${dateTo} is in the future: the request date at this institution is ${today}`);
  const earliest = earliestDateFrom(today, recurring);
  if (dateFrom < earliest) {
    const limit = recurring ? `a recurring consent reads at most ${RECURRING_HISTORY_DAYS}` : `a one-off consent reads at most ${ONE_OFF_HISTORY_DAYS}`;
    throw formatError(`dateFrom ${dateFrom} is too far back: ${limit} calendar days before the request date ${today}, so from ${earliest}`);
  }
  return {
    dateFrom,
    dateTo,
    bookingStatus: q.bookingStatus as BookingStatus,
    pageIndex: wholeNumber('pageIndex', q.pageIndex, 0, MAX_PAGE_INDEX, 0),
    itemsPerPage: wholeNumber('itemsPerPage', q.itemsPerPage, 1, MAX_ITEMS_PER_PAGE, DEFAULT_ITEMS_PER_PAGE),
  };
}

export type ReportFormat = 'json' | 'xml';

/**
 * Content negotiation of the transaction list: application/json (the default, also for a wildcard)
 * or application/xml (text/xml too) for a camt.052; the highest q wins, the first listed on a tie.
 */
export function reportFormat(accept: string | undefined): ReportFormat {
  if (accept === undefined || accept.trim() === '') return 'json';
  let best: { format: ReportFormat; q: number } | null = null;
  for (const range of accept.slice(0, 1000).split(',')) {
    const [type = '', ...parameters] = range.split(';').map((s) => s.trim().toLowerCase());
    const qParam = parameters.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    const format: ReportFormat | null =
      type === 'application/json' || type === 'application/*' || type === '*/*' ? 'json' : type === 'application/xml' || type === 'text/xml' ? 'xml' : null;
    if (format !== null && (best === null || q > best.q)) best = { format, q };
  }
  if (best === null) {
    throw BankError.of(
      'REQUESTED_FORMATS_INVALID',
      `Accept ${show(accept)}: the transaction list is offered as application/json or application/xml (camt.052.001.02)`,
    );
  }
  return best.format;
}
