import { describe, it, expect } from 'vitest';
import type { PaymentProduct } from '../../main/domain/dataset/types';
import { MAX_ISSUES, validatePain001, type ValidationIssue } from '../../main/domain/iso20022/pain001/validate';
import { at, buildPain001, contextFor, insertInto, pain001Data, removeAt, setText, type Pain001Data, type XNode } from '../support/pain001-builder';

const SEPA: PaymentProduct = 'pain.001-sepa-credit-transfers';
const GRP = 'Document/CstmrCdtTrfInitn/GrpHdr';
const PMT = 'Document/CstmrCdtTrfInitn/PmtInf[1]';
const TX1 = `${PMT}/CdtTrfTxInf[1]`;

function issuesOf(mutate: (root: XNode) => void, data: Pain001Data = pain001Data(SEPA), product: PaymentProduct = SEPA): ValidationIssue[] {
  const r = validatePain001(buildPain001(data, mutate), contextFor(product));
  if (r.ok) throw new Error('expected issues');
  return r.errors;
}

/** The one issue a minimal mutation of a valid document causes. */
function onlyIssue(mutate: (root: XNode) => void, data?: Pain001Data, product?: PaymentProduct): ValidationIssue {
  const issues = issuesOf(mutate, data, product);
  expect(issues, JSON.stringify(issues, null, 2)).toHaveLength(1);
  return issues[0] as ValidationIssue;
}

describe('pain.001 schema: structure', () => {
  it('accepts the valid document of every product', () => {
    for (const product of [
      'pain.001-sepa-credit-transfers',
      'pain.001-internal-transfers',
      'pain.001-swift-transfers',
      'pain.001-chaps-payments',
      'pain.001-faster-payments',
    ] as const) {
      expect(validatePain001(buildPain001(pain001Data(product)), contextFor(product))).toMatchObject({ ok: true });
    }
  });

  it('minOccurs: a missing required element is reported at its path', () => {
    expect(onlyIssue((d) => removeAt(d, `${GRP}/MsgId`))).toMatchObject({ path: `${GRP}/MsgId`, rule: 'minOccurs', kind: 'schema' });
  });

  it('minOccurs: a PmtInf without CdtTrfTxInf', () => {
    const issues = issuesOf((d) => removeAt(d, TX1));
    expect(issues).toContainEqual(expect.objectContaining({ path: `${PMT}/CdtTrfTxInf`, rule: 'minOccurs' }));
  });

  it('maxOccurs: an element given twice where the schema allows one', () => {
    const issue = onlyIssue((d) => insertInto(d, GRP, { name: 'MsgId', text: 'AGAIN' }, 'CreDtTm'));
    expect(issue).toMatchObject({ path: `${GRP}/MsgId`, rule: 'maxOccurs' });
  });

  it('element order: a sequence out of order names both elements', () => {
    const issue = onlyIssue((d) => {
      const header = at(d, GRP).node;
      const [msgId, creDtTm, ...rest] = header.children ?? [];
      header.children = [creDtTm as XNode, msgId as XNode, ...rest];
    });
    expect(issue).toMatchObject({ path: `${GRP}/MsgId`, rule: 'element order' });
    expect(issue.message).toBe('MsgId must come before CreDtTm in GrpHdr');
  });

  it('unknown element: refused with its path', () => {
    const issue = onlyIssue((d) => insertInto(d, `${TX1}/Cdtr`, { name: 'Nickname', text: 'G' }));
    expect(issue).toMatchObject({ path: `${TX1}/Cdtr/Nickname`, rule: 'unknown element' });
  });

  it('unknown attribute', () => {
    const issue = onlyIssue((d) => (at(d, `${GRP}/MsgId`).node.attributes = { lang: 'en' }));
    expect(issue).toMatchObject({ path: `${GRP}/MsgId/@lang`, rule: 'unknown attribute' });
  });

  it('required attribute: InstdAmt without Ccy', () => {
    const issue = onlyIssue((d) => (at(d, `${TX1}/Amt/InstdAmt`).node.attributes = {}));
    expect(issue).toMatchObject({ path: `${TX1}/Amt/InstdAmt/@Ccy`, rule: 'required attribute' });
  });

  it('choice: two alternatives given', () => {
    const issue = onlyIssue((d) => insertInto(d, `${TX1}/CdtrAcct/Id`, { name: 'Othr', children: [{ name: 'Id', text: '123' }] }));
    expect(issue).toMatchObject({ path: `${TX1}/CdtrAcct/Id/Othr`, rule: 'choice' });
  });

  it('choice: no alternative given is reported at the choice', () => {
    const issue = onlyIssue((d) => removeAt(d, `${TX1}/CdtrAcct/Id/IBAN`));
    expect(issue).toMatchObject({ path: `${TX1}/CdtrAcct/Id`, rule: 'minOccurs' });
    expect(issue.message).toBe('Id needs one of IBAN, Othr');
  });

  it('element-only content: text inside a complex element', () => {
    const issue = onlyIssue((d) => (at(d, `${TX1}/Cdtr`).node.text = 'Girard'));
    expect(issue).toMatchObject({ path: `${TX1}/Cdtr`, rule: 'element-only content' });
  });

  it('text-only content: an element inside a value', () => {
    const issue = onlyIssue((d) => (at(d, `${GRP}/MsgId`).node.children = [{ name: 'Part', text: 'x' }]));
    expect(issue).toMatchObject({ path: `${GRP}/MsgId`, rule: 'text-only content' });
  });

  it('gives the line of the element', () => {
    const issue = onlyIssue((d) => setText(d, `${GRP}/MsgId`, ''));
    expect(issue.line).toBe(5);
  });

  it('reports every issue, not only the first', () => {
    const issues = issuesOf((d) => {
      setText(d, `${GRP}/MsgId`, 'x'.repeat(36));
      setText(d, `${PMT}/ReqdExctnDt`, '2027-02-30');
      setText(d, `${TX1}/CdtrAcct/Id/IBAN`, 'FR7630004008210001042987127');
    });
    expect(issues.map((i) => i.rule)).toEqual(['Max35Text', 'ISODate', 'IBAN check digits']);
  });

  it(`stops at ${MAX_ISSUES} issues and says how many more there were`, () => {
    const transactions = Array.from({ length: 300 }, (_, i) => ({
      endToEndId: `E${i}`,
      amount: '1.00',
      currency: 'EUR',
      creditorName: 'A',
      creditorAccount: { iban: 'XX' },
    }));
    const issues = issuesOf(() => {}, pain001Data(SEPA, { transactions }));
    expect(issues).toHaveLength(MAX_ISSUES + 1);
    expect(issues.at(-1)).toMatchObject({ rule: 'issue limit', message: '100 further issues are not reported (at most 200 are)' });
  });
});

describe('pain.001 schema: facets', () => {
  const facet = (path: string, value: string, rule: string, data?: Pain001Data, product?: PaymentProduct): void => {
    const issue = onlyIssue((d) => setText(d, path, value), data, product);
    expect(issue).toMatchObject({ path, rule, kind: 'schema' });
  };
  const swift = pain001Data('pain.001-swift-transfers', {
    transactions: [{ ...pain001Data('pain.001-swift-transfers').transactions[0]!, creditorAddressLines: ['1 Main Street'] }],
  });

  it('Max35Text: too long and empty', () => {
    facet(`${GRP}/MsgId`, 'M'.repeat(36), 'Max35Text');
    facet(`${GRP}/MsgId`, '', 'Max35Text');
  });

  it('Max35Text counts characters, not UTF-16 units', () => {
    expect(validatePain001(buildPain001(pain001Data(SEPA, { msgId: '😀'.repeat(35) })), contextFor(SEPA)).ok).toBe(true);
  });

  it('Max70Text: an address line', () => facet(`${TX1}/Cdtr/PstlAdr/AdrLine[1]`, 'a'.repeat(71), 'Max70Text', swift, 'pain.001-swift-transfers'));
  it('Max140Text: a remittance line', () => facet(`${TX1}/RmtInf/Ustrd[1]`, 'r'.repeat(141), 'Max140Text'));
  it('Max34Text: an account Othr/Id', () => facet(`${TX1}/CdtrAcct/Id/Othr/Id`, '1'.repeat(35), 'Max34Text', swift, 'pain.001-swift-transfers'));
  it('Max15NumericText: NbOfTxs', () => facet(`${GRP}/NbOfTxs`, '1x', 'Max15NumericText'));
  it('IBAN2007Identifier: the pattern', () => facet(`${TX1}/CdtrAcct/Id/IBAN`, 'FR76 3000', 'IBAN2007Identifier'));
  it('IBAN check digits: mod 97', () => facet(`${TX1}/CdtrAcct/Id/IBAN`, 'FR7730004008210001042987126', 'IBAN check digits'));
  it('IBAN: the registered length of the country', () => facet(`${TX1}/CdtrAcct/Id/IBAN`, 'DE9437050299112938475', 'IBAN'));
  it('BICIdentifier', () => facet(`${PMT}/DbtrAgt/FinInstnId/BIC`, 'NBRBDE1F', 'BICIdentifier'));
  it('ISODate: not a calendar date', () => facet(`${PMT}/ReqdExctnDt`, '2027-02-29', 'ISODate'));
  it('ISODateTime', () => facet(`${GRP}/CreDtTm`, '2026-11-20 09:30:00', 'ISODateTime'));
  it('DecimalNumber: fraction digits and total digits', () => {
    facet(`${GRP}/CtrlSum`, '1.000000000000000001', 'DecimalNumber');
    facet(`${GRP}/CtrlSum`, '1234567890123456789', 'DecimalNumber');
  });
  it('ActiveOrHistoricCurrencyAndAmount: 5 fraction digits, 18 digits, not negative', () => {
    facet(`${TX1}/Amt/InstdAmt`, '1.000001', 'ActiveOrHistoricCurrencyAndAmount_SimpleType');
    facet(`${TX1}/Amt/InstdAmt`, '1234567890123456789', 'ActiveOrHistoricCurrencyAndAmount_SimpleType');
    facet(`${TX1}/Amt/InstdAmt`, '-5.00', 'ActiveOrHistoricCurrencyAndAmount_SimpleType');
    facet(`${TX1}/Amt/InstdAmt`, '1e3', 'ActiveOrHistoricCurrencyAndAmount_SimpleType');
  });
  it('ActiveOrHistoricCurrencyCode: the Ccy attribute', () => {
    const issue = onlyIssue((d) => (at(d, `${TX1}/Amt/InstdAmt`).node.attributes = { Ccy: 'eur' }));
    expect(issue).toMatchObject({ path: `${TX1}/Amt/InstdAmt/@Ccy`, rule: 'ActiveOrHistoricCurrencyCode' });
  });
  it('ChargeBearerType1Code: an enumeration', () => facet(`${PMT}/ChrgBr`, 'OUR', 'ChargeBearerType1Code'));
  it('PaymentMethod3Code', () => facet(`${PMT}/PmtMtd`, 'trf', 'PaymentMethod3Code'));
  it('BatchBookingIndicator: a boolean', () => facet(`${PMT}/BtchBookg`, 'yes', 'BatchBookingIndicator', pain001Data(SEPA, { batchBooking: true })));
  it('CountryCode', () => facet(`${TX1}/Cdtr/PstlAdr/Ctry`, 'USA', 'CountryCode', swift, 'pain.001-swift-transfers'));
  it('ExternalServiceLevel1Code: 1 to 4 characters', () => facet(`${PMT}/PmtTpInf/SvcLvl/Cd`, 'SEPAX', 'ExternalServiceLevel1Code'));

  it('accepts the lexical variety of xs:decimal, xs:date and xs:dateTime', () => {
    const data = pain001Data(SEPA, { creationDateTime: '2026-11-20T09:30:00.123+01:00', requestedExecutionDate: '2027-06-15Z', ctrlSum: '+01250.000' });
    const r = validatePain001(
      buildPain001(data, (d) => setText(d, `${TX1}/Amt/InstdAmt`, ' 1250.0 ')),
      contextFor(SEPA),
    );
    expect(r.ok && r.payment).toMatchObject({ requestedExecutionDate: '2027-06-15', controlSum: '+01250.000' });
    expect(r.ok && r.payment.transactions[0]?.amount).toBe('1250.00');
  });
});
