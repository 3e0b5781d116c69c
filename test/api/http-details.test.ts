import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, datePlus, expectBgError, expectOAuthError, form, startTestBankWithPsu, type TestBank } from '../support/simulator';
import { accountBalances, accountDetails, accountTransactions, listAccounts } from '../../main/tpp/requests/accounts';
import { consentStatus, getConsent } from '../../main/tpp/requests/consents';
import { getAuthorisation, getPayment, paymentStatus } from '../../main/tpp/requests/payments';
import { getBasket } from '../../main/tpp/requests/baskets-and-funds';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import type { PreparedRequest } from '../../main/tpp/types';

const SEPA = 'pain.001-sepa-credit-transfers';
let bank: TestBank;
let psu: PsuSession;
let tppToken: string;
let paymentId: string;
let authorisationId: string;
let basketId: string;
beforeAll(async () => {
  ({ bank, psu } = await startTestBankWithPsu('frankfurt', 'FRA-CREATOR'));
  tppToken = await bank.tpp.tppToken('frankfurt');
  paymentId = (await bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml')).body.paymentId;
  const approver = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
  authorisationId = (await bank.tpp.startAuthorisation(approver, SEPA, paymentId)).body.authorisationId;
  const other = (await bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml')).body.paymentId;
  basketId = (await bank.tpp.createBasket(approver, [other])).body.basketId;
});
afterAll(() => bank.stop());

const without = (request: PreparedRequest, header: string): PreparedRequest => ({
  ...request,
  headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== header)),
});

describe('X-Request-ID is required on every Berlin Group request, reads included, and echoed', () => {
  const reads: [string, () => PreparedRequest][] = [
    ['GET consent status', () => consentStatus('frankfurt', tppToken, psu.consentId)],
    ['GET consent', () => getConsent(psu)],
    ['GET accounts', () => listAccounts(psu)],
    ['GET account', () => accountDetails(psu, 'FRA-ACC-01')],
    ['GET balances', () => accountBalances(psu, 'FRA-ACC-01')],
    ['GET transactions', () => accountTransactions(psu, 'FRA-ACC-01', { bookingStatus: 'booked', dateFrom: datePlus(-30) })],
    ['GET payment', () => getPayment(psu, SEPA, paymentId)],
    ['GET payment status', () => paymentStatus(psu, SEPA, paymentId)],
    ['GET authorisation', () => getAuthorisation(psu, SEPA, paymentId, authorisationId)],
    ['GET signing basket', () => getBasket(psu, basketId)],
  ];
  for (const [name, build] of reads) {
    it(`${name} without X-Request-ID is FORMAT_ERROR; with it, answered and echoed`, async () => {
      const refused = await bank.tpp.send(without(build(), 'x-request-id'));
      expectBgError(refused, 400, 'FORMAT_ERROR');
      expect(refused.body.tppMessages[0].text).toMatch(/X-Request-ID/);
      const request = build();
      const answered = await bank.tpp.send(request);
      expect(answered.status).toBe(200);
      expect(answered.headers['x-request-id']).toBe(request.headers['x-request-id']);
    });
  }

  it('an X-Request-ID that is not a UUID is FORMAT_ERROR on a read', async () => {
    const request = getConsent(psu);
    expectBgError(await bank.tpp.send({ ...request, headers: { ...request.headers, 'x-request-id': 'req-1' } }), 400, 'FORMAT_ERROR');
  });

  it('OAuth, the signature utilities and the control API do not need it', async () => {
    expect(
      (
        await call(bank, 'POST', '/frankfurt/oauth/v1/token', {
          headers: { ...form({}).headers, authorization: basic(bank.client) },
          body: 'grant_type=client_credentials',
        })
      ).status,
    ).toBe(200);
    expect((await call(bank, 'GET', '/simulator/v1/info')).status).toBe(200);
  });
});

describe('Location headers are absolute URLs', () => {
  it('consent, payment, authorisation and basket creation answer an absolute Location of the resource', async () => {
    const consent = await bank.tpp.createConsent('frankfurt', 'FRA-CREATOR');
    expect(consent.headers.location).toBe(`${bank.url}${consent.body._links.self.href}`);
    const payment = await bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml');
    expect(payment.headers.location).toBe(`${bank.url}${payment.body._links.self.href}`);
    const approver = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    const authorisation = await bank.tpp.startAuthorisation(approver, SEPA, payment.body.paymentId);
    expect(authorisation.headers.location).toBe(`${bank.url}${authorisation.body._links.scaStatus.href}`);
    const other = (await bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml')).body.paymentId;
    const basket = await bank.tpp.createBasket(approver, [other]);
    expect(basket.headers.location).toBe(`${bank.url}${basket.body._links.self.href}`);
  });
});

describe('a known path with a wrong method is 405 with Allow', () => {
  it('a Berlin Group path: SERVICE_INVALID 405 naming the methods it takes', async () => {
    const res = await call(bank, 'PUT', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, { headers: { 'x-request-id': crypto.randomUUID() } });
    expectBgError(res, 405, 'SERVICE_INVALID');
    expect(res.headers.allow).toBe('DELETE, GET, HEAD');
    expect((await call(bank, 'GET', '/frankfurt/berlingroup/v1/consents')).headers.allow).toBe('POST');
  });

  it('the token endpoint: an RFC 6749 body with 405 and Allow', async () => {
    const res = await call(bank, 'GET', '/frankfurt/oauth/v1/token');
    expectOAuthError(res, 405, 'invalid_request');
    expect(res.headers.allow).toBe('POST');
  });

  it('a path that does not exist stays 404 without Allow', async () => {
    const res = await call(bank, 'PUT', '/frankfurt/berlingroup/v1/nothing-here');
    expectBgError(res, 404, 'RESOURCE_UNKNOWN');
    expect(res.headers.allow).toBeUndefined();
  });
});

describe('a 401 for a bad or missing bearer token carries WWW-Authenticate: Bearer error="invalid_token" (RFC 6750)', () => {
  for (const [name, authorization] of [
    ['missing', undefined],
    ['unknown', 'Bearer not-a-token'],
    ['malformed', 'Token x'],
  ] as const) {
    it(`${name} token`, async () => {
      const headers: Record<string, string> = { 'x-request-id': crypto.randomUUID(), 'consent-id': psu.consentId };
      if (authorization !== undefined) headers.authorization = authorization;
      const res = await call(bank, 'GET', '/frankfurt/berlingroup/v1/accounts', { headers });
      expectBgError(res, 401, 'TOKEN_INVALID');
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    });
  }
});

describe('a client_id in the form that contradicts HTTP Basic is refused for every grant alike', () => {
  const token = (fields: Record<string, string>) =>
    call(bank, 'POST', '/frankfurt/oauth/v1/token', { headers: { ...form(fields).headers, authorization: basic(bank.client) }, body: form(fields).body });

  it('client_credentials', async () => {
    expect((await token({ grant_type: 'client_credentials', client_id: bank.client.clientId })).status).toBe(200);
    const res = await token({ grant_type: 'client_credentials', client_id: 'someone-else' });
    expectOAuthError(res, 401, 'invalid_client');
    expect(res.body.error_description).toMatch(/someone-else/);
  });

  it('refresh_token', async () => {
    const fresh = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-SOLO');
    expectOAuthError(await token({ grant_type: 'refresh_token', refresh_token: fresh.refreshToken ?? '', client_id: 'someone-else' }), 401, 'invalid_client');
    expect((await token({ grant_type: 'refresh_token', refresh_token: fresh.refreshToken ?? '', client_id: bank.client.clientId })).status).toBe(200);
  });
});
