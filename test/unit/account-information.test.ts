import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildCamt052, CAMT052_NAMESPACE, type Camt052Input } from '../../main/domain/accounts/camt052';
import {
  accountLedger,
  accountPosition,
  interimAvailableBalance,
  openingBalances,
  reportBalances,
  type AccountEntry,
  type PaymentPosting,
} from '../../main/domain/accounts/ledger';
import {
  earliestDateFrom,
  parseAccountQuery,
  parseBalanceQuery,
  parseTransactionQuery,
  reportFormat,
  type TransactionQuery,
} from '../../main/domain/accounts/query';
import { accountRecord, pageQueries, transactionPage, transactionRecord, transactionsRecord } from '../../main/domain/accounts/report';
import { generateHistory } from '../../main/domain/dataset/history';
import type { Account } from '../../main/domain/dataset/types';
import { validateDataset } from '../../main/domain/dataset/validate';
import { BankError } from '../../main/domain/errors';
import { fromMinorUnits, toMinorUnits } from '../../main/domain/money';

const dataset = validateDataset(JSON.parse(readFileSync(new URL('../../resources/datasets/default.json', import.meta.url), 'utf8')));
const account = (id: string): Account => {
  const found = dataset.accounts.find((a) => a.resourceId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
const fra1 = account('FRA-ACC-01');
const fra2 = account('FRA-ACC-02');
const lon3 = account('LON-ACC-03');
const SUNDAY = '2026-11-22';
const MONDAY = '2026-11-23';

const params = (query: string): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const [k, v] of new URLSearchParams(query)) map.set(k, [...(map.get(k) ?? []), v]);
  return map;
};

function bankError(fn: () => unknown): BankError {
  try {
    fn();
  } catch (err) {
    if (err instanceof BankError) return err;
    throw err;
  }
  throw new Error('expected a BankError');
}

const posting = (overrides: Partial<PaymentPosting> = {}): PaymentPosting => ({
  paymentId: 'PAY-1',
  product: 'pain.001-sepa-credit-transfers',
  status: 'booked',
  statusDate: SUNDAY,
  executionDate: SUNDAY,
  transfers: [
    {
      position: 0,
      endToEndId: 'E2E-1',
      amount: '1250.00',
      currency: 'EUR',
      creditorName: 'Schneider Bürotechnik GmbH',
      creditorIban: 'DE94370502991129384756',
      remittance: 'Invoice 1',
    },
    { position: 1, endToEndId: 'E2E-2', amount: '10.005', currency: 'EUR', creditorName: 'Müller Logistik GmbH' },
  ],
  ...overrides,
});

const minor = (amount: string): bigint => toMinorUnits(amount);
const sum = (entries: readonly AccountEntry[]): bigint => entries.reduce((s, e) => s + minor(e.amount), 0n);

describe('accountLedger', () => {
  it('books the generated history up to today; value-dated weekend items are pending until their booking day', () => {
    const sunday = accountLedger(fra2, SUNDAY, []);
    expect(sunday.booked.every((e) => (e.bookingDate ?? '') <= SUNDAY && e.status === 'booked')).toBe(true);
    expect(sunday.pending.map((e) => e.valueDate)).toEqual(['2026-11-21', '2026-11-22']);
    expect(sunday.pending.every((e) => e.bookingDate === undefined && e.status === 'pending')).toBe(true);
    const monday = accountLedger(fra2, MONDAY, []);
    expect(monday.pending).toEqual([]);
    for (const p of sunday.pending) {
      expect(monday.booked.find((e) => e.transactionId === p.transactionId)).toEqual({ ...p, status: 'booked', bookingDate: MONDAY, entryDate: MONDAY });
    }
  });

  it('is the dataset history of 24 months, chronological', () => {
    const { booked } = accountLedger(fra1, SUNDAY, []);
    expect(booked.map((e) => e.transactionId)).toEqual(generateHistory(fra1, new Date(`${SUNDAY}T00:00:00Z`)).map((t) => t.transactionId));
    expect(booked.map((e) => e.entryDate)).toEqual(booked.map((e) => e.entryDate).sort());
  });

  it('shows a PDNG payment as pending (value date: execution date) and a processed one booked, in cents, as debits', () => {
    const pending = accountLedger(fra1, SUNDAY, [posting({ status: 'pending', statusDate: '2026-11-20', executionDate: '2027-06-15' })]).pending;
    const mine = pending.filter((e) => e.transactionId.startsWith('PAY-1-'));
    expect(mine.map((e) => [e.transactionId, e.amount, e.valueDate, e.entryDate])).toEqual([
      ['PAY-1-1', '-1250.00', '2027-06-15', '2026-11-20'],
      ['PAY-1-2', '-10.00', '2027-06-15', '2026-11-20'],
    ]);
    const booked = accountLedger(fra1, SUNDAY, [posting({ statusDate: '2026-11-20', executionDate: '2026-11-19' })]).booked.filter((e) =>
      e.transactionId.startsWith('PAY-1-'),
    );
    expect(booked[0]).toMatchObject({
      bookingDate: '2026-11-19',
      valueDate: '2026-11-19',
      endToEndId: 'E2E-1',
      bankTransactionCode: 'PMNT-ICDT-ESCT',
      counterparty: { name: 'Schneider Bürotechnik GmbH', iban: 'DE94370502991129384756' },
    });
  });

  it('books a payment processed before its execution date on the processing date, and never after today', () => {
    const early = accountLedger(fra1, SUNDAY, [posting({ statusDate: '2026-11-20', executionDate: '2027-06-15' })]).booked.find(
      (e) => e.transactionId === 'PAY-1-1',
    );
    expect(early?.bookingDate).toBe('2026-11-20');
    const future = accountLedger(fra1, SUNDAY, [posting({ statusDate: '2026-12-24', executionDate: '2026-12-24' })]).booked.find(
      (e) => e.transactionId === 'PAY-1-1',
    );
    expect(future?.bookingDate).toBe(SUNDAY);
  });

  it("leaves out transfers in another currency than the account's (no FX, as processing)", () => {
    const p = posting({ transfers: [{ position: 0, endToEndId: 'X', amount: '5.00', currency: 'USD', creditorName: 'Abroad Inc' }] });
    expect(accountLedger(fra1, SUNDAY, [p]).booked.some((e) => e.transactionId.startsWith('PAY-1'))).toBe(false);
    expect(accountPosition(fra1, SUNDAY, [p], fra1.availableBalance).interimBooked).toBe(minor(fra1.balance));
  });
});

describe('balances', () => {
  const position = accountPosition(fra1, SUNDAY, [], fra1.availableBalance);

  it('today: interim booked is the dataset balance, interim available the available balance', () => {
    const [booked, available] = reportBalances(position, SUNDAY, SUNDAY).slice(2);
    expect(booked).toEqual({ balanceType: 'interimBooked', amount: fra1.balance, currency: 'EUR', referenceDate: SUNDAY });
    expect(available).toEqual({
      balanceType: 'interimAvailable',
      amount: fra1.availableBalance,
      currency: 'EUR',
      referenceDate: SUNDAY,
      creditLimitIncluded: true,
    });
    expect(interimAvailableBalance(fra1, SUNDAY, fra1.availableBalance)).toEqual(available);
    expect(interimAvailableBalance(fra2, SUNDAY, fra2.availableBalance).creditLimitIncluded).toBe(false);
  });

  it('dateTo today gives opening and interim; a past dateTo opening and closing (four of six types)', () => {
    expect(reportBalances(position, '2026-10-01', SUNDAY).map((b) => `${b.balanceType}@${b.referenceDate}`)).toEqual([
      'openingBooked@2026-10-01',
      'openingAvailable@2026-10-01',
      'interimBooked@2026-11-22',
      'interimAvailable@2026-11-22',
    ]);
    expect(reportBalances(position, '2026-10-01', '2026-10-31').map((b) => `${b.balanceType}@${b.referenceDate}`)).toEqual([
      'openingBooked@2026-10-01',
      'openingAvailable@2026-10-01',
      'closingBooked@2026-10-31',
      'closingAvailable@2026-10-31',
    ]);
  });

  it('opening + booked entries of the period = closing, for any period; available keeps the credit line', () => {
    const creditLine = minor(fra1.availableBalance) - minor(fra1.balance);
    const periods: [string, string][] = [
      ['2024-12-01', '2024-12-31'],
      ['2025-02-28', '2025-03-01'],
      ['2026-11-22', '2026-11-22'],
      ['2025-06-15', '2026-11-21'],
    ];
    for (const [from, to] of periods) {
      const [openB, openA, closeB, closeA] = reportBalances(position, from, to).map((b) => minor(b.amount)) as [bigint, bigint, bigint, bigint];
      const entries = position.ledger.booked.filter((e) => e.entryDate >= from && e.entryDate <= to);
      expect(openB + sum(entries)).toBe(closeB);
      expect(openA - openB).toBe(creditLine);
      expect(closeA - closeB).toBe(creditLine);
    }
    // The closing balance of a day is the opening balance of the next.
    expect(reportBalances(position, '2025-01-01', '2025-01-31')[2]?.amount).toBe(openingBalances(position, '2025-02-01')[0]?.amount);
  });

  it('a processed payment lowers booked as funds confirmation lowered available; the period still adds up', () => {
    const paid = posting();
    const available = fromMinorUnits(minor(fra1.availableBalance) - 125000n - 1000n);
    const after = accountPosition(fra1, SUNDAY, [paid], available);
    expect(after.interimBooked).toBe(minor(fra1.balance) - 126000n);
    expect(after.creditLine).toBe(position.creditLine);
    const [openB, , closeB, closeA] = reportBalances(after, '2026-11-01', SUNDAY);
    expect(closeA?.amount).toBe(available);
    expect(minor(openB?.amount ?? '') + sum(after.ledger.booked.filter((e) => e.entryDate >= '2026-11-01'))).toBe(minor(closeB?.amount ?? ''));
    // Booked today, so yesterday's balances are untouched.
    expect(openingBalances(after, SUNDAY)).toEqual(openingBalances(position, SUNDAY));
  });
});

describe('parseTransactionQuery', () => {
  const parse = (query: string, recurring = true) => parseTransactionQuery(params(query), SUNDAY, recurring);
  const fails = (query: string, recurring = true): string => {
    const err = bankError(() => parse(query, recurring));
    expect(err.code).toBe('FORMAT_ERROR');
    expect(err.status).toBe(400);
    return err.message;
  };

  it('reads the period, the booking status and the page, with defaults', () => {
    expect(parse('bookingStatus=booked&dateFrom=2026-11-01')).toEqual({
      dateFrom: '2026-11-01',
      dateTo: SUNDAY,
      bookingStatus: 'booked',
      pageIndex: 0,
      itemsPerPage: 100,
    });
    expect(parse('bookingStatus=both&dateFrom=2026-11-01&dateTo=2026-11-10&pageIndex=3&itemsPerPage=500&withBalance=true')).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-10',
      bookingStatus: 'both',
      pageIndex: 3,
      itemsPerPage: 500,
    });
  });

  it('a recurring consent goes back 90 calendar days, a one-off consent 730', () => {
    expect(earliestDateFrom(SUNDAY, true)).toBe('2026-08-24');
    expect(earliestDateFrom(SUNDAY, false)).toBe('2024-11-22');
    expect(parse('bookingStatus=booked&dateFrom=2026-08-24').dateFrom).toBe('2026-08-24');
    expect(fails('bookingStatus=booked&dateFrom=2026-08-23')).toContain('90 calendar days before the request date 2026-11-22, so from 2026-08-24');
    expect(parse('bookingStatus=booked&dateFrom=2024-11-22', false).dateFrom).toBe('2024-11-22');
    expect(fails('bookingStatus=booked&dateFrom=2024-11-21', false)).toContain('730');
    // Across a leap day: 730 calendar days, not two years.
    expect(earliestDateFrom('2028-03-01', false)).toBe('2026-03-02');
  });

  it('names what is wrong', () => {
    expect(fails('dateFrom=2026-11-01')).toContain('bookingStatus is missing');
    expect(fails('bookingStatus=booked')).toContain('dateFrom is missing');
    expect(fails('bookingStatus=Booked&dateFrom=2026-11-01')).toContain('"Booked" is not a booking status');
    expect(fails('bookingStatus=all&dateFrom=2026-11-01')).toContain('not offered');
    expect(fails('bookingStatus=booked&dateFrom=2026-11-31')).toContain('dateFrom must be a date');
    expect(fails('bookingStatus=booked&dateFrom=2026-11-01&dateTo=20261110')).toContain('dateTo must be a date');
    expect(fails('bookingStatus=booked&dateFrom=2026-11-10&dateTo=2026-11-01')).toContain('dateFrom 2026-11-10 is after dateTo 2026-11-01');
    expect(fails('bookingStatus=booked&dateFrom=2026-11-10&dateTo=2026-11-23')).toContain('in the future');
    expect(fails('bookingStatus=booked&dateFrom=2026-11-10&dateFrom=2026-11-11')).toContain('dateFrom is sent 2 times');
    expect(fails('bookingStatus=booked&dateFrom=2026-11-10&entryReferenceFrom=abc')).toContain('delta reports');
    expect(fails('bookingStatus=booked&dateFrom=2026-11-10&withBalance=1')).toContain('withBalance');
    expect(fails('bookingStatus=booked&dateFrom=2026-11-10&page=2')).toContain('"page" is not known');
    for (const bad of ['pageIndex=-1', 'pageIndex=1.5', 'pageIndex=100000', 'itemsPerPage=0', 'itemsPerPage=501']) {
      expect(fails(`bookingStatus=booked&dateFrom=2026-11-10&${bad}`)).toContain(bad.split('=')[0]);
    }
    expect(fails(`bookingStatus=booked&dateFrom=${'x'.repeat(10_000)}`).length).toBeLessThan(120);
  });

  it('the other operations take withBalance only, the balances none', () => {
    expect(() => parseAccountQuery(params('withBalance=true'), 'the account list')).not.toThrow();
    expect(bankError(() => parseAccountQuery(params('dateFrom=2026-11-01'), 'the account list')).message).toContain('it takes withBalance');
    expect(bankError(() => parseBalanceQuery(params('withBalance=true'))).message).toContain('no query parameters');
    expect(() => parseBalanceQuery(params(''))).not.toThrow();
  });
});

describe('reportFormat', () => {
  it('JSON by default and for wildcards, XML when asked for, the best q wins', () => {
    expect(reportFormat(undefined)).toBe('json');
    expect(reportFormat('*/*')).toBe('json');
    expect(reportFormat('application/json')).toBe('json');
    expect(reportFormat('application/xml')).toBe('xml');
    expect(reportFormat('text/xml; charset=utf-8')).toBe('xml');
    expect(reportFormat('application/json;q=0.4, application/xml;q=0.9')).toBe('xml');
    expect(reportFormat('application/xml, application/json')).toBe('xml');
    expect(reportFormat('text/html, application/xml;q=0, */*;q=0.1')).toBe('json');
  });

  it('anything else is REQUESTED_FORMATS_INVALID 406', () => {
    const err = bankError(() => reportFormat('text/plain'));
    expect([err.code, err.status]).toEqual(['REQUESTED_FORMATS_INVALID', 406]);
    expect(bankError(() => reportFormat('application/xml;q=0')).code).toBe('REQUESTED_FORMATS_INVALID');
  });
});

describe('paging', () => {
  const ledger = accountLedger(fra2, SUNDAY, []);
  const query = (over: Partial<TransactionQuery> = {}): TransactionQuery => ({
    dateFrom: '2026-08-24',
    dateTo: SUNDAY,
    bookingStatus: 'both',
    pageIndex: 0,
    itemsPerPage: 10,
    ...over,
  });

  it('cuts booked-then-pending entries into pages and links them', () => {
    const all = [...ledger.booked, ...ledger.pending].filter((e) => e.entryDate >= '2026-08-24');
    const pages = Math.ceil(all.length / 10);
    const seen: AccountEntry[] = [];
    for (let i = 0; i < pages; i++) {
      const page = transactionPage(ledger, query({ pageIndex: i }));
      expect(page.pageCount).toBe(pages);
      expect(page.totalEntries).toBe(all.length);
      seen.push(...(page.booked ?? []), ...(page.pending ?? []));
      const links = pageQueries(query({ pageIndex: i }), page);
      expect(links.first).toBe('dateFrom=2026-08-24&dateTo=2026-11-22&bookingStatus=both&itemsPerPage=10&pageIndex=0');
      expect(links.last).toContain(`pageIndex=${pages - 1}`);
      expect(links.next === undefined).toBe(i === pages - 1);
      expect(links.previous === undefined).toBe(i === 0);
    }
    expect(seen).toEqual(all);
    expect(bankError(() => transactionPage(ledger, query({ pageIndex: pages }))).message).toContain(`beyond the last page ${pages - 1}`);
  });

  it('one page has no page links; the default page size is left out of links', () => {
    const page = transactionPage(ledger, query({ itemsPerPage: 500 }));
    expect(pageQueries(query({ itemsPerPage: 500 }), page)).toEqual({});
    const small = transactionPage(ledger, query({ itemsPerPage: 100, dateFrom: '2024-12-01' }));
    expect(pageQueries(query({ itemsPerPage: 100, dateFrom: '2024-12-01' }), small).next).toBe(
      'dateFrom=2024-12-01&dateTo=2026-11-22&bookingStatus=both&pageIndex=1',
    );
  });

  it('an empty period is one empty page; a status not asked for has no list', () => {
    const page = transactionPage(ledger, query({ dateFrom: '2026-11-23', dateTo: '2026-11-23', bookingStatus: 'booked' }));
    expect(page).toEqual({ booked: [], pageIndex: 0, pageCount: 1, totalEntries: 0 });
  });
});

describe('Berlin Group records', () => {
  const debit: AccountEntry = {
    transactionId: 'T-1',
    status: 'booked',
    bookingDate: SUNDAY,
    valueDate: '2026-11-21',
    entryDate: SUNDAY,
    amount: '-12.50',
    currency: 'EUR',
    counterparty: { name: 'Payee', iban: 'DE94370502991129384756' },
    remittanceInformation: 'x'.repeat(150),
    endToEndId: 'E2E',
    bankTransactionCode: 'PMNT-ICDT-ESCT',
  };

  it('a debit names the creditor, a credit the debtor; long remittance goes in pieces of 140', () => {
    expect(transactionRecord(debit)).toEqual({
      transactionId: 'T-1',
      endToEndId: 'E2E',
      bookingDate: SUNDAY,
      valueDate: '2026-11-21',
      transactionAmount: { currency: 'EUR', amount: '-12.50' },
      creditorName: 'Payee',
      creditorAccount: { iban: 'DE94370502991129384756' },
      remittanceInformationUnstructuredArray: ['x'.repeat(140), 'x'.repeat(10)],
      bankTransactionCode: 'PMNT-ICDT-ESCT',
    });
    const credit = transactionRecord({
      ...debit,
      amount: '99.00',
      status: 'pending',
      bookingDate: undefined,
      counterparty: { name: 'Payer', otherId: '16582041738751' },
      remittanceInformation: 'Thanks',
    });
    expect(credit).toMatchObject({ debtorName: 'Payer', debtorAccount: { bban: '16582041738751' }, remittanceInformationUnstructured: 'Thanks' });
    expect(credit).not.toHaveProperty('bookingDate');
    expect(transactionRecord({ ...debit, counterparty: { name: 'UK', otherId: '16-58-20 41738751' } }).creditorAccount).toEqual({
      other: { identification: '16-58-20 41738751' },
    });
  });

  it('an account without IBAN is referenced by its BBAN', () => {
    const record = accountRecord(lon3, 'Owner Ltd', [], {});
    expect(record).toMatchObject({ resourceId: 'LON-ACC-03', bban: '16582041738751', currency: 'GBP', status: 'enabled', ownerName: 'Owner Ltd' });
    expect(record).not.toHaveProperty('iban');
    const report = transactionsRecord(lon3, { booked: [], pageIndex: 0, pageCount: 1, totalEntries: 0 }, [], { account: { href: '/x' } });
    expect(report).toEqual({
      account: { bban: '16582041738751', currency: 'GBP' },
      transactions: { booked: [], _links: { account: { href: '/x' } } },
      balances: [],
    });
  });
});

describe('camt.052.001.02', () => {
  const position = accountPosition(fra2, SUNDAY, [posting({ status: 'pending', statusDate: SUNDAY, executionDate: '2026-11-23' })], fra2.availableBalance);
  const input = (over: Partial<Camt052Input> = {}): Camt052Input => ({
    messageId: 'MSG1',
    reportId: 'FRA-ACC-02-20261101-20261122-1',
    createdAt: new Date('2026-11-22T10:00:00.123Z'),
    account: fra2,
    ownerName: 'Rhein-Main Maschinenbau GmbH',
    dateFrom: '2026-11-01',
    dateTo: SUNDAY,
    balances: reportBalances(position, '2026-11-01', SUNDAY),
    entries: [...position.ledger.booked.filter((e) => e.entryDate >= '2026-11-01'), ...position.ledger.pending],
    page: { number: 1, last: true },
    ...over,
  });
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['Bal', 'Ntry', 'Ustrd'].includes(name) });

  it('is well-formed, in its namespace, with the group header, the period, the account and the balances in schema order', () => {
    const xml = buildCamt052(input());
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml).Document;
    expect(doc['@_xmlns']).toBe(CAMT052_NAMESPACE);
    const { GrpHdr, Rpt } = doc.BkToCstmrAcctRpt;
    expect(GrpHdr).toEqual({ MsgId: 'MSG1', CreDtTm: '2026-11-22T10:00:00Z', MsgPgntn: { PgNb: 1, LastPgInd: true } });
    expect(Object.keys(Rpt)).toEqual(['Id', 'CreDtTm', 'FrToDt', 'Acct', 'Bal', 'Ntry']);
    expect(Rpt.FrToDt).toEqual({ FrDtTm: '2026-11-01T00:00:00', ToDtTm: '2026-11-22T23:59:59' });
    expect(Rpt.Acct).toEqual({
      Id: { IBAN: fra2.iban },
      Ccy: 'EUR',
      Nm: fra2.name,
      Ownr: { Nm: 'Rhein-Main Maschinenbau GmbH' },
      Svcr: { FinInstnId: { BIC: fra2.bic } },
    });
    expect(Rpt.Bal.map((b: any) => b.Tp.CdOrPrtry.Cd)).toEqual(['OPBD', 'OPAV', 'ITBD', 'ITAV']);
    expect(Object.keys(Rpt.Bal[0])).toEqual(['Tp', 'Amt', 'CdtDbtInd', 'Dt']);
    expect(Rpt.Bal[2]).toMatchObject({ Amt: { '#text': Number(fra2.balance), '@_Ccy': 'EUR' }, CdtDbtInd: 'CRDT', Dt: { Dt: SUNDAY } });
  });

  it('writes each entry with a positive amount and its direction, status, dates, code and related party', () => {
    const doc = parser.parse(buildCamt052(input())).Document.BkToCstmrAcctRpt.Rpt;
    const booked = doc.Ntry.filter((n: any) => n.Sts === 'BOOK');
    const pending = doc.Ntry.filter((n: any) => n.Sts === 'PDNG');
    expect(booked.length).toBe(position.ledger.booked.filter((e) => e.entryDate >= '2026-11-01').length);
    expect(pending.length).toBe(4); // two weekend items and the PDNG payment's two transfers
    for (const n of doc.Ntry) {
      expect(Object.keys(n).filter((k) => k !== 'BookgDt')).toEqual(['NtryRef', 'Amt', 'CdtDbtInd', 'Sts', 'ValDt', 'BkTxCd', 'NtryDtls']);
      expect(Number(n.Amt['#text'])).toBeGreaterThan(0);
    }
    expect(pending.every((n: any) => n.BookgDt === undefined)).toBe(true);
    const payment = doc.Ntry.find((n: any) => n.NtryRef === 'PAY-1-1');
    expect(payment).toMatchObject({
      Amt: { '#text': 1250, '@_Ccy': 'EUR' },
      CdtDbtInd: 'DBIT',
      ValDt: { Dt: '2026-11-23' },
      BkTxCd: { Domn: { Cd: 'PMNT', Fmly: { Cd: 'ICDT', SubFmlyCd: 'ESCT' } } },
      NtryDtls: {
        TxDtls: {
          Refs: { EndToEndId: 'E2E-1' },
          RltdPties: { Cdtr: { Nm: 'Schneider Bürotechnik GmbH' }, CdtrAcct: { Id: { IBAN: 'DE94370502991129384756' } } },
          RmtInf: { Ustrd: ['Invoice 1'] },
        },
      },
    });
    const credit = booked.find((n: any) => n.CdtDbtInd === 'CRDT');
    expect(credit.NtryDtls.TxDtls.RltdPties.Dbtr.Nm).toEqual(expect.any(String));
  });

  it("escapes text, cuts to the schema's lengths, and names a non-IBAN account a BBAN", () => {
    const entry: AccountEntry = {
      transactionId: `${'P'.repeat(36)}-1`,
      status: 'booked',
      bookingDate: SUNDAY,
      valueDate: SUNDAY,
      entryDate: SUNDAY,
      amount: '-1.00',
      currency: 'GBP',
      counterparty: { name: 'A & B <Ltd> "quoted"', otherId: '16-58-20 41738751' },
      remittanceInformation: 'r'.repeat(300),
      bankTransactionCode: 'ODD',
    };
    const xml = buildCamt052(input({ account: lon3, entries: [entry], balances: [], ownerName: undefined }));
    expect(XMLValidator.validate(xml)).toBe(true);
    const rpt = parser.parse(xml).Document.BkToCstmrAcctRpt.Rpt;
    expect(rpt.Acct.Id).toEqual({ Othr: { Id: 16582041738751, SchmeNm: { Cd: 'BBAN' } } });
    const [n] = rpt.Ntry;
    expect(n.NtryRef).toBeUndefined(); // longer than Max35Text
    expect(n.BkTxCd).toEqual({ Prtry: { Cd: 'ODD' } });
    expect(n.NtryDtls.TxDtls.RltdPties.Cdtr.Nm).toBe('A & B <Ltd> "quoted"');
    expect(xml).toContain('<Nm>A &amp; B &lt;Ltd&gt; &quot;quoted&quot;</Nm>');
    expect(n.NtryDtls.TxDtls.RmtInf.Ustrd).toHaveLength(3);
    expect(n.NtryDtls.TxDtls.RltdPties.CdtrAcct.Id.Othr.Id).toBe('16-58-20 41738751');
  });
});
