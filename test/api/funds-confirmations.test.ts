import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, type TestBank } from '../support/simulator';
import { confirmFunds, psuSession, type PsuSession } from '../support/payments';

let bank: TestBank;
let creator: PsuSession;
const ACC_01 = 'DE37500112000001058185';
beforeAll(async () => {
  bank = await startTestBank();
  creator = await psuSession(bank, 'frankfurt', 'FRA-CREATOR');
});
afterAll(() => bank.stop());

describe('funds confirmation', () => {
  it('true when the available balance covers the amount, false when not; nothing is reserved', async () => {
    expect((await confirmFunds(bank, creator, ACC_01, '1000.00')).body).toEqual({ fundsAvailable: true });
    expect((await confirmFunds(bank, creator, ACC_01, '99999999.00')).body).toEqual({ fundsAvailable: false });
    expect((await confirmFunds(bank, creator, ACC_01, '1000.00')).body).toEqual({ fundsAvailable: true });
  });

  it('an account the PSU may not pay from is RESOURCE_UNKNOWN 403', async () => {
    const aisOnly = await psuSession(bank, 'frankfurt', 'FRA-AISONLY');
    expectBgError(await confirmFunds(bank, aisOnly, ACC_01, '1.00'), 403, 'RESOURCE_UNKNOWN');
  });

  it('a malformed request is FORMAT_ERROR', async () => {
    expectBgError(await confirmFunds(bank, creator, 'DE00123', '1.00'), 400, 'FORMAT_ERROR');
    expectBgError(await confirmFunds(bank, creator, ACC_01, '-1.00'), 400, 'FORMAT_ERROR');
    expectBgError(await confirmFunds(bank, creator, ACC_01, '1.00', 'USD'), 400, 'FORMAT_ERROR');
  });

  it('is signed: without a signature SIGNATURE_MISSING', async () => {
    const res = await call(bank, 'POST', '/frankfurt/berlingroup/v1/funds-confirmations', {
      headers: { authorization: `Bearer ${creator.token}`, 'consent-id': creator.consentId, 'x-request-id': crypto.randomUUID(), 'content-type': 'application/json' },
      body: JSON.stringify({ account: { iban: ACC_01 }, instructedAmount: { currency: 'EUR', amount: '1.00' } }),
    });
    expectBgError(res, 401, 'SIGNATURE_MISSING');
  });

  it('an AISP-only TPP gets ROLE_INVALID for funds confirmation and payments', async () => {
    const { registerTestClient } = await import('../support/clients');
    const aisp = await registerTestClient(bank, 'PSDDE-BAFIN-700001', 'frankfurt', ['PSP_AI']);
    const { createConsent, approveSca, authorize, exchangeCode, codeFrom, pkcePair } = await import('../support/simulator');
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', aisp.token);
    await approveSca(bank, consent.journeyId);
    const { verifier, challenge } = pkcePair();
    const other = { ...bank, client: { ...bank.client, clientId: aisp.clientId, clientSecret: aisp.clientSecret } };
    const tokens = await exchangeCode(other, 'frankfurt', codeFrom(await authorize(other, 'frankfurt', consent.consentId, challenge)), verifier);
    const session = { psuId: 'FRA-CREATOR', institution: 'frankfurt', consentId: consent.consentId, token: tokens.body.access_token };
    expectBgError(await confirmFunds(bank, session, ACC_01, '1.00'), 401, 'ROLE_INVALID');
    const { createPayment, template } = await import('../support/payments');
    expectBgError(await createPayment(bank, session, 'pain.001-sepa-credit-transfers', template('sepa-single.xml')), 401, 'ROLE_INVALID');
  });

  it('the sandbox always answers true', async () => {
    const sandbox = await startTestBank({ mode: 'sandbox' });
    try {
      const { authorize, exchangeCode, codeFrom, pkcePair } = await import('../support/simulator');
      const { verifier, challenge } = pkcePair();
      const tokens = await exchangeCode(sandbox, 'frankfurt', codeFrom(await authorize(sandbox, 'frankfurt', 'SANDBOX-CONSENT-FRA-1', challenge)), verifier);
      const session = { psuId: 'FRA-CREATOR', institution: 'frankfurt', consentId: 'SANDBOX-CONSENT-FRA-1', token: tokens.body.access_token };
      expect((await confirmFunds(sandbox, session, ACC_01, '99999999.00')).body).toEqual({ fundsAvailable: true });
    } finally {
      await sandbox.stop();
    }
  });
});
