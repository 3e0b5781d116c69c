// The payment editor's verdict: the bank's validator with a context built only from what the
// workbench contract shows (the institution, PSUs with accounts), then the consent's paymentCreation check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toInstitutionSummary, toPsuSummary } from '../../main/http/contract';
import { psusWithAccounts } from '../../main/services/operator/operator';
import { editorContext } from '../../renderer/src/screens/editor/language/context';
import { diagnose } from '../../renderer/src/screens/editor/language/validation';
import { bulkFromTemplate } from '../../renderer/src/screens/editor/language/generate-bulk';
import { defaultDataset } from '../support/pain001-builder';

const SEPA = 'pain.001-sepa-credit-transfers';
const dataset = defaultDataset();
const psus = psusWithAccounts(dataset).map(toPsuSummary);
const single = readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'templates', 'sepa-single.xml'), 'utf8');
const FASTER = 'pain.001-faster-payments';
const fasterSingle = readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'templates', 'faster-payments-single.xml'), 'utf8');
/** The institution as GET /simulator/v1/institutions gives it. */
const institution = (id: string) => toInstitutionSummary(dataset.institutions.find((i) => i.id === id) as (typeof dataset.institutions)[number]);
const contextOf = (psuId: string | null, product: typeof SEPA | typeof FASTER = SEPA, at = 'frankfurt') =>
  editorContext({ institution: institution(at), product, psus, psuId, now: '2026-11-22T10:00:00Z' });

describe('the payment editor’s validation', () => {
  it('checks against the institution the contract gives: a Faster Payment over the scheme limit is marked at its amount', () => {
    expect(diagnose(fasterSingle, contextOf(null, FASTER, 'london'))).toEqual({ diagnostics: [], transactions: 1 });
    const over = fasterSingle.replaceAll('420.00', '1000000.01');
    const { diagnostics } = diagnose(over, contextOf(null, FASTER, 'london'));
    expect(diagnostics.map((d) => [d.rule, d.range.startLine])).toEqual([
      ['Faster Payments: amount limit', over.split('\n').findIndex((l) => l.includes('<InstdAmt')) + 1],
    ]);
    expect(diagnostics[0]?.message).toContain('GBP 1000000.00');
  });

  it('reads "today" in the institution’s zone, as the bank dates a payment', () => {
    const at = (now: string) => editorContext({ institution: institution('london'), product: FASTER, psus, psuId: null, now }).validation.today;
    expect(at('2026-07-01T23:30:00Z')).toBe('2026-07-02');
    expect(at('2026-12-01T23:30:00Z')).toBe('2026-12-01');
  });

  it('accepts the template for a PSU who may pay from its debtor account', () => {
    expect(diagnose(single, contextOf('FRA-CREATOR'))).toEqual({ diagnostics: [], transactions: 1 });
  });

  it('marks the debtor account when the PSU may not create payments from it', () => {
    const { diagnostics } = diagnose(single, contextOf('FRA-APPROVER-A'));
    expect(diagnostics.map((d) => [d.rule, d.path])).toEqual([['consent: paymentCreation', 'Document/CstmrCdtTrfInitn/PmtInf[1]/DbtrAcct/Id/IBAN']]);
    const line = single.split('\n').findIndex((l) => l.includes('<IBAN>')) + 1;
    expect(diagnostics[0]?.range.startLine).toBe(line);
  });

  it('marks NbOfTxs and CtrlSum where a bulk’s totals are wrong', () => {
    const bulk = bulkFromTemplate(single, 3).replace(/<NbOfTxs>3<\/NbOfTxs>/, '<NbOfTxs>4</NbOfTxs>');
    const rules = diagnose(bulk, contextOf('FRA-CREATOR')).diagnostics.map((d) => [d.rule, d.range.startLine]);
    const nbLine = bulk.split('\n').findIndex((l) => l.includes('<NbOfTxs>4</NbOfTxs>')) + 1;
    expect(rules).toEqual([['NbOfTxs', nbLine]]);
    expect(diagnose(bulkFromTemplate(single, 3), contextOf('FRA-CREATOR')).transactions).toBe(3);
  });
});
