// A payment's pain.002 is kept between the writes and the moments that change it (PaymentService.report):
// after each change the kept report must read exactly as one made fresh by a new process on the same data
// folder (no kept reports), apart from the two per-request fields MsgId and CreDtTm.
import { afterAll, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import { newDataFolder, startTestBank, type TestBank } from '../support/simulator';
import { rmSync } from 'node:fs';

const SEPA = 'pain.001-sepa-credit-transfers';
// FRA-CLERK's own account as the debtor.
const PAYMENT = readTemplate('sepa-single.xml').replace('DE37500112000001058185', 'DE30500112000001091194');
const dataDir = newDataFolder('wb-status-cache-');
let bank: TestBank;
afterAll(async () => {
  await bank.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The report without its message id and creation time, made afresh for each answer. */
const steady = (xml: string): string => xml.replace(/<MsgId>[^<]*<\/MsgId>/, '<MsgId/>').replace(/<CreDtTm>[^<]*<\/CreDtTm>/, '<CreDtTm/>');

async function statusReport(paymentId: string): Promise<string> {
  const res = await fetch(`${bank.url}/simulator/v1/payments/${paymentId}/pain002`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The report as a new process (nothing kept) makes it at the same simulated moment. */
async function freshReport(paymentId: string): Promise<string> {
  const now = (await bank.control.now()).toISOString();
  await bank.stop();
  bank = await startTestBank({ dataDir, now });
  return statusReport(paymentId);
}

it('reads as a fresh report after a write of the payment and after its PATC expiry', async () => {
  bank = await startTestBank({ dataDir });
  const clerk = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CLERK');
  const created = [await bank.tpp.createPayment(clerk, SEPA, PAYMENT), await bank.tpp.createPayment(clerk, SEPA, PAYMENT)];
  for (const res of created) expect(res.status, res.text).toBe(201);
  const [cancelled, expiring] = created.map((res) => res.body.paymentId as string) as [string, string];
  const before = await statusReport(cancelled);
  expect(steady(await statusReport(cancelled))).toBe(steady(before));
  await statusReport(expiring);

  expect((await bank.tpp.cancelPayment(clerk, SEPA, cancelled)).status).toBe(204);
  const afterCancel = await statusReport(cancelled);
  expect(afterCancel).toContain('<TxSts>RJCT</TxSts>');
  expect(steady(afterCancel)).toBe(steady(await freshReport(cancelled)));

  await statusReport(expiring);
  await bank.control.advanceClock('P91D');
  const expired = await statusReport(expiring);
  expect(expired).toContain('<TxSts>RJCT</TxSts>');
  expect(steady(expired)).toBe(steady(await freshReport(expiring)));
});
