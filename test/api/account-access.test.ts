// Who may read accounts (each refusal, permissions read at request time, the sandbox's consents), and what
// the bank's own changes do to the reads (payments, the traffic log).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { call, consentHeaders, datePlus, expectBgError, startTestBank, tppToken, type TestBank, otherTpp } from '../support/simulator';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { accountReads, balance, cents, dataset, datasetAccount, daysBefore, ids, SEPA, useAccountBank, sum, TODAY } from '../support/account-reads';

let bank: TestBank;
let creator: PsuSession;
let aisOnly: PsuSession;
useAccountBank((made) => ({ bank, creator, aisOnly } = made));
const { read, transactions } = accountReads(() => bank);

describe('errors', () => {
  const badQueries: [string, string, string][] = [
    ['malformed dateFrom', 'bookingStatus=booked&dateFrom=22.11.2026', 'dateFrom'],
    ['impossible date', 'bookingStatus=booked&dateFrom=2026-02-30', 'dateFrom'],
    ['malformed dateTo', `bookingStatus=booked&dateFrom=${daysBefore(5)}&dateTo=today`, 'dateTo'],
    ['dateFrom after dateTo', `bookingStatus=booked&dateFrom=${daysBefore(2)}&dateTo=${daysBefore(5)}`, 'after dateTo'],
    ['dateTo in the future', `bookingStatus=booked&dateFrom=${daysBefore(2)}&dateTo=2026-11-23`, 'dateTo'],
    ['missing dateFrom', 'bookingStatus=booked', 'dateFrom'],
    ['missing bookingStatus', `dateFrom=${daysBefore(2)}`, 'bookingStatus'],
    ['unknown bookingStatus', `bookingStatus=BOOKED&dateFrom=${daysBefore(2)}`, 'bookingStatus'],
    ['bookingStatus information', `bookingStatus=information&dateFrom=${daysBefore(2)}`, 'information'],
    ['duplicate dateFrom', `bookingStatus=booked&dateFrom=${daysBefore(2)}&dateFrom=${daysBefore(3)}`, 'dateFrom'],
    ['duplicate bookingStatus', `bookingStatus=booked&bookingStatus=pending&dateFrom=${daysBefore(2)}`, 'bookingStatus'],
    ['unknown parameter', `bookingStatus=booked&dateFrom=${daysBefore(2)}&size=5`, 'size'],
    ['delta report', `bookingStatus=booked&dateFrom=${daysBefore(2)}&deltaList=true`, 'deltaList'],
    ['over-long value', `bookingStatus=booked&dateFrom=${'9'.repeat(5000)}`, 'dateFrom'],
  ];
  for (const [what, query, named] of badQueries) {
    it(`${what} is FORMAT_ERROR 400 naming it`, async () => {
      const res = await transactions(creator, 'FRA-ACC-01', query);
      expectBgError(res, 400, 'FORMAT_ERROR');
      expect(res.body.tppMessages[0].text).toContain(named);
      expect(res.body.tppMessages[0].text.length).toBeLessThan(300);
    });
  }

  it("Consent-ID is required (FORMAT_ERROR) and must be the token's consent (CONSENT_UNKNOWN 403)", async () => {
    const missing = await call(bank, 'GET', '/frankfurt/berlingroup/v1/accounts', {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${creator.accessToken}` },
    });
    expectBgError(missing, 400, 'FORMAT_ERROR');
    expect(missing.body.tppMessages[0].text).toContain('Consent-ID');
    expectBgError(await read(creator, '', { 'consent-id': aisOnly.consentId }), 403, 'CONSENT_UNKNOWN');
    expectBgError(await read({ ...creator, consentId: randomUUID() }, '/FRA-ACC-01/balances'), 403, 'CONSENT_UNKNOWN');
  });

  it("a PSU-ID other than the consent's PSU is CONSENT_UNKNOWN 403", async () => {
    expectBgError(await read(creator, '', { 'psu-id': 'FRA-AISONLY' }), 403, 'CONSENT_UNKNOWN');
    expect((await read(creator, '', { 'psu-id': 'FRA-CREATOR' })).status).toBe(200);
  });

  it("another TPP's consent is CONSENT_UNKNOWN 403", async () => {
    const other = await otherTpp(bank, 'PSDDE-BAFIN-810001', ['PSP_AI']);
    const consent = await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', {
      headers: consentHeaders(await other.tppToken('frankfurt'), 'FRA-CREATOR'),
      body: JSON.stringify({ access: {}, recurringIndicator: true, validUntil: datePlus(30), frequencyPerDay: 4, combinedServiceIndicator: true }),
    });
    expectBgError(await read(creator, '', { 'consent-id': consent.body.consentId }), 403, 'CONSENT_UNKNOWN');
  });

  it('needs a PSU token: none or a TPP token is TOKEN_INVALID 401', async () => {
    expectBgError(
      await call(bank, 'GET', '/frankfurt/berlingroup/v1/accounts', { headers: { 'x-request-id': crypto.randomUUID(), 'consent-id': creator.consentId } }),
      401,
      'TOKEN_INVALID',
    );
    const tpp = await tppToken(bank, 'frankfurt');
    expectBgError(await read({ ...creator, accessToken: tpp }, ''), 401, 'TOKEN_INVALID');
    expectBgError(await read({ ...creator, institution: 'paris' }, ''), 401, 'TOKEN_INVALID');
  });

  it('a PISP-only TPP is ROLE_INVALID 401', async () => {
    const pisp = await otherTpp(bank, 'PSDDE-BAFIN-810002', ['PSP_PI']);
    const session = await psuSession(pisp, bank.control, 'frankfurt', 'FRA-CREATOR');
    for (const path of ['', '/FRA-ACC-01', '/FRA-ACC-01/balances', `/FRA-ACC-01/transactions?bookingStatus=booked&dateFrom=${TODAY}`]) {
      expectBgError(await read(session, path), 401, 'ROLE_INVALID');
    }
  });

  it('a consent that is no longer valid is CONSENT_INVALID 401', async () => {
    const s = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-LOWLIMIT');
    expect((await read(s, '')).status).toBe(200);
    const deleted = await call(bank, 'DELETE', `/frankfurt/berlingroup/v1/consents/${s.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${s.accessToken}` },
    });
    expect(deleted.status).toBe(204);
    for (const path of ['', '/FRA-ACC-01', '/FRA-ACC-01/balances', `/FRA-ACC-01/transactions?bookingStatus=booked&dateFrom=${TODAY}`]) {
      expectBgError(await read(s, path), 401, 'CONSENT_INVALID');
    }
  });
});

describe('exchange log', () => {
  it('logs account reads like other bank traffic, tied to no resource', async () => {
    const res = await read(creator, '/FRA-ACC-03/balances');
    const logged = ((await call(bank, 'GET', '/simulator/v1/exchanges?limit=20')).body as any[]).find(
      (e) => e.url === '/frankfurt/berlingroup/v1/accounts/FRA-ACC-03/balances',
    );
    expect(res.status).toBe(200);
    expect(logged).toMatchObject({ method: 'GET', institution: 'frankfurt', resourceId: null });
    expect(logged.response.status).toBe(200);
    expect(logged.tppId).toBe(bank.client.organizationId);
  });
});

describe('balances after payments', () => {
  it('a PDNG payment is pending on its debtor account; once processed it is booked and both balances drop, as funds confirmation sees it', async () => {
    const clerk = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CLERK');
    const solo = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-SOLO');
    const data = datasetAccount('FRA-ACC-04');
    const before = (await read(solo, '/FRA-ACC-04/balances')).body;
    expect(balance(before, 'interimAvailable').balanceAmount.amount).toBe(data.availableBalance);

    const xml = readTemplate('sepa-single.xml').replace('DE37500112000001058185', data.iban);
    const created = await bank.tpp.createPayment(clerk, SEPA, xml);
    expect(created.status, created.text).toBe(201);
    const paymentId = created.body.paymentId as string;
    expect((await authorisePayment(bank.tpp, bank.control, solo, SEPA, paymentId)).journey.status).toBe('finalised');

    const query = `bookingStatus=both&dateFrom=${TODAY}`;
    const pendingReport = (await transactions(solo, 'FRA-ACC-04', query)).body;
    const pending = pendingReport.transactions.pending.find((t: any) => t.transactionId === `${paymentId}-1`);
    expect(pending).toMatchObject({
      transactionAmount: { currency: 'EUR', amount: '-1250.00' },
      valueDate: '2027-06-15',
      endToEndId: expect.any(String),
      creditorName: expect.any(String),
    });
    expect(pending.bookingDate).toBeUndefined();
    expect(pendingReport.balances).toEqual((await transactions(solo, 'FRA-ACC-04', `bookingStatus=booked&dateFrom=${TODAY}`)).body.balances);
    expect(balance(pendingReport, 'interimAvailable').balanceAmount.amount).toBe(data.availableBalance);

    const processed = await call(bank, 'POST', `/simulator/v1/payments/${paymentId}/processing`, {
      headers: { 'content-type': 'application/json' },
      body: '{"outcome":"ACCP"}',
    });
    expect(processed.status, processed.text).toBe(200);

    const after = (await read(solo, '/FRA-ACC-04/balances')).body;
    const available = (cents(data.availableBalance) - 125000) / 100;
    expect(balance(after, 'interimAvailable').balanceAmount.amount).toBe(available.toFixed(2));
    expect(balance(after, 'interimBooked').balanceAmount.amount).toBe(((cents(data.balance) - 125000) / 100).toFixed(2));
    expect((await bank.tpp.confirmFunds(clerk, { iban: data.iban, amount: available.toFixed(2), currency: 'EUR' })).body).toEqual({ fundsAvailable: true });
    expect((await bank.tpp.confirmFunds(clerk, { iban: data.iban, amount: (available + 0.01).toFixed(2), currency: 'EUR' })).body).toEqual({
      fundsAvailable: false,
    });
    const listed = (await read(solo, '')).body.accounts.find((a: any) => a.resourceId === 'FRA-ACC-04');
    expect(listed.balances[0].balanceAmount.amount).toBe(available.toFixed(2));

    const bookedReport = (await transactions(solo, 'FRA-ACC-04', query)).body;
    const booked = bookedReport.transactions.booked.find((t: any) => t.transactionId === `${paymentId}-1`);
    expect(booked).toMatchObject({ bookingDate: TODAY, transactionAmount: { amount: '-1250.00' } });
    expect(bookedReport.transactions.pending.some((t: any) => t.transactionId === `${paymentId}-1`)).toBe(false);
    expect(cents(balance(bookedReport, 'openingBooked').balanceAmount.amount) + sum(bookedReport.transactions.booked)).toBe(
      cents(balance(bookedReport, 'interimBooked').balanceAmount.amount),
    );
    // The opening balance of today did not move: the payment is booked today.
    expect(balance(bookedReport, 'openingBooked')).toEqual(balance(pendingReport, 'openingBooked'));
    const camt = (await transactions(solo, 'FRA-ACC-04', query, { accept: 'application/xml' })).text;
    expect(camt).toContain('<EndToEndId>');
    expect(XMLValidator.validate(camt)).toBe(true);
  });
});

describe('permissions are read at request time', () => {
  it("a PSU's changed permissions change what the same consent reads", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-ais-'));
    const file = join(dir, 'dataset.json');
    const dataDir = join(dir, 'data');
    writeFileSync(file, JSON.stringify(dataset));
    let local = await startTestBank({ dataDir, datasetFile: file });
    try {
      const s = await psuSession(local.tpp, local.control, 'frankfurt', 'FRA-AISONLY');
      expect(ids((await read(s, '', {}, local)).body.accounts)).toEqual(['FRA-ACC-01', 'FRA-ACC-02']);
      await local.stop();
      // The bank changes the PSU's corporate-banking permissions: FRA-ACC-02 away, FRA-ACC-03 granted.
      const changed = structuredClone(dataset);
      changed.psus.find((p: any) => p.psuId === 'FRA-AISONLY').accounts = [
        { resourceId: 'FRA-ACC-01', permissions: ['ais'] },
        { resourceId: 'FRA-ACC-03', permissions: ['ais'] },
      ];
      writeFileSync(file, JSON.stringify(changed));
      local = await startTestBank({ dataDir, datasetFile: file });
      expect(ids((await read(s, '', {}, local)).body.accounts)).toEqual(['FRA-ACC-01', 'FRA-ACC-03']);
      expectBgError(await read(s, '/FRA-ACC-02/balances', {}, local), 403, 'RESOURCE_UNKNOWN');
      expect((await read(s, '/FRA-ACC-03/balances', {}, local)).status).toBe(200);
    } finally {
      await local.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sandbox', () => {
  it('the pre-configured consents read accounts from the static dataset', async () => {
    const sandbox = await startTestBank({ mode: 'sandbox' });
    try {
      const s = await sandbox.tpp.psuTokens('frankfurt', 'SANDBOX-CONSENT-FRA-5', 'FRA-AISONLY');
      const list = await read(s, '', {}, sandbox);
      expect(list.status, list.text).toBe(200);
      expect(ids(list.body.accounts)).toEqual(['FRA-ACC-01', 'FRA-ACC-02']);
      const balances = (await read(s, '/FRA-ACC-01/balances', {}, sandbox)).body;
      expect(balance(balances, 'interimAvailable').balanceAmount.amount).toBe(datasetAccount('FRA-ACC-01').availableBalance);
      const report = await read(s, `/FRA-ACC-01/transactions?bookingStatus=booked&dateFrom=${daysBefore(30)}`, {}, sandbox);
      expect(report.status).toBe(200);
      expect(report.body.transactions.booked.length).toBeGreaterThan(0);
      expectBgError(await read(s, '/FRA-ACC-03', {}, sandbox), 403, 'RESOURCE_UNKNOWN');
      expectBgError(await read(s, `/FRA-ACC-01/transactions?bookingStatus=booked&dateFrom=${daysBefore(91)}`, {}, sandbox), 400, 'FORMAT_ERROR');
    } finally {
      await sandbox.stop();
    }
  });
});
