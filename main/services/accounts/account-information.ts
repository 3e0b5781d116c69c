import { buildCamt052 } from '../../domain/accounts/camt052';
import {
  accountPosition,
  interimAvailableBalance,
  reportBalances,
  type AccountPosition,
  type Balance,
  type PaymentPosting,
} from '../../domain/accounts/ledger';
import { parseAccountQuery, parseBalanceQuery, parseTransactionQuery, type QueryParams, type TransactionQuery } from '../../domain/accounts/query';
import { transactionPage, type ReportPage } from '../../domain/accounts/report';
import { consentAccess, type ConsentAccess } from '../../domain/consent/access';
import type { Consent } from '../../domain/consent/consent';
import type { Account } from '../../domain/dataset/types';
import { BankError } from '../../domain/errors';
import { localDateTime } from '../../domain/iso20022/pain001/local-time';
import type { BankContext } from '../context';
import { newId } from '../ids';
import type { PaymentAccess, PaymentContext } from '../payments/payment-access';

/** The request context of an account-information operation: PSU token, its valid consent (Consent-ID), PSU-ID if sent. */
export type AccountRequest = PaymentContext;

/** Which access category of the consent an operation needs (spec "Consent": accounts, balances, transactions). */
type Category = keyof Pick<ConsentAccess, 'accounts' | 'balances' | 'transactions'>;

export interface AccountView {
  account: Account;
  /** The corporate customer holding the account. */
  ownerName: string | undefined;
  balances: Balance[];
}

export interface TransactionReport {
  account: Account;
  ownerName: string | undefined;
  query: TransactionQuery;
  balances: Balance[];
  page: ReportPage;
}

const OPERATION = 'account information';

/**
 * Account information (spec "Account information operations"): the accounts of the consent's access
 * as the PSU's permissions give it at request time, their balances, and their transaction history
 * within the spec's limits. Reads only; the sandbox answers from the static dataset alone.
 */
export class AccountInformationService {
  constructor(
    private readonly ctx: BankContext,
    private readonly access: PaymentAccess,
  ) {}

  /** GET /accounts: the accounts category, each with its interim available balance. */
  list(request: AccountRequest, params: QueryParams): AccountView[] {
    const { access } = this.consentAccess(request);
    parseAccountQuery(params, 'the account list');
    return access.accounts.flatMap((ref) => {
      const account = this.ctx.accounts.get(ref.resourceId);
      return account && account.institution === request.institution ? [this.view(account)] : [];
    });
  }

  /** GET /accounts/{id}: the account with its interim available balance. */
  details(accountId: string, request: AccountRequest, params: QueryParams): AccountView {
    const account = this.accessibleAccount(accountId, request, 'accounts').account;
    parseAccountQuery(params, 'the account details');
    return this.view(account);
  }

  /** GET /accounts/{id}/balances: opening booked and available of today, interim booked and available. */
  balances(accountId: string, request: AccountRequest, params: QueryParams): { account: Account; balances: Balance[] } {
    const { account } = this.accessibleAccount(accountId, request, 'balances');
    parseBalanceQuery(params);
    const position = this.position(account);
    return { account, balances: reportBalances(position, position.today, position.today) };
  }

  /** GET /accounts/{id}/transactions: one page of the period's entries and the four balances of the period. */
  transactions(accountId: string, request: AccountRequest, params: QueryParams): TransactionReport {
    const { account, consent } = this.accessibleAccount(accountId, request, 'transactions');
    const today = this.today(account);
    const query = parseTransactionQuery(params, today, consent.recurringIndicator);
    const position = this.position(account, today);
    return {
      account,
      ownerName: this.ownerName(account),
      query,
      balances: reportBalances(position, query.dateFrom, query.dateTo),
      page: transactionPage(position.ledger, query),
    };
  }

  /** The report as a camt.052.001.02 message: one message per page. */
  camt052(report: TransactionReport): string {
    const { account, query, page } = report;
    return buildCamt052({
      messageId: newId().replace(/-/g, ''),
      reportId: `${account.resourceId.slice(0, 10)}-${query.dateFrom.replace(/-/g, '')}-${query.dateTo.replace(/-/g, '')}-${page.pageIndex + 1}`,
      createdAt: this.ctx.clock.now(),
      account,
      ...(report.ownerName !== undefined && { ownerName: report.ownerName }),
      dateFrom: query.dateFrom,
      dateTo: query.dateTo,
      balances: report.balances,
      entries: [...(page.booked ?? []), ...(page.pending ?? [])],
      page: { number: page.pageIndex + 1, last: page.pageIndex === page.pageCount - 1 },
    });
  }

  private consentAccess(request: AccountRequest): { consent: Consent; access: ConsentAccess } {
    const consent = this.access.consentFor(request, OPERATION);
    const psu = this.ctx.psus.get(consent.psuId);
    if (!psu) throw BankError.of('CONSENT_INVALID', `the PSU of consent ${consent.consentId} no longer exists`);
    return { consent, access: consentAccess(psu, this.ctx.accounts) };
  }

  /**
   * The account when the consent's category holds it: RESOURCE_UNKNOWN 404 where no such account
   * exists, 403 where it exists but at another institution or outside the consent's access.
   */
  private accessibleAccount(accountId: string, request: AccountRequest, category: Category): { account: Account; consent: Consent } {
    const { consent, access } = this.consentAccess(request);
    const account = this.ctx.accounts.get(accountId);
    const shown = JSON.stringify(accountId.slice(0, 100));
    if (!account) throw BankError.of('RESOURCE_UNKNOWN', `no account ${shown} exists; use a resourceId from GET /accounts`);
    if (account.institution !== request.institution) {
      throw BankError.of('RESOURCE_UNKNOWN', `account ${shown} is not accessible: it belongs to another institution endpoint`, 403);
    }
    if (!access[category].some((ref) => ref.resourceId === accountId)) {
      throw BankError.of('RESOURCE_UNKNOWN', `account ${shown} is not accessible: consent ${consent.consentId} gives no ${category} access to it`, 403);
    }
    return { account, consent };
  }

  /** The list and the details: the interim available balance, read as funds confirmation reads it (no history needed). */
  private view(account: Account): AccountView {
    return { account, ownerName: this.ownerName(account), balances: [interimAvailableBalance(account, this.today(account), this.available(account))] };
  }

  private ownerName(account: Account): string | undefined {
    return this.ctx.dataset.corporates.find((c) => c.id === account.corporateId)?.name;
  }

  private zone(account: Account): string {
    return this.ctx.dataset.institutions.find((i) => i.id === account.institution)?.calendar.timeZone ?? 'Europe/London';
  }

  /** Today at the account's institution: the one clock read in its time zone. */
  private today(account: Account): string {
    return localDateTime(this.ctx.clock.now(), this.zone(account)).date;
  }

  /**
   * The account's entries and balances today. Simulation: the bank's PDNG and processed payments
   * from the account, and the available balance funds confirmation and processing keep. The
   * sandbox is stateless: the dataset alone.
   */
  private position(account: Account, today = this.today(account)): AccountPosition {
    const zone = this.zone(account);
    const postings: PaymentPosting[] =
      this.ctx.mode() === 'sandbox'
        ? []
        : this.ctx.repos.accountPostings.postings(account.resourceId).map(({ status, statusChangedAt, transactions, ...row }) => ({
            ...row,
            status: status === 'ACCP' ? 'booked' : 'pending',
            statusDate: localDateTime(statusChangedAt, zone).date,
            transfers: transactions,
          }));
    return accountPosition(account, today, postings, this.available(account));
  }

  /** The available balance funds confirmation and processing keep (processed payments reduce it); the sandbox's is the dataset's. */
  private available(account: Account): string {
    if (this.ctx.mode() === 'sandbox') return account.availableBalance;
    return this.ctx.repos.balances.balance(account.resourceId) ?? account.availableBalance;
  }
}
