import { describe, it, expect } from 'vitest';
import { buildPain002, type TransactionStatusEntry } from '../../main/domain/iso20022/pain002/build';
import { validatePain001, type ParsedPayment } from '../../main/domain/iso20022/pain001/validate';
import { readXml, type XmlElement } from '../../main/domain/iso20022/xml-tree';
import { buildPain001, contextFor, pain001Data, pain001Tree, serialize } from '../support/pain001-builder';

const PAIN002_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';
const SEPA = 'pain.001-sepa-credit-transfers';

function parsed(data = pain001Data(SEPA)): ParsedPayment {
  const r = validatePain001(buildPain001(data), contextFor(SEPA));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.payment;
}

const bulk = parsed(
  pain001Data(SEPA, {
    transactions: [
      {
        endToEndId: 'E2E-1',
        instrId: 'I-1',
        amount: '100.00',
        currency: 'EUR',
        creditorName: 'Transports Girard SARL',
        creditorAccount: { iban: 'FR7630004008210001042987126' },
      },
      { endToEndId: 'E2E-2', amount: '12750.4', currency: 'EUR', creditorName: 'Mueller Logistik', creditorAccount: { iban: 'DE97700205700631807745' } },
      {
        endToEndId: 'E2E-3',
        amount: '890.00',
        currency: 'EUR',
        creditorName: 'Chevalier Conseil',
        creditorAccount: { iban: 'FR7610278060210002198540268' },
        creditorAgentBic: 'BNPAFRPP',
      },
      { endToEndId: 'E2E-4', amount: '1.00', currency: 'EUR', creditorName: 'Stichting Derdengelden Horizon', creditorAccount: { iban: 'NL10ABNA0521987644' } },
    ],
  }),
);

function report(xml: string): XmlElement {
  const r = readXml(xml);
  if (!r.ok) throw new Error(r.problem.message);
  return r.document.root;
}

const child = (el: XmlElement | undefined, name: string): XmlElement | undefined => el?.children.find((c) => c.name === name);
const path = (el: XmlElement | undefined, ...names: string[]): XmlElement | undefined => names.reduce(child, el);
const text = (el: XmlElement | undefined, ...names: string[]): string | undefined => path(el, ...names)?.text;
const names = (el: XmlElement | undefined): string[] => el?.children.map((c) => c.name) ?? [];

describe('pain.002 status report', () => {
  const createdAt = new Date('2026-11-20T10:15:30.250Z');

  it('has the pain.002 namespace matching the pain.001 version and the schema’s element order', () => {
    const root = report(buildPain002({ messageId: 'STS-1', createdAt, original: bulk, transactions: [{ endToEndId: 'E2E-1', status: 'PATC', reasons: [] }] }));
    expect(root.name).toBe('Document');
    expect(root.namespace).toBe(PAIN002_NS);
    expect(names(root)).toEqual(['CstmrPmtStsRpt']);
    const rpt = child(root, 'CstmrPmtStsRpt');
    expect(names(rpt)).toEqual(['GrpHdr', 'OrgnlGrpInfAndSts', 'OrgnlPmtInfAndSts']);
    expect(names(child(rpt, 'GrpHdr'))).toEqual(['MsgId', 'CreDtTm']);
    expect(text(rpt, 'GrpHdr', 'CreDtTm')).toBe('2026-11-20T10:15:30Z');
    const group = child(rpt, 'OrgnlGrpInfAndSts');
    expect(names(group)).toEqual(['OrgnlMsgId', 'OrgnlMsgNmId', 'OrgnlCreDtTm', 'OrgnlNbOfTxs', 'OrgnlCtrlSum']);
    expect([text(group, 'OrgnlMsgId'), text(group, 'OrgnlMsgNmId'), text(group, 'OrgnlNbOfTxs'), text(group, 'OrgnlCtrlSum')]).toEqual([
      'MSG-0001',
      'pain.001.001.03',
      '4',
      '13741.4',
    ]);
    const tx = path(rpt, 'OrgnlPmtInfAndSts', 'TxInfAndSts');
    expect(names(tx)).toEqual(['OrgnlInstrId', 'OrgnlEndToEndId', 'TxSts', 'OrgnlTxRef']);
    expect(names(child(tx, 'OrgnlTxRef'))).toEqual(['Amt', 'Cdtr', 'CdtrAcct']);
    const amount = path(tx, 'OrgnlTxRef', 'Amt', 'InstdAmt');
    expect([amount?.text, amount?.attributes]).toEqual(['100.00', [{ name: 'Ccy', namespace: '', value: 'EUR' }]]);
  });

  it('gives each credit transfer of a bulk its own status and reasons (VoP and rejection)', () => {
    const statuses: TransactionStatusEntry[] = [
      { endToEndId: 'E2E-4', status: 'PATC', reasons: [{ code: 'NOAP', info: ['VoP not possible for this account'] }] },
      { endToEndId: 'E2E-1', status: 'PATC', reasons: [] },
      { endToEndId: 'E2E-2', status: 'PATC', reasons: [{ code: 'CMTC', info: ['Müller Logistik GmbH'] }] },
      {
        endToEndId: 'E2E-3',
        status: 'RJCT',
        reasons: [
          { code: 'NMTC', info: ['no match'] },
          { code: 'AM04', info: ['Insufficient funds', 'second line'] },
        ],
      },
    ];
    const root = report(buildPain002({ messageId: 'STS-2', createdAt, original: bulk, transactions: statuses }));
    const info = path(root, 'CstmrPmtStsRpt', 'OrgnlPmtInfAndSts');
    expect(text(info, 'OrgnlPmtInfId')).toBe('PMT-0001');
    const txs = info?.children.filter((c) => c.name === 'TxInfAndSts') ?? [];
    expect(txs.map((t) => [text(t, 'OrgnlEndToEndId'), text(t, 'TxSts')])).toEqual([
      ['E2E-1', 'PATC'],
      ['E2E-2', 'PATC'],
      ['E2E-3', 'RJCT'],
      ['E2E-4', 'PATC'],
    ]);
    expect(txs.map((t) => t.children.filter((c) => c.name === 'StsRsnInf').map((r) => text(r, 'Rsn', 'Cd')))).toEqual([
      [],
      ['CMTC'],
      ['NMTC', 'AM04'],
      ['NOAP'],
    ]);
    expect(text(txs[1], 'StsRsnInf', 'AddtlInf')).toBe('Müller Logistik GmbH');
    const am04 = txs[2]?.children.filter((c) => c.name === 'StsRsnInf')[1];
    expect(am04?.children.filter((c) => c.name === 'AddtlInf').map((c) => c.text)).toEqual(['Insufficient funds', 'second line']);
    expect(text(txs[2], 'OrgnlTxRef', 'CdtrAgt', 'FinInstnId', 'BIC')).toBe('BNPAFRPP');
    expect(names(txs[2])).toEqual(['OrgnlEndToEndId', 'TxSts', 'StsRsnInf', 'StsRsnInf', 'OrgnlTxRef']);
    expect(text(txs[1], 'OrgnlTxRef', 'Amt', 'InstdAmt')).toBe('12750.40');
    expect(text(txs[1], 'OrgnlTxRef', 'Cdtr', 'Nm')).toBe('Mueller Logistik');
  });

  it('sets the group status only for a group-level rejection', () => {
    const none = report(buildPain002({ messageId: 'S', createdAt, original: bulk, transactions: [] }));
    expect(child(path(none, 'CstmrPmtStsRpt', 'OrgnlGrpInfAndSts'), 'GrpSts')).toBeUndefined();
    const root = report(
      buildPain002({
        messageId: 'S',
        createdAt,
        original: bulk,
        groupStatus: { status: 'RJCT', reasonCode: 'DS02', info: ['Order cancelled'] },
        transactions: bulk.transactions.map((t) => ({ endToEndId: t.endToEndId, status: 'RJCT', reasons: [] })),
      }),
    );
    const group = path(root, 'CstmrPmtStsRpt', 'OrgnlGrpInfAndSts');
    expect(names(group).slice(-2)).toEqual(['GrpSts', 'StsRsnInf']);
    expect([text(group, 'GrpSts'), text(group, 'StsRsnInf', 'Rsn', 'Cd'), text(group, 'StsRsnInf', 'AddtlInf')]).toEqual(['RJCT', 'DS02', 'Order cancelled']);
  });

  it('escapes text and cuts additional information into Max105Text pieces', () => {
    const tricky = parsed(
      pain001Data('pain.001-sepa-credit-transfers', {
        msgId: 'A&B <1>',
        transactions: [
          { endToEndId: '"E&E"', amount: '1.00', currency: 'EUR', creditorName: "O'Brien (Cork)", creditorAccount: { iban: 'FR7630004008210001042987126' } },
        ],
      }),
    );
    const long = `${'x'.repeat(100)}<&>${'y'.repeat(10)}`;
    const xml = buildPain002({
      messageId: 'M<&>',
      createdAt,
      original: tricky,
      transactions: [{ endToEndId: '"E&E"', status: 'PATC', reasons: [{ code: 'NMTC', info: [long, 'bad \u0001 char'] }] }],
    });
    expect(xml).toContain('<OrgnlMsgId>A&amp;B &lt;1&gt;</OrgnlMsgId>');
    const root = report(xml);
    expect(text(root, 'CstmrPmtStsRpt', 'GrpHdr', 'MsgId')).toBe('M<&>');
    const tx = path(root, 'CstmrPmtStsRpt', 'OrgnlPmtInfAndSts', 'TxInfAndSts');
    expect(text(tx, 'OrgnlEndToEndId')).toBe('"E&E"');
    const lines = child(tx, 'StsRsnInf')
      ?.children.filter((c) => c.name === 'AddtlInf')
      .map((c) => c.text);
    expect(lines).toEqual([`${'x'.repeat(100)}<&>yy`, 'y'.repeat(8), 'bad \uFFFD char']);
  });

  it('writes no AddtlInf for an empty line of additional information (Max105Text has a character at least)', () => {
    const xml = buildPain002({
      messageId: 'M',
      createdAt,
      original: bulk,
      transactions: [{ endToEndId: 'E2E-1', status: 'RJCT', reasons: [{ code: 'AC04', info: ['', 'Closed account'] }] }],
    });
    const tx = path(report(xml), 'CstmrPmtStsRpt', 'OrgnlPmtInfAndSts', 'TxInfAndSts');
    expect(
      child(tx, 'StsRsnInf')
        ?.children.filter((c) => c.name === 'AddtlInf')
        .map((c) => c.text),
    ).toEqual(['Closed account']);
  });

  it('refuses inputs that would make an invalid report', () => {
    const base = { messageId: 'M', createdAt, original: bulk };
    expect(() => buildPain002({ ...base, transactions: [{ endToEndId: 'nope', status: 'PATC', reasons: [] }] })).toThrow(/not a transaction/);
    expect(() => buildPain002({ ...base, transactions: [{ endToEndId: 'E2E-1', status: 'accepted', reasons: [] }] })).toThrow(RangeError);
    expect(() => buildPain002({ ...base, transactions: [{ endToEndId: 'E2E-1', status: 'RJCT', reasons: [{ code: 'TOOLONG' }] }] })).toThrow(RangeError);
    expect(() => buildPain002({ ...base, messageId: 'M'.repeat(36), transactions: [] })).toThrow(RangeError);
  });

  it('builds a 10,000-transaction report', () => {
    const transactions = Array.from({ length: 10_000 }, (_, i) => ({
      endToEndId: `E${i}`,
      amount: '1.50',
      currency: 'EUR',
      creditorName: 'A',
      creditorAccount: { iban: 'DE94370502991129384756' },
    }));
    const r = validatePain001(serialize(pain001Tree(pain001Data(SEPA, { transactions })), { indent: false }), contextFor(SEPA));
    if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
    const started = performance.now();
    const xml = buildPain002({
      messageId: 'BIG',
      createdAt,
      original: r.payment,
      transactions: r.payment.transactions.map((t, i) => ({
        endToEndId: t.endToEndId,
        status: i % 3 === 0 ? 'RJCT' : 'PATC',
        reasons: i % 3 === 0 ? [{ code: 'AC04', info: ['Closed account'] }] : [],
      })),
    });
    console.log(`pain.002 with 10,000 transactions: ${Math.round(performance.now() - started)} ms, ${xml.length} characters`);
    expect(xml.match(/<TxInfAndSts>/g)).toHaveLength(10_000);
    expect(xml.match(/<TxSts>RJCT<\/TxSts>/g)).toHaveLength(3334);
    expect(xml).toContain('<OrgnlCtrlSum>15000</OrgnlCtrlSum>');
  });
});
