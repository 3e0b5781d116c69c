// Account reports: the query of each account-information operation, the format asked for, pages, Berlin Group records and camt.052.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildCamt052, CAMT052_NAMESPACE, type Camt052Input } from '../../main/domain/accounts/camt052';
import { accountLedger, accountPosition, reportBalances, type AccountEntry } from '../../main/domain/accounts/ledger';
import {
  earliestDateFrom,
  parseAccountQuery,
  parseBalanceQuery,
  parseTransactionQuery,
  reportFormat,
  type TransactionQuery,
} from '../../main/domain/accounts/query';
import { accountRecord, pageQueries, transactionPage, transactionRecord, transactionsRecord } from '../../main/domain/accounts/report';
import { BankError } from '../../main/domain/errors';
import { fra2, lon3, posting, SUNDAY } from '../support/account-fixtures';

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
