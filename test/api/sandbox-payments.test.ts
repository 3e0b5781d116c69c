import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, type TestBank } from '../support/simulator';
import { txStatuses } from '../../main/tpp/pain002';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';

const SEPA = 'pain.001-sepa-credit-transfers';
let bank: TestBank;
let session: PsuSession;
beforeAll(async () => {
  bank = await startTestBank({ mode: 'sandbox' });
  // The sandbox's pre-configured consent is already authorised: straight to authorize and token.
  session = await bank.tpp.psuTokens('frankfurt', 'SANDBOX-CONSENT-FRA-1', 'FRA-CREATOR');
});
afterAll(() => bank.stop());

const count = async (): Promise<number> => ((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).length;

describe('sandbox payments (spec "Sandbox behaviour" 5-7)', () => {
  it('POST /payments validates, stores nothing and always returns the fixed identifier of the product', async () => {
    const first = await bank.tpp.createPayment(session, SEPA, readTemplate('sepa-single.xml'));
    const second = await bank.tpp.createPayment(session, SEPA, readTemplate('sepa-bulk.xml'));
    expect(first.status).toBe(201);
    expect([first.body.paymentId, second.body.paymentId]).toEqual(['SANDBOX-SEPA-0001', 'SANDBOX-SEPA-0001']);
    expect(await count()).toBe(0);
    expectBgError(await bank.tpp.createPayment(session, SEPA, readTemplate('sepa-single.xml').replaceAll('Ccy="EUR"', 'Ccy="USD"')), 400, 'PAYMENT_FAILED');
  });

  it('the three signature headers are still validated', async () => {
    const res = await call(bank, 'POST', `/frankfurt/berlingroup/v1/payments/${SEPA}`, {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'consent-id': session.consentId,
        'x-request-id': crypto.randomUUID(),
        'psu-id': 'FRA-CREATOR',
        'content-type': 'application/xml',
      },
      body: readTemplate('sepa-single.xml'),
    });
    expectBgError(res, 401, 'SIGNATURE_MISSING');
  });

  it('pre-loaded payments answer from static data: status PATC, RJCT or n.a.', async () => {
    expect(txStatuses((await bank.tpp.paymentStatus(session, SEPA, 'SANDBOX-SEPA-PATC-OPEN')).text)).toEqual(['PATC']);
    expect(txStatuses((await bank.tpp.paymentStatus(session, SEPA, 'SANDBOX-SEPA-RJCT')).text)).toEqual(['RJCT']);
    const na = (await bank.tpp.paymentStatus(session, SEPA, 'SANDBOX-SEPA-NA')).text;
    expect(txStatuses(na)).toEqual([]);
    expect(na).toContain('n.a.');
    const original = await call(bank, 'GET', `/frankfurt/berlingroup/v1/payments/${SEPA}/SANDBOX-SEPA-RJCT`, {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'consent-id': session.consentId,
        'x-request-id': crypto.randomUUID(),
        accept: 'application/xml',
      },
    });
    expect(original.text).toBe(readTemplate('sepa-single.xml'));
  });

  it('create-authorisation gives an SCA redirection or 409; GET authorisation started or finalised', async () => {
    const ok = await bank.tpp.startAuthorisation(session, SEPA, 'SANDBOX-SEPA-PATC-SIGNED');
    expect(ok.status).toBe(201);
    const status = await call(bank, 'GET', `/frankfurt/berlingroup/v1/payments/${SEPA}/SANDBOX-SEPA-PATC-SIGNED/authorisations/${ok.body.authorisationId}`, {
      headers: { authorization: `Bearer ${session.accessToken}`, 'consent-id': session.consentId, 'x-request-id': crypto.randomUUID() },
    });
    expect(status.body).toEqual({ scaStatus: 'finalised' });
    expect((await fetch(ok.body._links.scaRedirect.href)).status).toBe(200);
    expectBgError(await bank.tpp.startAuthorisation(session, SEPA, 'SANDBOX-SEPA-RJCT'), 409, 'STATUS_INVALID');
  });

  it('DELETE gives 204 or 405', async () => {
    expect((await bank.tpp.cancelPayment(session, SEPA, 'SANDBOX-SEPA-PATC-OPEN')).status).toBe(204);
    expectBgError(await bank.tpp.cancelPayment(session, SEPA, 'SANDBOX-SEPA-NA'), 405, 'CANCELLATION_INVALID');
    expectBgError(await bank.tpp.cancelPayment(session, SEPA, 'SANDBOX-NOTHING'), 404, 'RESOURCE_UNKNOWN');
  });

  it('POST /signing-baskets returns the one fixed basket; pre-loaded baskets are finalised or failed', async () => {
    const res = await bank.tpp.createBasket(session, ['SANDBOX-SEPA-PATC-OPEN']);
    expect(res.status).toBe(201);
    expect(res.body.basketId).toBe('SANDBOX-BASKET-0001');
    const read = (id: string) =>
      call(bank, 'GET', `/frankfurt/berlingroup/v1/signing-baskets/${id}`, {
        headers: { authorization: `Bearer ${session.accessToken}`, 'consent-id': session.consentId, 'x-request-id': crypto.randomUUID() },
      });
    expect((await read('SANDBOX-BASKET-FINALISED')).body).toMatchObject({ scaStatus: 'finalised', transactionStatus: 'ACTC' });
    expect((await read('SANDBOX-BASKET-FAILED')).body).toMatchObject({ scaStatus: 'failed', transactionStatus: 'RJCT' });
  });

  it('the fixed basket and every pre-loaded basket list, through each institution, at least one payment that answers there', async () => {
    const sandbox = (await call(bank, 'GET', '/simulator/v1/psus')).body as { institution: string }[];
    const institutions = [...new Set(sandbox.map((p) => p.institution))];
    expect(institutions).toHaveLength(5);
    for (const institution of institutions) {
      const prefix = institution.slice(0, 3).toUpperCase();
      const own = await bank.tpp.psuTokens(institution, `SANDBOX-CONSENT-${prefix}-1`, `${prefix}-CREATOR`);
      for (const basketId of ['SANDBOX-BASKET-0001', 'SANDBOX-BASKET-FINALISED', 'SANDBOX-BASKET-FAILED']) {
        const basket = await bank.tpp.getBasket(own, basketId);
        expect(basket.status).toBe(200);
        expect(basket.body.payments.length, `${basketId} at ${institution}`).toBeGreaterThan(0);
        for (const paymentId of basket.body.payments as string[]) {
          const product = PRODUCT_OF[paymentId] as string;
          expect((await bank.tpp.paymentStatus(own, product, paymentId)).status, `${paymentId} at ${institution}`).toBe(200);
        }
      }
    }
  });

  it('a pre-loaded payment of a product the institution does not offer is PRODUCT_UNKNOWN there', async () => {
    const london = await bank.tpp.psuTokens('london', 'SANDBOX-CONSENT-LON-1', 'LON-CREATOR');
    expectBgError(await bank.tpp.paymentStatus(london, SEPA, 'SANDBOX-SEPA-PATC-OPEN'), 404, 'PRODUCT_UNKNOWN');
    expect((await bank.tpp.paymentStatus(london, 'pain.001-chaps-payments', 'SANDBOX-CHAPS-PATC')).status).toBe(200);
  });
});

const PRODUCT_OF: Record<string, string> = {
  'SANDBOX-SEPA-PATC-OPEN': SEPA,
  'SANDBOX-SEPA-PATC-SIGNED': SEPA,
  'SANDBOX-INTERNAL-PATC': 'pain.001-internal-transfers',
  'SANDBOX-CHAPS-PATC': 'pain.001-chaps-payments',
};
