// GET /simulator/v1/payments as the Phone and the Bank read it: who is paid, how many
// transfers, and the transition the payment just took.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestBank, type TestBank } from '../support/simulator';
import { pain001Data, pain001Tree, serialize } from '../support/pain001-builder';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const SEPA = 'pain.001-sepa-credit-transfers';

async function listed(paymentId: string): Promise<any> {
  const res = await call(bank, 'GET', '/simulator/v1/payments');
  expect(res.status).toBe(200);
  const payment = (res.body as any[]).find((p) => p.paymentId === paymentId);
  expect(payment, `payment ${paymentId} in the list`).toBeDefined();
  return payment;
}

async function created(institution: string, psuIds: string[], product: string, xml: string): Promise<string> {
  for (const psuId of psuIds) {
    const res = await bank.tpp.createPayment(await psuSession(bank.tpp, bank.control, institution, psuId), product, xml);
    if (res.status === 201) return res.body.paymentId as string;
  }
  throw new Error(`none of ${psuIds.join(', ')} may create this ${product}`);
}

describe('GET /simulator/v1/payments', () => {
  it('gives a single transfer’s creditor and, as the status moves PATC → PDNG → ACCP, the status it left', async () => {
    const paymentId = await created('frankfurt', ['FRA-CREATOR'], SEPA, readTemplate('sepa-single.xml'));
    const fresh = await listed(paymentId);
    expect(fresh).toMatchObject({
      status: 'PATC',
      previousStatus: null,
      statusChangedAt: fresh.createdAt,
      transactionCount: 1,
      creditors: [{ name: 'Transports Girard SARL', iban: 'FR7630004008210001042987126', amount: '1250.00', currency: 'EUR' }],
    });
    expect(fresh.creditors[0]).not.toHaveProperty('otherId');

    for (const approver of ['FRA-APPROVER-A', 'FRA-APPROVER-B']) {
      const { journey } = await authorisePayment(bank.tpp, bank.control, await psuSession(bank.tpp, bank.control, 'frankfurt', approver), SEPA, paymentId);
      expect(journey.status, journey.outcomeReason).toBe('finalised');
    }
    const pending = await listed(paymentId);
    expect(pending).toMatchObject({ status: 'PDNG', previousStatus: 'PATC' });
    expect(Number.isNaN(Date.parse(pending.statusChangedAt))).toBe(false);

    const processed = await call(bank, 'POST', `/simulator/v1/payments/${paymentId}/processing`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'ACCP' }),
    });
    expect(processed.status).toBe(200);
    expect(await listed(paymentId)).toMatchObject({ status: 'ACCP', previousStatus: 'PDNG' });
  });

  it('gives a bulk’s transfer count and its first 20 creditors in message order', async () => {
    const transactions = Array.from({ length: 25 }, (_, i) => ({
      endToEndId: `PREVIEW-${i + 1}`,
      amount: `${i + 1}.00`,
      currency: 'EUR',
      creditorName: `Creditor ${i + 1}`,
      creditorAccount: { iban: 'FR7630004008210001042987126' },
    }));
    const data = pain001Data(SEPA, { debtorName: 'Rhein-Main Startup GmbH', debtorAccount: { iban: 'DE60500112000001102197' }, transactions });
    const paymentId = await created('frankfurt', ['FRA-CLERK'], SEPA, serialize(pain001Tree(data), { declaration: true }));
    const payment = await listed(paymentId);
    expect(payment.transactionCount).toBe(25);
    expect(payment.creditors.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Creditor ${i + 1}`));
    expect(payment.creditors[19]).toEqual({
      name: 'Creditor 20',
      iban: 'FR7630004008210001042987126',
      amount: '20.00',
      currency: 'EUR',
      // The account is Transports Girard SARL's: Verification of Payee finds no match.
      vop: { outcome: 'noMatch', reasonCode: 'NMTC', additionalInfo: 'No match: the name does not match the account holder' },
    });
  });

  it('gives a UK creditor’s account number as written when it has no IBAN', async () => {
    const paymentId = await created('london', ['LON-CREATOR', 'LON-CLERK'], 'pain.001-faster-payments', readTemplate('faster-payments-single.xml'));
    const [creditor] = (await listed(paymentId)).creditors;
    expect(creditor).toEqual({ name: 'Oxford Office Supplies Ltd', otherId: '40478411223344', amount: '420.00', currency: 'GBP' });
  });
});
