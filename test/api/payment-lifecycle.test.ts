import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, type TestBank, otherTpp } from '../support/simulator';
import { pain001Data, pain001Tree, serialize } from '../support/pain001-builder';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { txStatuses } from '../../main/tpp/pain002';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate, templateIndex } from '../../main/tpp/templates';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const PREFIX: Record<string, string> = { frankfurt: 'FRA', london: 'LON' };
const processing = (paymentId: string, body: unknown) =>
  call(bank, 'POST', `/simulator/v1/payments/${paymentId}/processing`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Creates with whichever PSU of the institution may create from the template's debtor, then authorises as the customer's rules need. */
async function createAndAuthorise(institution: string, product: string, file: string): Promise<{ paymentId: string; creator: PsuSession }> {
  const p = PREFIX[institution] as string;
  let creator = await psuSession(bank.tpp, bank.control, institution, `${p}-CREATOR`);
  let created = await bank.tpp.createPayment(creator, product, readTemplate(file));
  let approvers = [`${p}-APPROVER-A`, `${p}-APPROVER-B`];
  if (created.status !== 201) {
    creator = await psuSession(bank.tpp, bank.control, institution, `${p}-CLERK`);
    created = await bank.tpp.createPayment(creator, product, readTemplate(file));
    approvers = [`${p}-SOLO`];
  }
  expect(created.status, created.text).toBe(201);
  const paymentId = created.body.paymentId as string;
  for (const approver of approvers) {
    const { journey } = await authorisePayment(bank.tpp, bank.control, await psuSession(bank.tpp, bank.control, institution, approver), product, paymentId);
    expect(journey.status, journey.outcomeReason).toBe('finalised');
  }
  return { paymentId, creator };
}

describe('the lifecycle of each product: PATC → authorisations → PDNG → processed', () => {
  const templates = templateIndex();
  for (const t of templates.filter((x) => x.kind === 'single')) {
    it(`${t.product} (${t.file}) → ACCP`, async () => {
      const { paymentId, creator } = await createAndAuthorise(t.institution, t.product, t.file);
      expect(txStatuses((await bank.tpp.paymentStatus(creator, t.product, paymentId)).text)).toEqual(['PDNG']);
      expect((await processing(paymentId, { outcome: 'ACCP' })).body.status).toBe('ACCP');
      const report = (await bank.tpp.paymentStatus(creator, t.product, paymentId)).text;
      expect(report).toContain('urn:iso:std:iso:20022:tech:xsd:pain.002.001.03');
      expect(txStatuses(report)).toEqual(['ACCP']);
    });
  }

  it('manual ACCP of a mixed-currency SWIFT payment debits only the transfers in the account currency, as processing by the rules does', async () => {
    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const available = async (): Promise<string> => {
      const res = await call(bank, 'GET', '/frankfurt/berlingroup/v1/accounts/FRA-ACC-01/balances', {
        headers: { authorization: `Bearer ${creator.accessToken}`, 'consent-id': creator.consentId, 'x-request-id': crypto.randomUUID() },
      });
      expect(res.status, res.text).toBe(200);
      return (
        (res.body.balances as { balanceType: string; balanceAmount: { amount: string } }[]).find((b) => b.balanceType === 'interimAvailable')?.balanceAmount
          .amount ?? ''
      );
    };
    const base = pain001Data('pain.001-swift-transfers');
    const usd = base.transactions[0] as (typeof base.transactions)[number];
    const data = pain001Data('pain.001-swift-transfers', {
      transactions: [
        { ...usd, endToEndId: 'MIXED-EUR', amount: '100.00', currency: 'EUR' },
        { ...usd, endToEndId: 'MIXED-USD', amount: '50.00', currency: 'USD' },
      ],
    });
    const created = await bank.tpp.createPayment(creator, 'pain.001-swift-transfers', serialize(pain001Tree(data), { declaration: true }));
    expect(created.status, created.text).toBe(201);
    const paymentId = created.body.paymentId as string;
    for (const approver of ['FRA-APPROVER-A', 'FRA-APPROVER-B']) {
      const { journey } = await authorisePayment(
        bank.tpp,
        bank.control,
        await psuSession(bank.tpp, bank.control, 'frankfurt', approver),
        'pain.001-swift-transfers',
        paymentId,
      );
      expect(journey.status, journey.outcomeReason).toBe('finalised');
    }
    const before = Number(await available());
    expect((await processing(paymentId, { outcome: 'ACCP' })).body.status).toBe('ACCP');
    expect(Number(await available())).toBeCloseTo(before - 100, 2);
  });

  it('an ACCP payment cannot be cancelled (405)', async () => {
    const { paymentId, creator } = await createAndAuthorise('frankfurt', 'pain.001-sepa-credit-transfers', 'sepa-single.xml');
    await processing(paymentId, { outcome: 'ACCP' });
    expectBgError(await bank.tpp.cancelPayment(creator, 'pain.001-sepa-credit-transfers', paymentId), 405, 'CANCELLATION_INVALID');
  });

  it('processing RJCT with a reason code; only a PDNG payment can be processed (409)', async () => {
    const { paymentId, creator } = await createAndAuthorise('frankfurt', 'pain.001-sepa-credit-transfers', 'sepa-single.xml');
    expect((await processing(paymentId, { outcome: 'RJCT', reason: 'AC04' })).status).toBe(200);
    const report = (await bank.tpp.paymentStatus(creator, 'pain.001-sepa-credit-transfers', paymentId)).text;
    expect(txStatuses(report)).toEqual(['RJCT']);
    expect(report).toContain('<Cd>AC04</Cd>');
    expectBgError(await processing(paymentId, { outcome: 'ACCP' }), 409, 'STATUS_INVALID');
    expectBgError(await processing(paymentId, { outcome: 'RJCT', reason: 'not a code' }), 400, 'FORMAT_ERROR');
  });
});

describe('a 1,000-transaction bulk payment', () => {
  it('is accepted and, on its execution date, booked in order until the funds run out: mixed ACCP and RJCT AM04', async () => {
    const local = await startTestBank({ now: '2026-12-01T09:00:00Z' });
    try {
      const clerk = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CLERK');
      const transactions = Array.from({ length: 1000 }, (_, i) => ({
        endToEndId: `BULK-${i + 1}`,
        amount: '50.00',
        currency: 'EUR',
        creditorName: 'Transports Girard SARL',
        creditorAccount: { iban: 'FR7630004008210001042987126' },
      }));
      const data = pain001Data('pain.001-sepa-credit-transfers', {
        debtorName: 'Rhein-Main Startup GmbH',
        debtorAccount: { iban: 'DE60500112000001102197' },
        requestedExecutionDate: '2026-12-03',
        transactions,
      });
      const created = await local.tpp.createPayment(clerk, 'pain.001-sepa-credit-transfers', serialize(pain001Tree(data), { declaration: true }));
      expect(created.status, created.text).toBe(201);
      const solo = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-SOLO');
      expect((await authorisePayment(local.tpp, local.control, solo, 'pain.001-sepa-credit-transfers', created.body.paymentId)).journey.status).toBe(
        'finalised',
      );
      let statuses = txStatuses((await local.tpp.paymentStatus(clerk, 'pain.001-sepa-credit-transfers', created.body.paymentId)).text);
      expect(new Set(statuses)).toEqual(new Set(['PDNG']));

      await local.control.setClock('2026-12-03T08:00:00Z');
      const later = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CLERK');
      const report = (await local.tpp.paymentStatus(later, 'pain.001-sepa-credit-transfers', created.body.paymentId)).text;
      statuses = txStatuses(report);
      expect(statuses).toHaveLength(1000);
      // FRA-ACC-05 has EUR 23,918.47 available: 478 transfers of 50.00 fit.
      expect(statuses.filter((s) => s === 'ACCP')).toHaveLength(478);
      expect(statuses.slice(478).every((s) => s === 'RJCT')).toBe(true);
      expect(report).toContain('<Cd>AM04</Cd>');
    } finally {
      await local.stop();
    }
  }, 60_000);
});

describe('execution date', () => {
  it('a future-dated PDNG payment stays PDNG until its execution date', async () => {
    const local = await startTestBank({ now: '2027-06-10T09:00:00Z' });
    try {
      const clerk = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CLERK');
      const xml = readTemplate('sepa-single.xml').replace('DE37500112000001058185', 'DE30500112000001091194');
      const created = await local.tpp.createPayment(clerk, 'pain.001-sepa-credit-transfers', xml);
      await authorisePayment(
        local.tpp,
        local.control,
        await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-SOLO'),
        'pain.001-sepa-credit-transfers',
        created.body.paymentId,
      );
      await local.control.setClock('2027-06-14T20:00:00Z');
      let s = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CLERK');
      expect(txStatuses((await local.tpp.paymentStatus(s, 'pain.001-sepa-credit-transfers', created.body.paymentId)).text)).toEqual(['PDNG']);
      await local.control.setClock('2027-06-15T06:00:00Z');
      s = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CLERK');
      expect(txStatuses((await local.tpp.paymentStatus(s, 'pain.001-sepa-credit-transfers', created.body.paymentId)).text)).toEqual(['ACCP']);
    } finally {
      await local.stop();
    }
  });

  it('a past requested execution date moves to the earliest business date', async () => {
    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const created = await bank.tpp.createPayment(
      creator,
      'pain.001-sepa-credit-transfers',
      readTemplate('sepa-single.xml').replace(/<ReqdExctnDt>[^<]*</, '<ReqdExctnDt>2026-11-01<'),
    );
    const payment = ((await call(bank, 'GET', '/simulator/v1/payments')).body as any[]).find((p) => p.paymentId === created.body.paymentId);
    // The test clock is Sunday 2026-11-22, 10:00 UTC: the next business date is Monday.
    expect(payment.executionDate).toBe('2026-11-23');
  });
});

describe('isolation', () => {
  let paymentId: string;
  let creator: PsuSession;
  beforeAll(async () => {
    creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    paymentId = (await bank.tpp.createPayment(creator, 'pain.001-sepa-credit-transfers', readTemplate('sepa-single.xml'))).body.paymentId;
  });
  const get = (s: PsuSession, path: string) =>
    call(bank, 'GET', `/${s.institution}/berlingroup/v1/payments/${path}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${s.accessToken}`, 'consent-id': s.consentId, accept: 'application/xml' },
    });

  it('another product with the same paymentId is RESOURCE_UNKNOWN 404', async () => {
    expectBgError(await get(creator, `pain.001-internal-transfers/${paymentId}`), 404, 'RESOURCE_UNKNOWN');
  });
  it('an unknown paymentId is RESOURCE_UNKNOWN 404', async () => {
    expectBgError(await get(creator, 'pain.001-sepa-credit-transfers/nope'), 404, 'RESOURCE_UNKNOWN');
  });
  it('a consent whose PSU has no payment access to the debtor account is RESOURCE_UNKNOWN 403', async () => {
    const aisOnly = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-AISONLY');
    expectBgError(await get(aisOnly, `pain.001-sepa-credit-transfers/${paymentId}`), 403, 'RESOURCE_UNKNOWN');
  });
  it('another institution is RESOURCE_UNKNOWN 403', async () => {
    const paris = await psuSession(bank.tpp, bank.control, 'paris', 'PAR-CREATOR');
    expectBgError(await get(paris, `pain.001-sepa-credit-transfers/${paymentId}`), 403, 'RESOURCE_UNKNOWN');
  });
  it('another TPP is RESOURCE_UNKNOWN 403', async () => {
    const other = await otherTpp(bank, 'PSDNL-DNB-600001');
    const session = await psuSession(other, bank.control, 'frankfurt', 'FRA-CREATOR');
    expectBgError(await get(session, `pain.001-sepa-credit-transfers/${paymentId}`), 403, 'RESOURCE_UNKNOWN');
  });
});
