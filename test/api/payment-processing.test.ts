import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, type TestBank } from '../support/simulator';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { txStatuses } from '../../main/tpp/pain002';
import { readTemplate } from '../../main/tpp/templates';

const SEPA = 'pain.001-sepa-credit-transfers';
// Tuesday 10:00 in Frankfurt, before the 15:00 SEPA cut-off: a payment for today executes today.
const BUSINESS_MORNING = '2026-11-24T09:00:00Z';
const TODAY = '2026-11-24';
// The default dataset's SEPA processing delay at Frankfurt.
const SEPA_DELAY_MINUTES = 15;

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ now: BUSINESS_MORNING });
});
afterAll(() => bank.stop());

/** A same-day SEPA payment of FRA-CLERK, fully authorised by FRA-SOLO (one authorisation needed). */
async function sameDayPdngPayment(): Promise<string> {
  const clerk = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CLERK');
  const xml = readTemplate('sepa-single.xml')
    .replace('DE37500112000001058185', 'DE30500112000001091194')
    .replace(/<ReqdExctnDt>[^<]*</, `<ReqdExctnDt>${TODAY}<`);
  const created = await bank.tpp.createPayment(clerk, SEPA, xml);
  expect(created.status, created.text).toBe(201);
  const paymentId = created.body.paymentId as string;
  const solo = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-SOLO');
  expect((await authorisePayment(bank.tpp, bank.control, solo, SEPA, paymentId)).journey.status).toBe('finalised');
  return paymentId;
}

const listed = async (paymentId: string): Promise<any> =>
  ((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).find((p) => p.paymentId === paymentId);
const report = async (paymentId: string): Promise<string[]> => {
  const clerk = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CLERK');
  return txStatuses((await bank.tpp.paymentStatus(clerk, SEPA, paymentId)).text);
};
const processing = (paymentId: string, body: unknown) =>
  call(bank, 'POST', `/simulator/v1/payments/${paymentId}/processing`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('PDNG until the bank processes the payment', () => {
  it("a same-day payment stays PDNG after its last authorisation, then ACCP once the product's processing delay has passed", async () => {
    const paymentId = await sameDayPdngPayment();
    expect(await listed(paymentId)).toMatchObject({ status: 'PDNG', executionDate: TODAY });
    expect(await report(paymentId)).toEqual(['PDNG']);

    await bank.control.advanceClock(`PT${SEPA_DELAY_MINUTES - 1}M`);
    expect((await listed(paymentId)).status).toBe('PDNG');
    expect(await report(paymentId)).toEqual(['PDNG']);

    await bank.control.advanceClock('PT1M');
    expect((await listed(paymentId)).status).toBe('ACCP');
    expect(await report(paymentId)).toEqual(['ACCP']);
  });

  it("the operator's processing call finishes a PDNG payment at once: ACCP", async () => {
    const paymentId = await sameDayPdngPayment();
    // A bank request first, so the time-driven moves have been applied before the operator acts.
    expect(await report(paymentId)).toEqual(['PDNG']);
    const res = await processing(paymentId, { outcome: 'ACCP' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('ACCP');
    expect(await report(paymentId)).toEqual(['ACCP']);
  });

  it("the operator's processing call finishes a PDNG payment at once: RJCT with its reason", async () => {
    const paymentId = await sameDayPdngPayment();
    expect(await report(paymentId)).toEqual(['PDNG']);
    const res = await processing(paymentId, { outcome: 'RJCT', reason: 'AC04' });
    expect(res.status, res.text).toBe(200);
    const clerk = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CLERK');
    const pain002 = (await bank.tpp.paymentStatus(clerk, SEPA, paymentId)).text;
    expect(txStatuses(pain002)).toEqual(['RJCT']);
    expect(pain002).toContain('<Cd>AC04</Cd>');
    expectBgError(await processing(paymentId, { outcome: 'ACCP' }), 409, 'STATUS_INVALID');
  });
});
