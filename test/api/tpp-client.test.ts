// The built-in TPP (main/tpp) against a started simulator over real HTTP: every operation of the
// spec, token refresh on the simulated clock, and each deliberate fault with the bank's diagnosis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { txStatuses } from '../../main/tpp/pain002';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate, templateIndex } from '../../main/tpp/templates';
import type { SignFaults } from '../../main/tpp/types';
import { call, expectBgError, startTestBank, startTestBankWithPsu, type TestBank } from '../support/simulator';

let bank: TestBank;
let creator: PsuSession;
beforeAll(async () => {
  ({ bank, psu: creator } = await startTestBankWithPsu('frankfurt', 'FRA-CREATOR'));
});
afterAll(() => bank.stop());

const SEPA = 'pain.001-sepa-credit-transfers';

const paymentCount = async (): Promise<number> => ((await call(bank, 'GET', '/simulator/v1/payments')).body as unknown[]).length;
const lastDiagnosis = async (): Promise<any> => ((await call(bank, 'GET', '/simulator/v1/exchanges?limit=1')).body as any[])[0].signature;

describe('consents and account information', () => {
  it('a PSU session: consent, SCA link, approval, authorize with PKCE, tokens on the simulated clock', async () => {
    const s = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-AISONLY');
    expect(s.refreshToken).toMatch(/\S/);
    expect(s.accessExpiresAt.getTime() - (await bank.control.now()).getTime()).toBeLessThanOrEqual(10 * 60_000);
    expect(bank.tpp.session('frankfurt', s.consentId)).toBe(s);
    expect((await bank.tpp.consentStatus('frankfurt', s.consentId)).body).toEqual({ consentStatus: 'valid', scaStatus: 'finalised' });
    const consent = await bank.tpp.getConsent(s);
    expect(consent.status).toBe(200);
    const [account] = consent.body.access.accounts as { resourceId: string }[];
    expect((await bank.tpp.accounts(s)).body.accounts.length).toBeGreaterThan(0);
    expect((await bank.tpp.account(s, account!.resourceId)).body.account.resourceId).toBe(account!.resourceId);
    expect((await bank.tpp.balances(s, account!.resourceId)).body.balances.length).toBeGreaterThan(0);
    const transactions = await bank.tpp.transactions(s, account!.resourceId, { bookingStatus: 'booked', dateFrom: '2026-11-01' });
    expect(transactions.status, transactions.text).toBe(200);
    const camt = await bank.tpp.transactions(s, account!.resourceId, { bookingStatus: 'booked', dateFrom: '2026-11-01' }, 'application/xml');
    expect(camt.headers['content-type']).toMatch(/^application\/xml/);
    expect((await bank.tpp.deleteConsent(s)).status).toBe(204);
    expect((await bank.tpp.consentStatus('frankfurt', s.consentId)).body.consentStatus).toBe('terminatedByTpp');
  });

  it("the SCA link is single use, as the PSU's browser finds", async () => {
    const consent = await bank.tpp.startConsent('frankfurt', 'FRA-CREATOR');
    expect((await bank.tpp.openScaLink(consent.scaRedirect)).status).toBe(200);
    expect((await bank.tpp.openScaLink(consent.scaRedirect)).status).not.toBe(200);
  });
});

describe('tokens', () => {
  it('keeps the TPP token per institution and gets a new one when the bank no longer knows it', async () => {
    const token = await bank.tpp.tppToken('paris');
    expect(await bank.tpp.tppToken('paris')).toBe(token);
    expect(await bank.tpp.tppToken('london')).not.toBe(token);
    expect((await bank.tpp.createConsent('paris', 'PAR-CREATOR', { tppToken: 'not-a-token' })).status).toBe(401);
  });

  it('refreshes an expired PSU access token with the refresh_token grant, until the 21-minute window ends', async () => {
    const local = await startTestBank();
    try {
      const s = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-CREATOR');
      const first = s.accessToken;
      await local.control.advanceClock('PT10M1S');
      expectBgError(
        await call(local, 'GET', `/frankfurt/berlingroup/v1/consents/${s.consentId}`, {
          headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${first}` },
        }),
        401,
        'TOKEN_INVALID',
      );
      expect((await local.tpp.getConsent(s)).status).toBe(200);
      expect(s.accessToken).not.toBe(first);
      const tokenCalls = ((await call(local, 'GET', '/simulator/v1/exchanges?limit=2')).body as any[]).map((e) => e.url);
      expect(tokenCalls).toEqual([`/frankfurt/berlingroup/v1/consents/${s.consentId}`, '/frankfurt/oauth/v1/token']);
      // The access token of a refresh ends with the window, 21 minutes after the first.
      await local.control.advanceClock('PT11M');
      expectBgError(await local.tpp.getConsent(s), 401, 'TOKEN_INVALID');
    } finally {
      await local.stop();
    }
  });
});

describe('payments', () => {
  const singles = templateIndex().filter((t) => t.kind === 'single');
  const prefix: Record<string, string> = { frankfurt: 'FRA', london: 'LON' };

  it('covers the five products', () => {
    expect(new Set(singles.map((t) => t.product)).size).toBe(5);
  });

  for (const t of singles) {
    it(`${t.product} from ${t.file}: create, get, status, start and read an authorisation, cancel`, async () => {
      // The template's debtor belongs to the customer of CREATOR or, failing that, of CLERK (approved by SOLO).
      const p = prefix[t.institution] as string;
      let s = await psuSession(bank.tpp, bank.control, t.institution, `${p}-CREATOR`);
      let created = await bank.tpp.createPaymentFromTemplate(s, t.file);
      let approverId = `${p}-APPROVER-A`;
      if (created.status === 400) {
        s = await psuSession(bank.tpp, bank.control, t.institution, `${p}-CLERK`);
        created = await bank.tpp.createPaymentFromTemplate(s, t.file);
        approverId = `${p}-SOLO`;
      }
      expect(created.status, created.text).toBe(201);
      const id = created.body.paymentId as string;
      expect((await bank.tpp.getPayment(s, t.product, id)).text).toBe(readTemplate(t.file));
      expect(txStatuses((await bank.tpp.paymentStatus(s, t.product, id)).text)).toEqual(['PATC']);
      const approver = await psuSession(bank.tpp, bank.control, t.institution, approverId);
      const start = await bank.tpp.startAuthorisation(approver, t.product, id);
      expect(start.status, start.text).toBe(201);
      expect((await bank.tpp.getAuthorisation(approver, t.product, id, start.body.authorisationId)).body.scaStatus).toBe('started');
      expect((await bank.tpp.cancelPayment(s, t.product, id)).status).toBe(204);
    });
  }

  it('a signing basket and a funds confirmation', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string);
    const approver = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    const basket = await bank.tpp.createBasket(approver, ids);
    expect(basket.status, basket.text).toBe(201);
    expect((await bank.tpp.getBasket(approver, basket.body.basketId)).body).toMatchObject({ payments: ids, transactionStatus: 'PATC' });
    expect((await bank.tpp.confirmFunds(creator, { iban: 'DE37500112000001058185', amount: '1.00', currency: 'EUR' })).body).toEqual({ fundsAvailable: true });
  });

  it("authorisePayment: the PSU approves in the bank's app", async () => {
    const id = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
    const { journey } = await authorisePayment(bank.tpp, bank.control, await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A'), SEPA, id);
    expect(journey).toMatchObject({ status: 'finalised' });
  });
});

describe('signature utilities', () => {
  it('what /signature produces for a prepared request, /signature/validation accepts', async () => {
    const headers = { 'x-request-id': crypto.randomUUID(), 'psu-id': 'FRA-CREATOR' };
    const body = readTemplate('sepa-single.xml');
    const produced = (await bank.tpp.signatureFor('frankfurt', headers, body, ['digest', 'x-request-id', 'psu-id'])).body;
    const check = await bank.tpp.validateSignature(
      'frankfurt',
      { ...headers, digest: produced.digest, signature: produced.signature, 'tpp-signature-certificate': produced.tppSignatureCertificate },
      body,
      `post /frankfurt/berlingroup/v1/payments/${SEPA}`,
    );
    expect(check.body.valid).toBe(true);
  });
});

describe("deliberate faults, end to end: the bank's diagnosis of each", () => {
  const cases: [string, SignFaults, string, string, number | null][] = [
    ['body changed after the Digest', { bodyChangedAfterDigest: true }, 'SIGNATURE_INVALID', 'digest-matches', 6],
    ['a header left out of the signature', { headerLeftOut: 'psu-id' }, 'SIGNATURE_INVALID', 'present-headers-signed', 1],
    ['(request-target) signed', { signRequestTarget: true }, 'SIGNATURE_INVALID', 'profile-headers-only', 2],
    ["another TPP's certificate", { otherTppCertificate: true }, 'CERTIFICATE_INVALID', 'certificate-organization', null],
  ];

  it('without a fault the same request is accepted', async () => {
    expect((await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).status).toBe(201);
    expect((await lastDiagnosis()).verdict).toEqual({ valid: true });
  });

  for (const [name, faults, code, checkId, rule] of cases) {
    it(`${name}: ${code} at ${checkId} (rule ${rule ?? '-'}), nothing created`, async () => {
      const before = await paymentCount();
      const res = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'), { faults });
      expectBgError(res, 401, code);
      const diagnosis = await lastDiagnosis();
      expect(diagnosis.verdict).toMatchObject({ valid: false, code, checkId });
      expect(diagnosis.checks.find((c: any) => c.id === checkId)).toMatchObject({ passed: false, rule });
      expect(await paymentCount()).toBe(before);
    });
  }

  it('a fault kept on another signed operation: start authorisation with a header left out', async () => {
    const id = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
    const approver = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    expectBgError(await bank.tpp.startAuthorisation(approver, SEPA, id, { faults: { headerLeftOut: 'tpp-redirect-uri' } }), 401, 'SIGNATURE_INVALID');
    expect((await lastDiagnosis()).verdict.checkId).toBe('present-headers-signed');
  });
});
