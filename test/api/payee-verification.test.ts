// Verification of Payee over HTTP (spec "Verification of Payee result"): each credit transfer
// of a SEPA payment carries its result in the pain.002 while the payment awaits authorisation;
// RECI blocks the start of authorisation until the time limit turns it into NOAP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionData } from '../support/pain001-builder';
import { pain001Data, pain001Tree, serialize, sumAmounts } from '../support/pain001-builder';
import { call, expectBgError, startTestBank, type TestBank } from '../support/simulator';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { type PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';

const SEPA = 'pain.001-sepa-credit-transfers';

let bank: TestBank;
let creator: PsuSession;
let approverA: PsuSession;
beforeAll(async () => {
  bank = await startTestBank();
  creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  approverA = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
});
afterAll(() => bank.stop());

const transfer = (n: number, creditorName: string, iban: string): TransactionData => ({
  endToEndId: `VOP-${n}`,
  amount: '10.00',
  currency: 'EUR',
  creditorName,
  creditorAccount: { iban },
});

async function sepaPayment(transactions: TransactionData[]): Promise<string> {
  const data = pain001Data(SEPA, { transactions, ctrlSum: sumAmounts(transactions.map((t) => t.amount)) });
  const res = await bank.tpp.createPayment(creator, SEPA, serialize(pain001Tree(data), { declaration: true }));
  expect(res.status, res.text).toBe(201);
  return res.body.paymentId as string;
}

/** Per credit transfer: TxSts, the reason codes and the AddtlInf lines, in document order. */
async function report(paymentId: string): Promise<{ status: string; reasons: string[]; info: string[] }[]> {
  const res = await bank.tpp.paymentStatus(creator, SEPA, paymentId);
  expect(res.status).toBe(200);
  return [...res.text.matchAll(/<TxInfAndSts>([\s\S]*?)<\/TxInfAndSts>/g)].map(([, tx]) => ({
    status: /<TxSts>(\w+)<\/TxSts>/.exec(tx as string)?.[1] ?? '',
    reasons: [...(tx as string).matchAll(/<Cd>(\w+)<\/Cd>/g)].map((m) => m[1] as string),
    info: [...(tx as string).matchAll(/<AddtlInf>([^<]*)<\/AddtlInf>/g)].map((m) => m[1] as string),
  }));
}

describe('VoP results in the pain.002 of a SEPA payment', () => {
  it('gives each credit transfer its own outcome: match, close match with the name, no match, NOAP', async () => {
    const paymentId = await sepaPayment([
      transfer(1, 'Transports Girard SARL', 'FR7630004008210001042987126'),
      transfer(2, 'Mueller Logistik', 'DE97700205700631807745'),
      transfer(3, 'Chevalier Conseil', 'FR7610278060210002198540268'),
      transfer(4, 'Gentse Bouwmaterialen NV', 'BE14310185609283'),
      transfer(5, 'Stichting Derdengelden Horizon', 'NL10ABNA0521987644'),
      transfer(6, 'Somebody Unknown', 'DE89370400440532013000'),
    ]);
    const txs = await report(paymentId);
    expect(txs.map((t) => t.status)).toEqual(['PATC', 'PATC', 'PATC', 'PATC', 'PATC', 'PATC']);
    expect(txs.map((t) => t.reasons)).toEqual([[], ['CMTC'], ['NMTC'], ['NOAP'], ['NOAP'], ['NOAP']]);
    expect(txs[1]?.info.join(' ')).toContain('Müller Logistik GmbH');
    expect(txs[3]?.info.join(' ')).toMatch(/service unavailable/);
    expect(txs[4]?.info.join(' ')).toMatch(/not applicable/i);

    // The Phone and the Bank read the same results through the control API.
    const listed = (await call(bank, 'GET', '/simulator/v1/payments')).body.find((p: { paymentId: string }) => p.paymentId === paymentId);
    expect(listed.creditors.map((c: { vop: { outcome: string } }) => c.vop.outcome)).toEqual([
      'match',
      'closeMatch',
      'noMatch',
      'serviceUnavailable',
      'notApplicable',
      'notApplicable',
    ]);
    expect(listed.creditors[1].vop).toEqual({ outcome: 'closeMatch', reasonCode: 'CMTC', additionalInfo: 'Müller Logistik GmbH' });
  });

  it('lets a no-match payment be authorised: the result informs the PSU, it does not block', async () => {
    const paymentId = await sepaPayment([transfer(1, 'Chevalier Conseil', 'FR7610278060210002198540268')]);
    const { journey, start } = await authorisePayment(bank.tpp, bank.control, approverA, SEPA, paymentId);
    expect(start.status, start.text).toBe(201);
    expect(journey.status).toBe('finalised');
  });

  it('keeps RECI while the payee PSP has not answered, blocking authorisation and baskets, then NOAP after the time limit', async () => {
    const paymentId = await sepaPayment([
      transfer(1, 'Transports Girard SARL', 'FR7630004008210001042987126'),
      transfer(2, 'Hafenbedarf Hamburg KG', 'DE03600501017702115834'),
    ]);
    const during = await report(paymentId);
    expect(during.map((t) => t.reasons)).toEqual([[], ['RECI']]);
    const listed = (await call(bank, 'GET', '/simulator/v1/payments')).body.find((p: { paymentId: string }) => p.paymentId === paymentId);
    expect(listed.creditors[1].vop).toMatchObject({ outcome: 'inProgress', reasonCode: 'RECI' });

    const start = await bank.tpp.startAuthorisation(approverA, SEPA, paymentId);
    expectBgError(start, 409, 'STATUS_INVALID');
    expect(start.text).toMatch(/Verification of Payee is still in progress \(RECI\)/);
    expect((await call(bank, 'GET', '/simulator/v1/sca')).body.filter((j: { resourceId: string }) => j.resourceId === paymentId)).toEqual([]);
    const basket = await bank.tpp.createBasket(approverA, [paymentId]);
    expectBgError(basket, 409, 'STATUS_INVALID');

    await bank.control.advanceClock('PT5S');
    const after = await report(paymentId);
    expect(after.map((t) => t.reasons)).toEqual([[], ['NOAP']]);
    expect(after[1]?.info.join(' ')).toMatch(/time limit/);
    const { start: allowed } = await authorisePayment(bank.tpp, bank.control, approverA, SEPA, paymentId);
    expect(allowed.status, allowed.text).toBe(201);
  });
});

describe('where VoP does not apply', () => {
  it('adds nothing to internal transfers', async () => {
    const res = await bank.tpp.createPayment(creator, 'pain.001-internal-transfers', readTemplate('internal-single.xml'));
    expect(res.status, res.text).toBe(201);
    const pain002 = await bank.tpp.paymentStatus(creator, 'pain.001-internal-transfers', res.body.paymentId);
    expect(pain002.text).not.toMatch(/<StsRsnInf>/);
    const listed = (await call(bank, 'GET', '/simulator/v1/payments')).body.find((p: { paymentId: string }) => p.paymentId === res.body.paymentId);
    expect(listed.creditors[0].vop).toBeUndefined();
  });
});
