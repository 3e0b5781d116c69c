// The control API's payment documents and VoP registry, as the payment editor reads them: a
// payment's original pain.001 byte for byte, its pain.002 as GET …/status answers it, and the
// registered payees with the outcome each creditor name demonstrates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import type { InstitutionSummary } from '../../preload/api/workbench-api';
import { call, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const SEPA = 'pain.001-sepa-credit-transfers';

async function createdPayment(body: string): Promise<{ paymentId: string; session: Awaited<ReturnType<typeof psuSession>> }> {
  const session = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const res = await bank.tpp.createPayment(session, SEPA, body);
  expect(res.status, res.text).toBe(201);
  return { paymentId: res.body.paymentId as string, session };
}

describe('GET /simulator/v1/payments/{id}/pain001 and /pain002', () => {
  it('answers the exact bytes the TPP sent, and the pain.002 the TPP route answers', async () => {
    // CRLF, a comment and odd spacing: nothing of it may be normalised.
    const sent = `${readTemplate('sepa-single.xml').replace(/\n/g, '\r\n')}<!-- kept   as sent -->\r\n`;
    const { paymentId, session } = await createdPayment(sent);
    const original = await fetch(`${bank.url}/simulator/v1/payments/${paymentId}/pain001`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(Buffer.from(await original.arrayBuffer()).equals(Buffer.from(sent, 'utf8'))).toBe(true);

    const report = await fetch(`${bank.url}/simulator/v1/payments/${paymentId}/pain002`);
    expect(report.status).toBe(200);
    const xml = await report.text();
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.002.001.03');
    expect(xml).toMatch(/<TxSts>PATC<\/TxSts>/);
    // The same report as the bank's own status route, but for the message id and creation time.
    const viaTpp = await bank.tpp.paymentStatus(session, SEPA, paymentId);
    const stable = (s: string) => s.replace(/<MsgId>[^<]*<\/MsgId>/, '').replace(/<CreDtTm>[^<]*<\/CreDtTm>/, '');
    expect(stable(xml)).toBe(stable(viaTpp.text));
  });

  it('answers 404 RESOURCE_UNKNOWN for an unknown payment and 400 FORMAT_ERROR for a malformed id', async () => {
    for (const doc of ['pain001', 'pain002']) {
      const unknown = await call(bank, 'GET', `/simulator/v1/payments/no-such-payment/${doc}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.tppMessages[0]).toMatchObject({ code: 'RESOURCE_UNKNOWN', text: expect.stringContaining('no-such-payment') });
      const bad = await call(bank, 'GET', `/simulator/v1/payments/${'x'.repeat(101)}/${doc}`);
      expect(bad.status).toBe(400);
      expect(bad.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', text: expect.stringContaining('payment id') });
      const odd = await call(bank, 'GET', `/simulator/v1/payments/a%20b/${doc}`);
      expect(odd.status).toBe(400);
    }
  });
});

describe('GET /simulator/v1/institutions', () => {
  it("gives each institution as the bank's rules know it: BIC, currency, products, calendar, cut-offs and scheme limits", async () => {
    const res = await call(bank, 'GET', '/simulator/v1/institutions');
    expect(res.status).toBe(200);
    const institutions = res.body as InstitutionSummary[];
    expect(institutions.map((i) => i.id)).toEqual(['london', 'frankfurt', 'paris', 'dusseldorf', 'brussels']);
    const london = institutions.find((i) => i.id === 'london');
    expect(london).toMatchObject({
      currency: 'GBP',
      trustFramework: 'uk-open-banking',
      verificationOfPayee: false,
      productLimits: { 'pain.001-faster-payments': { amount: '1000000.00', currency: 'GBP' } },
    });
    expect(london?.products).toContain('pain.001-faster-payments');
    expect(london?.calendar.timeZone).toBe('Europe/London');
    expect(london?.calendar.holidays).toContain('2026-12-25');
    const frankfurt = institutions.find((i) => i.id === 'frankfurt');
    expect(frankfurt).toMatchObject({ currency: 'EUR', verificationOfPayee: true, productLimits: {} });
    expect(frankfurt?.bic).toMatch(/^[A-Z]{4}DE[A-Z0-9]{2}([A-Z0-9]{3})?$/);
    expect(Object.keys(frankfurt?.cutOffs ?? {})).toEqual(expect.arrayContaining(frankfurt?.products ?? ['none']));
  });
});

describe('GET /simulator/v1/vop-registry', () => {
  it('gives each registered payee with creditor names and the outcome the payee’s PSP answers for each', async () => {
    const res = await call(bank, 'GET', '/simulator/v1/vop-registry?institution=frankfurt');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ institution: 'frankfurt', verifiesPayees: true });
    const outcomes = new Set((res.body.payees as { outcome: string }[]).map((p) => p.outcome));
    for (const o of ['match', 'closeMatch', 'noMatch', 'serviceUnavailable', 'timeout']) expect(outcomes).toContain(o);
    expect(res.body.payees).toContainEqual(
      expect.objectContaining({
        iban: 'DE97700205700631807745',
        creditorName: 'Mueller Logistik',
        outcome: 'closeMatch',
        registeredName: 'Müller Logistik GmbH',
      }),
    );
    expect(res.body.payees).toContainEqual(
      expect.objectContaining({ iban: 'FR7610278060210002198540268', creditorName: 'Chevalier Conseil', outcome: 'noMatch' }),
    );
    const london = await call(bank, 'GET', '/simulator/v1/vop-registry?institution=london');
    expect(london.body.verifiesPayees).toBe(false);
  });

  it('answers 400 FORMAT_ERROR without a known institution', async () => {
    for (const [query, text] of <[string, string][]>[
      ['', 'the query needs institution'],
      ['?institution=atlantis', 'institution must be one of'],
      ['?institution=', 'institution must be one of'],
    ]) {
      const res = await call(bank, 'GET', `/simulator/v1/vop-registry${query}`);
      expect(res.status).toBe(400);
      expect(res.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', text: expect.stringContaining(text) });
    }
  });
});
