import type { PreparedRequest } from '../types';
import { bankPath, prepared, psuHeaders, type PsuAccess } from './request';

const withQuery = (path: string, query: Record<string, string>): string => {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
};

export const listAccounts = (access: PsuAccess, query: Record<string, string> = {}): PreparedRequest =>
  prepared('accounts-list', access.institution, withQuery(bankPath(access.institution, 'accounts'), query), psuHeaders(access));

export const accountDetails = (access: PsuAccess, accountId: string, query: Record<string, string> = {}): PreparedRequest =>
  prepared('account-details', access.institution, withQuery(bankPath(access.institution, `accounts/${accountId}`), query), psuHeaders(access));

export const accountBalances = (access: PsuAccess, accountId: string): PreparedRequest =>
  prepared('account-balances', access.institution, bankPath(access.institution, `accounts/${accountId}/balances`), psuHeaders(access));

/** dateFrom, dateTo, bookingStatus and the like go in `query`; Accept picks JSON or camt.052 XML. */
export const accountTransactions = (access: PsuAccess, accountId: string, query: Record<string, string> = {}, accept = 'application/json'): PreparedRequest =>
  prepared('account-transactions', access.institution, withQuery(bankPath(access.institution, `accounts/${accountId}/transactions`), query), {
    ...psuHeaders(access),
    accept,
  });
