import { describe, it, expect } from 'vitest';
import { validatePain001 } from '../../main/domain/iso20022/pain001/validate';
import { MAX_XML_BYTES } from '../../main/domain/iso20022/xml-safety';
import { contextFor, pain001Data, pain001Tree, serialize, type TransactionData } from '../support/pain001-builder';

const SEPA = 'pain.001-sepa-credit-transfers';
const COUNT = 10_000;

/** Compact (no indentation, short values) so 10,000 transactions fit in the size limit. */
function bulk(change?: (t: TransactionData, i: number) => TransactionData): string {
  const transactions = Array.from({ length: COUNT }, (_, i): TransactionData => {
    const t = { endToEndId: `E${i}`, amount: '1.5', currency: 'EUR', creditorName: 'A', creditorAccount: { iban: 'DE94370502991129384756' } };
    return change ? change(t, i) : t;
  });
  return serialize(pain001Tree(pain001Data(SEPA, { transactions })), { indent: false });
}

describe('pain.001 bulk of 10,000 transactions', () => {
  it('validates (time measured, not asserted)', () => {
    const xml = bulk();
    expect(xml.length).toBeLessThan(MAX_XML_BYTES);
    const context = contextFor(SEPA);
    const started = performance.now();
    const r = validatePain001(xml, context);
    const elapsed = performance.now() - started;
    console.log(`pain.001 with ${COUNT} transactions (${xml.length} bytes) validated in ${Math.round(elapsed)} ms`);
    expect(r.ok && r.payment.numberOfTransactions).toBe(COUNT);
    expect(r.ok && r.payment.totals).toEqual([{ currency: 'EUR', amount: '15000.00', count: COUNT }]);
  });

  it('reports issues deep in the bulk with their index, without quadratic work', () => {
    const xml = bulk((t, i) => (i === 9_876 ? { ...t, currency: 'USD' } : i === 5_000 ? { ...t, endToEndId: 'E1' } : t));
    const started = performance.now();
    const r = validatePain001(xml, contextFor(SEPA));
    console.log(`pain.001 with ${COUNT} transactions and 2 issues validated in ${Math.round(performance.now() - started)} ms`);
    expect(r.ok ? [] : r.errors.map((e) => [e.path, e.rule])).toEqual([
      ['Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[5001]/PmtId/EndToEndId', 'EndToEndId unique'],
      ['Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[9877]/Amt/InstdAmt/@Ccy', 'SEPA: EUR only'],
    ]);
  });
});
