// What each account-information operation answers: the accounts, an account, its balances, its transactions
// in JSON and camt.052, their pages and how far back they reach.
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, type TestBank } from '../support/simulator';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { accountReads, balance, cents, dataset, datasetAccount, daysBefore, ids, useAccountBank, sum, TODAY } from '../support/account-reads';

let bank: TestBank;
let creator: PsuSession;
let aisOnly: PsuSession;
useAccountBank((made) => ({ bank, creator, aisOnly } = made));
const { read, transactions, oneOffSession } = accountReads(() => bank);

describe('GET /accounts', () => {
  it("lists the accounts of the consent's accounts category, each with its interim available balance and links", async () => {
    const res = await read(creator, '');
    expect(res.status, res.text).toBe(200);
    const consent = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${creator.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${creator.accessToken}` },
    });
    expect(ids(res.body.accounts)).toEqual(ids(consent.body.access.accounts));
    const acc = res.body.accounts.find((a: any) => a.resourceId === 'FRA-ACC-01');
    const data = datasetAccount('FRA-ACC-01');
    expect(acc).toMatchObject({
      iban: data.iban,
      currency: 'EUR',
      name: data.name,
      cashAccountType: 'CACC',
      status: 'enabled',
      bic: data.bic,
      ownerName: expect.any(String),
      _links: {
        balances: { href: '/frankfurt/berlingroup/v1/accounts/FRA-ACC-01/balances' },
        transactions: { href: '/frankfurt/berlingroup/v1/accounts/FRA-ACC-01/transactions' },
      },
    });
    expect(acc.balances).toEqual([
      { balanceAmount: { currency: 'EUR', amount: data.availableBalance }, balanceType: 'interimAvailable', referenceDate: TODAY, creditLimitIncluded: true },
    ]);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('ignores withBalance, but refuses a malformed one and unknown parameters (FORMAT_ERROR)', async () => {
    const plain = (await read(creator, '')).body;
    expect((await read(creator, '?withBalance=true')).body).toEqual(plain);
    expect((await read(creator, '?withBalance=false')).body).toEqual(plain);
    const bad = await read(creator, '?withBalance=yes');
    expectBgError(bad, 400, 'FORMAT_ERROR');
    expect(bad.body.tppMessages[0].text).toContain('withBalance');
    expectBgError(await read(creator, '?withBalance=true&withBalance=true'), 400, 'FORMAT_ERROR');
    const unknown = await read(creator, '?iban=DE37500112000001058185');
    expectBgError(unknown, 400, 'FORMAT_ERROR');
    expect(unknown.body.tppMessages[0].text).toContain('"iban"');
  });

  it('an account-information-only PSU sees only the accounts it is permitted (XXX-AISONLY)', async () => {
    const res = await read(aisOnly, '');
    const permitted = dataset.psus
      .find((p: any) => p.psuId === 'FRA-AISONLY')
      .accounts.filter((a: any) => a.permissions.includes('ais'))
      .map((a: any) => a.resourceId)
      .sort();
    expect(ids(res.body.accounts)).toEqual(permitted);
    expect(ids(res.body.accounts)).toEqual(['FRA-ACC-01', 'FRA-ACC-02']);
    for (const path of ['/FRA-ACC-03', '/FRA-ACC-03/balances', `/FRA-ACC-03/transactions?bookingStatus=booked&dateFrom=${TODAY}`]) {
      const refused = await read(aisOnly, path);
      expectBgError(refused, 403, 'RESOURCE_UNKNOWN');
      expect(refused.body.tppMessages[0].text).toContain('FRA-ACC-03');
    }
    expect((await read(aisOnly, '/FRA-ACC-02/balances')).status).toBe(200);
  });
});

describe('GET /accounts/{accountId}', () => {
  it('gives the account details with the interim available balance', async () => {
    const res = await read(creator, '/FRA-ACC-02?withBalance=true');
    expect(res.status, res.text).toBe(200);
    expect(res.body.account.resourceId).toBe('FRA-ACC-02');
    expect(res.body.account.iban).toBe(datasetAccount('FRA-ACC-02').iban);
    expect(res.body.account.balances).toEqual([
      {
        balanceAmount: { currency: 'EUR', amount: datasetAccount('FRA-ACC-02').availableBalance },
        balanceType: 'interimAvailable',
        referenceDate: TODAY,
        creditLimitIncluded: false,
      },
    ]);
  });

  it("an unknown account is RESOURCE_UNKNOWN 404; another customer's or another institution's is 403", async () => {
    expectBgError(await read(creator, '/NO-SUCH-ACCOUNT'), 404, 'RESOURCE_UNKNOWN');
    expectBgError(await read(creator, '/NO-SUCH-ACCOUNT/transactions?bookingStatus=booked&dateFrom=2026-11-01'), 404, 'RESOURCE_UNKNOWN');
    expectBgError(await read(creator, '/FRA-ACC-04'), 403, 'RESOURCE_UNKNOWN');
    const london = await read(creator, '/LON-ACC-01/balances');
    expectBgError(london, 403, 'RESOURCE_UNKNOWN');
    expect(london.body.tppMessages[0].text).toContain('another institution');
    expectBgError(await read(creator, `/${'X'.repeat(180)}`), 404, 'RESOURCE_UNKNOWN');
  });

  it('a London account without IBAN is identified by its BBAN (sort code and account number)', async () => {
    const london = await psuSession(bank.tpp, bank.control, 'london', 'LON-CREATOR');
    const res = await read(london, '/LON-ACC-03');
    expect(res.body.account.bban).toBe('16582041738751');
    expect(res.body.account.iban).toBeUndefined();
    expect(res.body.account.currency).toBe('GBP');
    const balances = await read(london, '/LON-ACC-03/balances');
    expect(balances.body.account).toEqual({ bban: '16582041738751', currency: 'GBP' });
  });
});

describe('GET /accounts/{accountId}/balances', () => {
  it('gives opening booked and available of today and interim booked and available', async () => {
    const res = await read(creator, '/FRA-ACC-01/balances');
    expect(res.status, res.text).toBe(200);
    const data = datasetAccount('FRA-ACC-01');
    expect(res.body.account).toEqual({ iban: data.iban, currency: 'EUR' });
    expect(res.body.balances.map((b: any) => b.balanceType)).toEqual(['openingBooked', 'openingAvailable', 'interimBooked', 'interimAvailable']);
    expect(balance(res.body, 'interimBooked').balanceAmount).toEqual({ currency: 'EUR', amount: data.balance });
    expect(balance(res.body, 'interimAvailable').balanceAmount).toEqual({ currency: 'EUR', amount: data.availableBalance });
    for (const b of res.body.balances) expect(b.referenceDate).toBe(TODAY);
    // Opening of today and today's bookings add up to the interim balance.
    const today = await transactions(creator, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${TODAY}`);
    expect(cents(balance(res.body, 'openingBooked').balanceAmount.amount) + sum(today.body.transactions.booked)).toBe(cents(data.balance));
    expect(cents(balance(res.body, 'openingAvailable').balanceAmount.amount) - cents(balance(res.body, 'openingBooked').balanceAmount.amount)).toBe(
      cents(data.availableBalance) - cents(data.balance),
    );
  });

  it('takes no query parameters', async () => {
    expectBgError(await read(creator, '/FRA-ACC-01/balances?dateFrom=2026-11-01'), 400, 'FORMAT_ERROR');
  });
});

describe('GET /accounts/{accountId}/transactions (JSON)', () => {
  it('dateTo today (or absent): opening booked and available for dateFrom, interim booked and available; the entries add up', async () => {
    const dateFrom = daysBefore(60);
    for (const query of [`bookingStatus=booked&dateFrom=${dateFrom}`, `bookingStatus=booked&dateFrom=${dateFrom}&dateTo=${TODAY}`]) {
      const res = await transactions(creator, 'FRA-ACC-01', query);
      expect(res.status, res.text).toBe(200);
      expect(res.body.account).toEqual({ iban: datasetAccount('FRA-ACC-01').iban, currency: 'EUR' });
      expect(res.body.balances.map((b: any) => [b.balanceType, b.referenceDate])).toEqual([
        ['openingBooked', dateFrom],
        ['openingAvailable', dateFrom],
        ['interimBooked', TODAY],
        ['interimAvailable', TODAY],
      ]);
      const booked = res.body.transactions.booked as any[];
      expect(booked.length).toBeGreaterThan(20);
      expect(res.body.transactions.pending).toBeUndefined();
      expect(res.body.transactions._links.account.href).toBe('/frankfurt/berlingroup/v1/accounts/FRA-ACC-01');
      expect(booked.every((t) => t.bookingDate >= dateFrom && t.bookingDate <= TODAY)).toBe(true);
      expect(booked.map((t) => t.bookingDate)).toEqual([...booked.map((t) => t.bookingDate)].sort());
      expect(cents(balance(res.body, 'openingBooked').balanceAmount.amount) + sum(booked)).toBe(cents(balance(res.body, 'interimBooked').balanceAmount.amount));
    }
  });

  it('has Berlin Group transaction records: the counterparty as creditor of a debit and debtor of a credit', async () => {
    const { booked } = (await transactions(creator, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${daysBefore(40)}`)).body.transactions;
    const debit = booked.find((t: any) => t.transactionAmount.amount.startsWith('-'));
    const credit = booked.find((t: any) => !t.transactionAmount.amount.startsWith('-'));
    expect(debit).toMatchObject({
      transactionId: expect.any(String),
      bookingDate: expect.any(String),
      valueDate: expect.any(String),
      creditorName: expect.any(String),
      bankTransactionCode: expect.stringMatching(/^[A-Z]{4}-[A-Z]{4}-[A-Z]{4}$/),
    });
    expect(debit.debtorName).toBeUndefined();
    expect(credit).toMatchObject({ debtorName: expect.any(String), remittanceInformationUnstructured: expect.any(String) });
    expect(credit.creditorName).toBeUndefined();
    expect(credit.transactionAmount).toEqual({ currency: 'EUR', amount: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('dateTo in the past: closing booked and available at dateTo instead of interim; consecutive periods join up', async () => {
    const [from, to] = [daysBefore(50), daysBefore(20)];
    const past = await transactions(creator, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${from}&dateTo=${to}`);
    expect(past.body.balances.map((b: any) => [b.balanceType, b.referenceDate])).toEqual([
      ['openingBooked', from],
      ['openingAvailable', from],
      ['closingBooked', to],
      ['closingAvailable', to],
    ]);
    const booked = past.body.transactions.booked as any[];
    expect(booked.every((t) => t.bookingDate >= from && t.bookingDate <= to)).toBe(true);
    expect(cents(balance(past.body, 'openingBooked').balanceAmount.amount) + sum(booked)).toBe(cents(balance(past.body, 'closingBooked').balanceAmount.amount));
    const next = await transactions(creator, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${daysBefore(19)}`);
    expect(balance(next.body, 'openingBooked').balanceAmount).toEqual(balance(past.body, 'closingBooked').balanceAmount);
    expect(balance(next.body, 'openingAvailable').balanceAmount).toEqual(balance(past.body, 'closingAvailable').balanceAmount);
  });

  it('bookingStatus booked, pending or both: on a Sunday the weekend items are pending until Monday', async () => {
    const query = (status: string) => transactions(creator, 'FRA-ACC-02', `bookingStatus=${status}&dateFrom=${daysBefore(30)}`);
    const [booked, pending, both] = await Promise.all([query('booked'), query('pending'), query('both')]);
    expect(Object.keys(booked.body.transactions).sort()).toEqual(['_links', 'booked']);
    expect(Object.keys(pending.body.transactions).sort()).toEqual(['_links', 'pending']);
    expect(Object.keys(both.body.transactions).sort()).toEqual(['_links', 'booked', 'pending']);
    const pend = pending.body.transactions.pending as any[];
    expect(pend.map((t) => t.valueDate)).toEqual(['2026-11-21', '2026-11-22']);
    for (const t of pend) expect(t.bookingDate).toBeUndefined();
    expect(both.body.transactions.booked).toEqual(booked.body.transactions.booked);
    expect(both.body.transactions.pending).toEqual(pend);
    // Pending items are not booked: they are in no booked list and no booked balance.
    expect(pending.body.balances).toEqual(booked.body.balances);
    const bookedIds = new Set(booked.body.transactions.booked.map((t: any) => t.transactionId));
    expect(pend.some((t) => bookedIds.has(t.transactionId))).toBe(false);

    // On Monday the same items are booked, with the same identifiers and amounts.
    const monday = await startTestBank({ now: '2026-11-23T10:00:00Z' });
    try {
      const s = await psuSession(monday.tpp, monday.control, 'frankfurt', 'FRA-CREATOR');
      const later = await read(s, `/FRA-ACC-02/transactions?bookingStatus=both&dateFrom=${daysBefore(30)}`, {}, monday);
      expect(later.body.transactions.pending).toEqual([]);
      for (const t of pend) {
        expect(later.body.transactions.booked.find((b: any) => b.transactionId === t.transactionId)).toEqual({ ...t, bookingDate: '2026-11-23' });
      }
    } finally {
      await monday.stop();
    }
  });
});

describe('GET /accounts/{accountId}/transactions (XML: camt.052.001.02)', () => {
  const xml = { accept: 'application/xml' };
  const count = (text: string, pattern: RegExp): number => (text.match(pattern) ?? []).length;

  it('is a well-formed camt.052 with the entries and the balance codes of the period', async () => {
    const dateFrom = daysBefore(30);
    const json = await transactions(creator, 'FRA-ACC-01', `bookingStatus=both&dateFrom=${dateFrom}`);
    const res = await transactions(creator, 'FRA-ACC-01', `bookingStatus=both&dateFrom=${dateFrom}`, xml);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(XMLValidator.validate(res.text)).toBe(true);
    expect(res.text).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02">');
    expect(res.text).toContain('<BkToCstmrAcctRpt>');
    expect(res.text).toContain(`<IBAN>${datasetAccount('FRA-ACC-01').iban}</IBAN>`);
    expect([...res.text.matchAll(/<Cd>(OPBD|OPAV|ITBD|ITAV|CLBD|CLAV)<\/Cd>/g)].map((m) => m[1])).toEqual(['OPBD', 'OPAV', 'ITBD', 'ITAV']);
    expect(count(res.text, /<Ntry>/g)).toBe(json.body.transactions.booked.length + json.body.transactions.pending.length);
    expect(count(res.text, /<Sts>BOOK<\/Sts>/g)).toBe(json.body.transactions.booked.length);
    expect(count(res.text, /<Sts>PDNG<\/Sts>/g)).toBe(json.body.transactions.pending.length);
    expect(res.text).toContain(`<Amt Ccy="EUR">${balance(json.body, 'interimBooked').balanceAmount.amount}</Amt>`);
    expect(res.text).toMatch(/<MsgPgntn>\s*<PgNb>1<\/PgNb>\s*<LastPgInd>true<\/LastPgInd>\s*<\/MsgPgntn>/);
  });

  it('a past dateTo gives the closing codes CLBD and CLAV', async () => {
    const res = await transactions(creator, 'FRA-ACC-02', `bookingStatus=booked&dateFrom=${daysBefore(40)}&dateTo=${daysBefore(10)}`, { accept: 'text/xml' });
    expect(res.status).toBe(200);
    expect([...res.text.matchAll(/<Cd>(OPBD|OPAV|ITBD|ITAV|CLBD|CLAV)<\/Cd>/g)].map((m) => m[1])).toEqual(['OPBD', 'OPAV', 'CLBD', 'CLAV']);
    expect(res.text).toContain(`<Dt>${daysBefore(10)}</Dt>`);
  });

  it('another format is REQUESTED_FORMATS_INVALID 406; JSON is the default and wins a wildcard', async () => {
    const q = `bookingStatus=booked&dateFrom=${TODAY}`;
    expectBgError(await transactions(creator, 'FRA-ACC-01', q, { accept: 'text/plain' }), 406, 'REQUESTED_FORMATS_INVALID');
    expect((await transactions(creator, 'FRA-ACC-01', q, { accept: '*/*' })).headers['content-type']).toMatch(/^application\/json/);
    expect((await transactions(creator, 'FRA-ACC-01', q, { accept: 'application/json;q=0.5, application/xml' })).headers['content-type']).toMatch(
      /^application\/xml/,
    );
  });
});

describe('transaction history limits (spec "Limits")', () => {
  it('a recurring consent reads dateFrom no earlier than 90 calendar days before the request date', async () => {
    expect((await transactions(creator, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${daysBefore(90)}`)).status).toBe(200);
    const res = await transactions(creator, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${daysBefore(91)}`);
    expectBgError(res, 400, 'FORMAT_ERROR');
    expect(res.body.tppMessages[0].text).toContain('90');
    expect(res.body.tppMessages[0].text).toContain(daysBefore(90));
  });

  it('a one-off consent reads up to 730 calendar days back', async () => {
    const once = await oneOffSession('FRA-APPROVER-A');
    const ok = await transactions(once, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${daysBefore(730)}&dateTo=${daysBefore(400)}`);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.transactions.booked).toHaveLength(100);
    expect(ok.body.transactions._links.next).toBeDefined();
    const res = await transactions(once, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${daysBefore(731)}`);
    expectBgError(res, 400, 'FORMAT_ERROR');
    expect(res.body.tppMessages[0].text).toContain('730');
  });
});

describe('pagination', () => {
  it('a long list comes in pages of itemsPerPage (default 100) linked by _links.next; following them gives every entry once', async () => {
    const once = await oneOffSession('FRA-APPROVER-B');
    const query = `bookingStatus=both&dateFrom=${daysBefore(700)}`;
    const first = await transactions(once, 'FRA-ACC-02', query);
    expect(first.body.transactions.booked).toHaveLength(100);
    const links = first.body.transactions._links;
    expect(links.previous).toBeUndefined();
    expect(links.next.href).toContain('pageIndex=1');
    expect(links.first.href).toContain('pageIndex=0');
    let all: any[] = [...first.body.transactions.booked, ...first.body.transactions.pending];
    let href: string | undefined = links.next.href;
    let pages = 1;
    while (href !== undefined) {
      const page = await call(bank, 'GET', href, {
        headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${once.accessToken}`, 'consent-id': once.consentId },
      });
      expect(page.status, page.text).toBe(200);
      expect(page.body.balances).toEqual(first.body.balances);
      all = [...all, ...page.body.transactions.booked, ...page.body.transactions.pending];
      expect(page.body.transactions._links.previous.href).toContain(`pageIndex=${pages - 1}`);
      href = page.body.transactions._links.next?.href;
      if (href === undefined) expect(page.body.transactions._links.last.href).toContain(`pageIndex=${pages}`);
      pages++;
    }
    expect(pages).toBeGreaterThan(2);
    expect(new Set(all.map((t) => t.transactionId)).size).toBe(all.length);
    const whole = await transactions(once, 'FRA-ACC-02', `${query}&itemsPerPage=500`);
    expect(whole.body.transactions._links).toEqual({ account: first.body.transactions._links.account });
    const big = [...whole.body.transactions.booked, ...whole.body.transactions.pending];
    expect(big.map((t) => t.transactionId)).toEqual(all.map((t) => t.transactionId));
    // The booked entries come first, the pending ones on the last page.
    expect(all.findIndex((t) => t.bookingDate === undefined)).toBe(all.filter((t) => t.bookingDate !== undefined).length);
  });

  it('XML pages carry MsgPgntn and an RFC 8288 Link header', async () => {
    const res = await transactions(creator, 'FRA-ACC-01', `bookingStatus=booked&dateFrom=${daysBefore(60)}&itemsPerPage=10&pageIndex=1`, {
      accept: 'application/xml',
    });
    expect(res.text).toMatch(/<PgNb>2<\/PgNb>\s*<LastPgInd>false<\/LastPgInd>/);
    expect(res.text.match(/<Ntry>/g)).toHaveLength(10);
    const link = res.headers['link'] ?? '';
    expect(link).toContain('pageIndex=2>; rel="next"');
    expect(link).toContain('pageIndex=0>; rel="previous"');
    expect(link).toContain('itemsPerPage=10');
  });

  it('page parameters are bounded (FORMAT_ERROR)', async () => {
    const base = `bookingStatus=booked&dateFrom=${daysBefore(10)}`;
    for (const bad of ['itemsPerPage=0', 'itemsPerPage=501', 'itemsPerPage=ten', 'pageIndex=-1', 'pageIndex=1000000', 'pageIndex=50']) {
      const res = await transactions(creator, 'FRA-ACC-01', `${base}&${bad}`);
      expectBgError(res, 400, 'FORMAT_ERROR');
      expect(res.body.tppMessages[0].text).toContain(bad.split('=')[0]);
    }
  });
});
