import { describe, it, expect } from 'vitest';
import type { PaymentProduct } from '../../main/domain/dataset/types';
import { validatePain001, validationError, type ValidationIssue } from '../../main/domain/iso20022/pain001/validate';
import {
  at,
  buildPain001,
  contextFor,
  insertInto,
  pain001Data,
  removeAt,
  setText,
  type Pain001Data,
  type TransactionData,
  type XNode,
} from '../support/pain001-builder';

const SEPA: PaymentProduct = 'pain.001-sepa-credit-transfers';
const INTERNAL: PaymentProduct = 'pain.001-internal-transfers';
const SWIFT: PaymentProduct = 'pain.001-swift-transfers';
const CHAPS: PaymentProduct = 'pain.001-chaps-payments';
const FPS: PaymentProduct = 'pain.001-faster-payments';
const GRP = 'Document/CstmrCdtTrfInitn/GrpHdr';
const PMT = 'Document/CstmrCdtTrfInitn/PmtInf[1]';
const TX1 = `${PMT}/CdtTrfTxInf[1]`;
const TX2 = `${PMT}/CdtTrfTxInf[2]`;

function validate(product: PaymentProduct, data: Pain001Data, mutate?: (root: XNode) => void) {
  return validatePain001(buildPain001(data, mutate), contextFor(product));
}

function onlyIssue(product: PaymentProduct, overrides: Partial<Pain001Data>, mutate?: (root: XNode) => void): ValidationIssue {
  const r = validate(product, pain001Data(product, overrides), mutate);
  if (r.ok) throw new Error('expected an issue');
  expect(r.errors, JSON.stringify(r.errors, null, 2)).toHaveLength(1);
  const issue = r.errors[0] as ValidationIssue;
  expect(issue.kind).toBe('business');
  return issue;
}

/** The product's default transaction with changes. */
const tx = (product: PaymentProduct, changes: Partial<TransactionData> = {}): TransactionData => ({ ...pain001Data(product).transactions[0]!, ...changes });

describe('pain.001 rules of every product', () => {
  it('one PmtInf: a second PmtInf is refused (one payment per message)', () => {
    const issue = onlyIssue(SEPA, { nbOfTxs: '2', ctrlSum: '2500' }, (d) => {
      const initiation = at(d, 'Document/CstmrCdtTrfInitn').node;
      initiation.children?.push(structuredClone(at(d, PMT).node));
    });
    expect(issue).toMatchObject({ path: 'Document/CstmrCdtTrfInitn/PmtInf[2]', rule: 'one PmtInf' });
  });

  it('NbOfTxs: the group header count must match', () => {
    expect(onlyIssue(SEPA, { nbOfTxs: '2' })).toMatchObject({
      path: `${GRP}/NbOfTxs`,
      rule: 'NbOfTxs',
      message: 'NbOfTxs is 2 but the message has 1 CdtTrfTxInf',
    });
  });

  it('NbOfTxs: the PmtInf count must match where given', () => {
    expect(onlyIssue(SEPA, { pmtInfNbOfTxs: '3' })).toMatchObject({ path: `${PMT}/NbOfTxs`, rule: 'NbOfTxs' });
  });

  it('CtrlSum: the group header control sum must equal the amounts exactly', () => {
    const issue = onlyIssue(SEPA, { ctrlSum: '1250.01' });
    expect(issue).toMatchObject({ path: `${GRP}/CtrlSum`, rule: 'CtrlSum', message: 'CtrlSum is 1250.01 but the amounts in the message add up to 1250' });
    expect(validate(SEPA, pain001Data(SEPA, { ctrlSum: '1250.000' })).ok).toBe(true);
  });

  it('CtrlSum: the PmtInf control sum where given', () => {
    expect(onlyIssue(SEPA, { pmtInfCtrlSum: '12.5' })).toMatchObject({ path: `${PMT}/CtrlSum`, rule: 'CtrlSum' });
  });

  it('PmtMtd TRF: a cheque is not a credit transfer', () => {
    expect(onlyIssue(SEPA, {}, (d) => setText(d, `${PMT}/PmtMtd`, 'CHK'))).toMatchObject({ path: `${PMT}/PmtMtd`, rule: 'PmtMtd TRF' });
  });

  it('InstdAmt: an equivalent amount is not accepted', () => {
    const issue = onlyIssue(SEPA, { ctrlSum: null }, (d) => {
      at(d, `${TX1}/Amt`).node.children = [
        {
          name: 'EqvtAmt',
          children: [
            { name: 'Amt', text: '10.00', attributes: { Ccy: 'EUR' } },
            { name: 'CcyOfTrf', text: 'EUR' },
          ],
        },
      ];
    });
    expect(issue).toMatchObject({ path: `${TX1}/Amt/EqvtAmt`, rule: 'InstdAmt' });
  });

  it('amount > 0', () => {
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { amount: '0.00' })] })).toMatchObject({ path: `${TX1}/Amt/InstdAmt`, rule: 'amount > 0' });
  });

  it('currency decimals: JPY has none, GBP two', () => {
    expect(onlyIssue(SWIFT, { transactions: [tx(SWIFT, { amount: '1000.5', currency: 'JPY' })] })).toMatchObject({
      rule: 'currency decimals',
      message: 'JPY amounts have no decimals; 1000.5 has 1',
    });
    expect(onlyIssue(CHAPS, { transactions: [tx(CHAPS, { amount: '10.125' })] })).toMatchObject({ path: `${TX1}/Amt/InstdAmt`, rule: 'currency decimals' });
    expect(validate(SWIFT, pain001Data(SWIFT, { transactions: [tx(SWIFT, { amount: '1000', currency: 'JPY' })] })).ok).toBe(true);
  });

  it('EndToEndId unique within the payment', () => {
    const issue = onlyIssue(SEPA, { transactions: [tx(SEPA), tx(SEPA)] });
    expect(issue).toMatchObject({ path: `${TX2}/PmtId/EndToEndId`, rule: 'EndToEndId unique' });
    expect(issue.message).toContain('CdtTrfTxInf[1]');
  });

  it('creditor name required', () => {
    expect(onlyIssue(SWIFT, { transactions: [tx(SWIFT, { creditorName: undefined })] })).toMatchObject({ path: `${TX1}/Cdtr/Nm`, rule: 'creditor name' });
  });

  it('creditor account required', () => {
    expect(onlyIssue(SWIFT, { transactions: [tx(SWIFT, { creditorAccount: undefined })] })).toMatchObject({
      path: `${TX1}/CdtrAcct`,
      rule: 'creditor account',
    });
  });

  it('debtor name required', () => {
    expect(onlyIssue(SEPA, {}, (d) => removeAt(d, `${PMT}/Dbtr/Nm`))).toMatchObject({ path: `${PMT}/Dbtr/Nm`, rule: 'debtor name' });
  });

  it('debtor account: unknown to the bank', () => {
    const issue = onlyIssue(SEPA, { debtorAccount: { iban: 'DE94370502991129384756' } });
    expect(issue).toMatchObject({ path: `${PMT}/DbtrAcct/Id/IBAN`, rule: 'debtor account' });
    expect(issue.message).toBe('IBAN DE94370502991129384756 is not an account held at Northbridge Bank AG, Frankfurt am Main');
  });

  it('debtor account: held at another institution of the bank', () => {
    const issue = onlyIssue(SEPA, { debtorAccount: { iban: 'FR7617569000100002042241341' } });
    expect(issue.message).toContain('held at the paris institution');
  });

  it('debtor account: Othr/Id must be a sort code and account number', () => {
    expect(onlyIssue(CHAPS, { debtorAccount: { otherId: 'LON-ACC-01' } })).toMatchObject({ path: `${PMT}/DbtrAcct/Id/Othr/Id`, rule: 'debtor account' });
  });

  it('debtor account: a London account without IBAN is found by sort code and account number', () => {
    const r = validate(CHAPS, pain001Data(CHAPS, { debtorAccount: { otherId: '16-58-20 41738751' } }));
    expect(r.ok && r.payment.debtor).toEqual({ name: 'Thames Valley Components Ltd', otherId: '16-58-20 41738751', accountResourceId: 'LON-ACC-03' });
  });

  it('debtor agent: a BIC must be the institution’s', () => {
    expect(onlyIssue(SEPA, { debtorAgentBic: 'NBRBFRPP' })).toMatchObject({ path: `${PMT}/DbtrAgt/FinInstnId/BIC`, rule: 'debtor agent' });
    expect(validate(SEPA, pain001Data(SEPA, { debtorAgentBic: 'NBRBDEFFXXX' })).ok).toBe(true);
    const none = validate(SEPA, pain001Data(SEPA, { debtorAgentBic: undefined }));
    expect(none.ok && none.payment.debtorAgentBic).toBe('NBRBDEFF');
  });
});

describe('pain.001 rules: SEPA credit transfers', () => {
  it('SEPA: EUR only', () => {
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { currency: 'CHF' })] })).toMatchObject({ path: `${TX1}/Amt/InstdAmt/@Ccy`, rule: 'SEPA: EUR only' });
  });

  it('SEPA: at most 2 decimals', () => {
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { amount: '10.001' })] })).toMatchObject({
      path: `${TX1}/Amt/InstdAmt`,
      rule: 'SEPA: at most 2 decimals',
    });
    expect(validate(SEPA, pain001Data(SEPA, { transactions: [tx(SEPA, { amount: '10.100' })] })).ok).toBe(true);
  });

  it('SEPA: SvcLvl SEPA, wrong or missing', () => {
    expect(onlyIssue(SEPA, { serviceLevel: 'URGP' })).toMatchObject({ path: `${PMT}/PmtTpInf/SvcLvl/Cd`, rule: 'SEPA: SvcLvl SEPA' });
    expect(onlyIssue(SEPA, { serviceLevel: undefined })).toMatchObject({ path: `${PMT}/PmtTpInf/SvcLvl/Cd`, rule: 'SEPA: SvcLvl SEPA' });
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { serviceLevel: 'NURG' })] })).toMatchObject({
      path: `${TX1}/PmtTpInf/SvcLvl/Cd`,
      rule: 'SEPA: SvcLvl SEPA',
    });
    expect(validate(SEPA, pain001Data(SEPA, { serviceLevel: undefined, transactions: [tx(SEPA, { serviceLevel: 'SEPA' })] })).ok).toBe(true);
  });

  it('SEPA: ChrgBr SLEV where given', () => {
    expect(onlyIssue(SEPA, { chargeBearer: 'SHAR' })).toMatchObject({ path: `${PMT}/ChrgBr`, rule: 'SEPA: ChrgBr SLEV' });
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { chargeBearer: 'DEBT' })] })).toMatchObject({ path: `${TX1}/ChrgBr`, rule: 'SEPA: ChrgBr SLEV' });
    expect(validate(SEPA, pain001Data(SEPA, { chargeBearer: undefined })).ok).toBe(true);
  });

  it('SEPA: creditor IBAN', () => {
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { creditorAccount: { otherId: '0532013000' } })] })).toMatchObject({
      path: `${TX1}/CdtrAcct/Id/Othr/Id`,
      rule: 'SEPA: creditor IBAN',
    });
  });

  it('SEPA: creditor name required', () => {
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { creditorName: undefined })] })).toMatchObject({ rule: 'creditor name' });
  });

  it('SEPA: names of at most 70 characters', () => {
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { creditorName: 'N'.repeat(71) })] })).toMatchObject({
      path: `${TX1}/Cdtr/Nm`,
      rule: 'SEPA: name length',
    });
    expect(onlyIssue(SEPA, { debtorName: 'D'.repeat(71) })).toMatchObject({ path: `${PMT}/Dbtr/Nm`, rule: 'SEPA: name length' });
  });

  it('SEPA: character set, naming the character', () => {
    const issue = onlyIssue(SEPA, { transactions: [tx(SEPA, { creditorName: 'Girard & Fils' })] });
    expect(issue).toMatchObject({ path: `${TX1}/Cdtr/Nm`, rule: 'SEPA: character set', message: 'character "&" (U+0026) is not allowed in SEPA names' });
    expect(onlyIssue(SEPA, { transactions: [tx(SEPA, { creditorName: 'Tab\there' })] }).message).toBe('character U+0009 is not allowed in SEPA names');
  });

  it('SEPA: the basic set and Latin letters with diacritics are allowed', () => {
    for (const name of ["a-z A-Z 0-9 / - ? : ( ) . , ' +", 'Müller Logistik GmbH', 'Établissements Lefèvre et Fils SA', 'Łódź Żegluga']) {
      expect(validate(SEPA, pain001Data(SEPA, { transactions: [tx(SEPA, { creditorName: name })] })).ok, name).toBe(true);
    }
  });
});

describe('pain.001 rules: internal transfers', () => {
  it('internal: the creditor account must be held at the institution', () => {
    const issue = onlyIssue(INTERNAL, { transactions: [tx(INTERNAL, { creditorAccount: { iban: 'DE94370502991129384756' } })] });
    expect(issue).toMatchObject({ path: `${TX1}/CdtrAcct/Id/IBAN`, rule: 'internal: creditor account' });
    expect(onlyIssue(INTERNAL, { transactions: [tx(INTERNAL, { creditorAccount: { iban: 'DE73300112000002223941' } })] }).rule).toBe(
      'internal: creditor account',
    );
  });

  it('internal: not to the debtor account itself', () => {
    expect(onlyIssue(INTERNAL, { transactions: [tx(INTERNAL, { creditorAccount: { iban: 'DE37500112000001058185' } })] })).toMatchObject({
      rule: 'internal: same account',
    });
  });

  it('internal: another corporate’s account at the same institution is allowed; London by sort code', () => {
    expect(validate(INTERNAL, pain001Data(INTERNAL, { transactions: [tx(INTERNAL, { creditorAccount: { iban: 'DE30500112000001091194' } })] })).ok).toBe(true);
    const london = pain001Data(CHAPS, { transactions: [tx(CHAPS, { currency: 'GBP', creditorAccount: { otherId: '165820-41735834' } })] });
    const r = validatePain001(buildPain001(london), contextFor(INTERNAL, 'london'));
    expect(r.ok).toBe(true);
  });
});

describe('pain.001 rules: SWIFT', () => {
  it('SWIFT: the creditor agent BIC is required', () => {
    expect(onlyIssue(SWIFT, { transactions: [tx(SWIFT, { creditorAgentBic: undefined })] })).toMatchObject({
      path: `${TX1}/CdtrAgt/FinInstnId/BIC`,
      rule: 'SWIFT: creditor agent BIC',
    });
  });

  it('SWIFT: any currency, several in one payment, totals per currency', () => {
    const r = validate(
      SWIFT,
      pain001Data(SWIFT, {
        transactions: [tx(SWIFT), tx(SWIFT, { endToEndId: 'E2', currency: 'CHF', amount: '10.5' }), tx(SWIFT, { endToEndId: 'E3', amount: '20' })],
      }),
    );
    expect(r.ok && r.payment.totals).toEqual([
      { currency: 'USD', amount: '1000.00', count: 2 },
      { currency: 'CHF', amount: '10.50', count: 1 },
    ]);
  });
});

describe('pain.001 rules: CHAPS and Faster Payments', () => {
  it('CHAPS: GBP only', () => {
    expect(onlyIssue(CHAPS, { transactions: [tx(CHAPS, { currency: 'EUR' })] })).toMatchObject({ path: `${TX1}/Amt/InstdAmt/@Ccy`, rule: 'CHAPS: GBP only' });
  });

  it('CHAPS: UK account, not a foreign IBAN or another form', () => {
    expect(onlyIssue(CHAPS, { transactions: [tx(CHAPS, { creditorAccount: { iban: 'DE94370502991129384756' } })] })).toMatchObject({
      path: `${TX1}/CdtrAcct/Id`,
      rule: 'CHAPS: UK account',
    });
    expect(onlyIssue(CHAPS, { transactions: [tx(CHAPS, { creditorAccount: { otherId: '2000005577991' } })] }).rule).toBe('CHAPS: UK account');
  });

  it('CHAPS and Faster Payments accept the documented UK account forms', () => {
    for (const account of [
      { otherId: '20000055779911' },
      { otherId: '20-00-00 55779911' },
      { otherId: '200000-55779911' },
      { iban: 'GB29NWBK60161331926819' },
    ]) {
      for (const product of [CHAPS, FPS]) {
        expect(validate(product, pain001Data(product, { transactions: [tx(product, { creditorAccount: account })] })).ok, JSON.stringify(account)).toBe(true);
      }
    }
  });

  it('Faster Payments: GBP only and UK account', () => {
    expect(onlyIssue(FPS, { transactions: [tx(FPS, { currency: 'USD' })] }).rule).toBe('Faster Payments: GBP only');
    expect(onlyIssue(FPS, { transactions: [tx(FPS, { creditorAccount: { iban: 'FR7630004008210001042987126' } })] }).rule).toBe('Faster Payments: UK account');
  });

  it('Faster Payments: amount limit of the institution', () => {
    const issue = onlyIssue(FPS, { transactions: [tx(FPS, { amount: '1000000.01' })] });
    expect(issue).toMatchObject({ path: `${TX1}/Amt/InstdAmt`, rule: 'Faster Payments: amount limit' });
    expect(issue.message).toContain('GBP 1000000.00');
    expect(validate(FPS, pain001Data(FPS, { transactions: [tx(FPS, { amount: '1000000.00' })] })).ok).toBe(true);
    expect(validate(CHAPS, pain001Data(CHAPS, { transactions: [tx(CHAPS, { amount: '5000000.00' })] })).ok).toBe(true);
  });
});

describe('pain.001 validation result', () => {
  it('a pain.001 that cannot be accepted is PAYMENT_FAILED 400, whether it breaks the schema or a business rule', () => {
    const schema: ValidationIssue = { path: 'Document', rule: 'Max35Text', message: 'm', kind: 'schema' };
    const business: ValidationIssue = { path: 'Document', rule: 'NbOfTxs', message: 'm', kind: 'business' };
    expect(validationError([schema])).toMatchObject({ code: 'PAYMENT_FAILED', status: 400 });
    expect(validationError([business, schema])).toMatchObject({ code: 'PAYMENT_FAILED', status: 400 });
    const error = validationError([{ ...business, line: 7 }]);
    expect(error).toMatchObject({ code: 'PAYMENT_FAILED', status: 400, message: 'Document (line 7): m [NbOfTxs]' });
  });

  it('carries what later steps need', () => {
    const data = pain001Data(SEPA, {
      batchBooking: true,
      ctrlSum: '120.5',
      transactions: [
        tx(SEPA, { instrId: 'I-1', amount: '0100.5', remittance: ['Invoice 1', 'and 2'] }),
        tx(SEPA, {
          endToEndId: 'E2E-2',
          amount: '20',
          creditorName: 'Mueller Logistik',
          creditorAccount: { iban: 'DE97700205700631807745' },
          creditorAgentBic: 'BYLADEM1001',
          remittance: undefined,
        }),
      ],
    });
    const r = validate(SEPA, data);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payment).toEqual({
      messageVersion: 'pain.001.001.03',
      msgId: 'MSG-0001',
      creationDateTime: '2026-11-20T09:30:00',
      pmtInfId: 'PMT-0001',
      numberOfTransactions: 2,
      controlSum: '120.5',
      requestedExecutionDate: '2027-06-15',
      batchBooking: true,
      debtor: { name: 'Rhein-Main Maschinenbau GmbH', iban: 'DE37500112000001058185', accountResourceId: 'FRA-ACC-01' },
      debtorAgentBic: 'NBRBDEFF',
      chargeBearer: 'SLEV',
      serviceLevel: 'SEPA',
      totals: [{ currency: 'EUR', amount: '120.50', count: 2 }],
      transactions: [
        {
          index: 1,
          endToEndId: 'E2E-1',
          instrId: 'I-1',
          amount: '100.50',
          currency: 'EUR',
          creditorName: 'Transports Girard SARL',
          creditorIban: 'FR7630004008210001042987126',
          remittance: 'Invoice 1 and 2',
        },
        {
          index: 2,
          endToEndId: 'E2E-2',
          amount: '20.00',
          currency: 'EUR',
          creditorName: 'Mueller Logistik',
          creditorIban: 'DE97700205700631807745',
          creditorAgentBic: 'BYLADEM1001',
        },
      ],
    });
  });

  it('does not reject a past execution date (it is moved, not refused)', () => {
    expect(validate(SEPA, pain001Data(SEPA, { requestedExecutionDate: '2020-01-01' })).ok).toBe(true);
  });

  it('reports schema and business issues together', () => {
    const r = validate(SEPA, pain001Data(SEPA, { msgId: 'M'.repeat(40), transactions: [tx(SEPA, { currency: 'USD' })] }));
    expect(!r.ok && r.errors.map((e) => [e.kind, e.rule])).toEqual([
      ['schema', 'Max35Text'],
      ['business', 'SEPA: EUR only'],
    ]);
  });

  it('an inserted unknown element does not hide business issues elsewhere', () => {
    const r = validate(SEPA, pain001Data(SEPA, { nbOfTxs: '9' }), (d) => insertInto(d, GRP, { name: 'Extra', text: '1' }));
    expect(!r.ok && r.errors.map((e) => e.rule)).toEqual(['unknown element', 'NbOfTxs']);
  });
});

describe('pain.001 validation: the accounts it is given', () => {
  // The index of the accounts is kept per list: each list must still be the one asked.
  it('finds the debtor among the accounts of each call, not of an earlier one', () => {
    const context = contextFor('pain.001-sepa-credit-transfers');
    const xml = buildPain001(pain001Data('pain.001-sepa-credit-transfers'));
    const without = { ...context, accounts: context.accounts.filter((a) => a.iban !== pain001Data('pain.001-sepa-credit-transfers').debtorAccount.iban) };
    expect(validatePain001(xml, context).ok).toBe(true);
    const refused = validatePain001(xml, without);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors.map((e) => e.rule)).toContain('debtor account');
    expect(validatePain001(xml, context).ok).toBe(true);
  });
});
