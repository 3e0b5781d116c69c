import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, type TestBank, otherTpp } from '../support/simulator';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';

let bank: TestBank;
let creator: PsuSession;
const ACC_01 = 'DE37500112000001058185';
beforeAll(async () => {
  bank = await startTestBank();
  creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
});
afterAll(() => bank.stop());

describe('funds confirmation', () => {
  it('true when the available balance covers the amount, false when not; nothing is reserved', async () => {
    expect((await bank.tpp.confirmFunds(creator, { iban: ACC_01, amount: '1000.00', currency: 'EUR' })).body).toEqual({ fundsAvailable: true });
    expect((await bank.tpp.confirmFunds(creator, { iban: ACC_01, amount: '99999999.00', currency: 'EUR' })).body).toEqual({ fundsAvailable: false });
    expect((await bank.tpp.confirmFunds(creator, { iban: ACC_01, amount: '1000.00', currency: 'EUR' })).body).toEqual({ fundsAvailable: true });
  });

  it('an account the PSU may not pay from is RESOURCE_UNKNOWN 403', async () => {
    const aisOnly = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-AISONLY');
    expectBgError(await bank.tpp.confirmFunds(aisOnly, { iban: ACC_01, amount: '1.00', currency: 'EUR' }), 403, 'RESOURCE_UNKNOWN');
  });

  it('a malformed request is FORMAT_ERROR', async () => {
    expectBgError(await bank.tpp.confirmFunds(creator, { iban: 'DE00123', amount: '1.00', currency: 'EUR' }), 400, 'FORMAT_ERROR');
    expectBgError(await bank.tpp.confirmFunds(creator, { iban: ACC_01, amount: '-1.00', currency: 'EUR' }), 400, 'FORMAT_ERROR');
    expectBgError(await bank.tpp.confirmFunds(creator, { iban: ACC_01, amount: '1.00', currency: 'USD' }), 400, 'FORMAT_ERROR');
  });

  it('is signed: without a signature SIGNATURE_MISSING', async () => {
    const res = await call(bank, 'POST', '/frankfurt/berlingroup/v1/funds-confirmations', {
      headers: {
        authorization: `Bearer ${creator.accessToken}`,
        'consent-id': creator.consentId,
        'x-request-id': crypto.randomUUID(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ account: { iban: ACC_01 }, instructedAmount: { currency: 'EUR', amount: '1.00' } }),
    });
    expectBgError(res, 401, 'SIGNATURE_MISSING');
  });

  it('an AISP-only TPP gets ROLE_INVALID for funds confirmation and payments', async () => {
    const aisp = await otherTpp(bank, 'PSDDE-BAFIN-700001', ['PSP_AI']);
    const session = await psuSession(aisp, bank.control, 'frankfurt', 'FRA-CREATOR');
    expectBgError(await aisp.confirmFunds(session, { iban: ACC_01, amount: '1.00', currency: 'EUR' }), 401, 'ROLE_INVALID');
    expectBgError(await aisp.createPayment(session, 'pain.001-sepa-credit-transfers', readTemplate('sepa-single.xml')), 401, 'ROLE_INVALID');
  });

  it('the sandbox always answers true', async () => {
    const sandbox = await startTestBank({ mode: 'sandbox' });
    try {
      // The sandbox's pre-configured consent is already authorised: straight to authorize and token.
      const session = await sandbox.tpp.psuTokens('frankfurt', 'SANDBOX-CONSENT-FRA-1', 'FRA-CREATOR');
      expect((await sandbox.tpp.confirmFunds(session, { iban: ACC_01, amount: '99999999.00', currency: 'EUR' })).body).toEqual({ fundsAvailable: true });
    } finally {
      await sandbox.stop();
    }
  });
});
