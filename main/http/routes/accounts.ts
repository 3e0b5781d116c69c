import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reportFormat } from '../../domain/accounts/query';
import { accountRecord, balanceRecord, accountReferenceRecord, pageQueries, transactionsRecord } from '../../domain/accounts/report';
import { headerValue, optionalHeader, requireHeaders } from '../../domain/headers/require';
import type { Services } from '../../services';
import type { AccountRequest, AccountView } from '../../services/accounts/account-information';
import { bankPaths } from '../bank-paths';
import { queryParams } from '../body';
import { institutionParam } from '../institution';
import { authenticate } from '../tpp-context';
import type { RoleBankOperation } from '../../domain/operations/registry';

const BASE = '/:institution/berlingroup/v1/accounts';

/** The PSU token, an AISP, and the consent named by Consent-ID (Berlin Group: mandatory on account information). */
function accountRequest(request: FastifyRequest, services: Services, operation: RoleBankOperation): AccountRequest {
  const institution = institutionParam(request.params);
  const { grant } = authenticate(request, services, institution, 'psu', operation);
  const consentIdHeader = requireHeaders(request.headers, ['consent-id'])['consent-id'];
  optionalHeader(request.headers, 'x-request-id');
  optionalHeader(request.headers, 'psu-ip-address');
  return { institution, grant, consentIdHeader, psuId: optionalHeader(request.headers, 'psu-id') };
}

const accountId = (request: FastifyRequest): string => (request.params as { accountId: string }).accountId;

function accountLinks(institution: string, id: string): Record<string, { href: string }> {
  const self = bankPaths.account(institution, id);
  return { balances: { href: `${self}/balances` }, transactions: { href: `${self}/transactions` } };
}

export function accountRoutes(app: FastifyInstance, services: Services): void {
  const record = (institution: string, view: AccountView): Record<string, unknown> =>
    accountRecord(view.account, view.ownerName, view.balances, accountLinks(institution, view.account.resourceId));

  app.get(BASE, async (request) => {
    const context = accountRequest(request, services, 'accounts-list');
    const views = services.accounts.list(context, queryParams(request.url));
    return { accounts: views.map((view) => record(context.institution, view)) };
  });

  app.get(`${BASE}/:accountId`, async (request) => {
    const context = accountRequest(request, services, 'account-details');
    return { account: record(context.institution, services.accounts.details(accountId(request), context, queryParams(request.url))) };
  });

  app.get(`${BASE}/:accountId/balances`, async (request) => {
    const context = accountRequest(request, services, 'account-balances');
    const { account, balances } = services.accounts.balances(accountId(request), context, queryParams(request.url));
    return { account: accountReferenceRecord(account), balances: balances.map(balanceRecord) };
  });

  app.get(`${BASE}/:accountId/transactions`, async (request, reply) => {
    const format = reportFormat(headerValue(request.headers, 'accept'));
    const context = accountRequest(request, services, 'account-transactions');
    const report = services.accounts.transactions(accountId(request), context, queryParams(request.url));
    const self = bankPaths.account(context.institution, report.account.resourceId);
    const pages = Object.entries(pageQueries(report.query, report.page)).map(([rel, query]) => [rel, `${self}/transactions?${query}`] as const);
    if (format === 'xml') {
      // camt.052 has no place for links: the other pages go in an RFC 8288 Link header; MsgPgntn tells the page.
      if (pages.length > 0) reply.header('link', pages.map(([rel, href]) => `<${href}>; rel="${rel}"`).join(', '));
      return reply.type('application/xml; charset=utf-8').send(services.accounts.camt052(report));
    }
    const links = { account: { href: self }, ...Object.fromEntries(pages.map(([rel, href]) => [rel, { href }])) };
    return transactionsRecord(report.account, report.page, report.balances, links);
  });
}
