// createPayment's `creditors` (main/tpp/pain001-creditors.ts): a template paying the chosen payees
// is still a pain.001 the bank accepts, with the counts and control sums of the new transfers.
import { describe, expect, it } from 'vitest';
import { validatePain001 } from '../../main/domain/iso20022/pain001/validate';
import { loadDataset } from '../../main/services/operator/dataset-loader';
import { withCreditors } from '../../main/tpp/pain001-creditors';
import { readTemplate } from '../../main/tpp/templates';

const dataset = loadDataset();
const frankfurt = dataset.institutions.find((i) => i.id === 'frankfurt');

const validate = (xml: string) => {
  if (frankfurt === undefined) throw new Error('the default dataset has no frankfurt');
  return validatePain001(Buffer.from(xml), {
    product: 'pain.001-sepa-credit-transfers',
    institution: frankfurt,
    accounts: dataset.accounts,
    today: '2026-11-20',
  });
};

describe('withCreditors', () => {
  it('replaces the bulk template’s four payees with the chosen ones; counts and sums follow', () => {
    const xml = withCreditors(readTemplate('sepa-bulk.xml'), [
      { name: 'Hafenbedarf Hamburg KG', iban: 'DE03600501017702115834', amount: '10.05' },
      { name: 'Mueller Logistik', iban: 'DE97700205700631807745' },
    ]);
    const r = validate(xml);
    expect(r.ok ? [] : r.errors).toEqual([]);
    if (!r.ok) return;
    expect(r.payment.transactions.map((tx) => [tx.creditorName, tx.creditorIban, tx.amount, tx.endToEndId])).toEqual([
      ['Hafenbedarf Hamburg KG', 'DE03600501017702115834', '10.05', 'SEPA-BULK-E2E-1-1'],
      ['Mueller Logistik', 'DE97700205700631807745', '3480.00', 'SEPA-BULK-E2E-1-2'],
    ]);
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>3490.05<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<ReqdExctnDt>2027-06-15</ReqdExctnDt>');
  });

  it('turns a single template into a bulk of one PmtInf', () => {
    const r = validate(
      withCreditors(readTemplate('sepa-single.xml'), [
        { name: 'A GmbH', iban: 'DE94370502991129384756' },
        { name: 'B SARL', iban: 'FR7630004008210001042987126' },
        { name: 'C NV', iban: 'BE14310185609283' },
      ]),
    );
    expect(r.ok && r.payment.transactions.length).toBe(3);
  });

  it('writes a name as XML text', () => {
    expect(withCreditors(readTemplate('sepa-single.xml'), [{ name: 'Müller & Söhne <Logistik>', iban: 'DE97700205700631807745' }])).toContain(
      '<Nm>Müller &amp; Söhne &lt;Logistik&gt;</Nm>',
    );
  });

  it('needs a creditor and a template with a credit transfer', () => {
    expect(() => withCreditors(readTemplate('sepa-single.xml'), [])).toThrow(/at least one creditor/);
    expect(() => withCreditors('<Document/>', [{ name: 'A', iban: 'DE94370502991129384756' }])).toThrow(/no CdtTrfTxInf/);
  });
});
