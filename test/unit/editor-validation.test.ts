// The payment editor's verdict: the bank's validator with a context built only from what the
// workbench contract shows (PSUs with accounts, templates), then the consent's paymentCreation check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Pain001TemplateSummary } from '../../preload/api/workbench-api';
import { toPsuSummary } from '../../main/http/contract';
import { editorContext, institutionBic } from '../../renderer/src/screens/editor/language/context';
import { diagnose } from '../../renderer/src/screens/editor/language/validation';
import { bulkFromTemplate } from '../../renderer/src/screens/editor/language/generate-bulk';
import { defaultDataset } from '../support/pain001-builder';

const SEPA = 'pain.001-sepa-credit-transfers';
const dataset = defaultDataset();
const psus = dataset.psus.map((psu) =>
  toPsuSummary({ psu, accounts: psu.accounts.flatMap((g) => dataset.accounts.filter((a) => a.resourceId === g.resourceId).map((account) => ({ account, permissions: g.permissions }))) }),
);
const single = readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'templates', 'sepa-single.xml'), 'utf8');
const templates: Pain001TemplateSummary[] = [{ file: 'sepa-single.xml', product: SEPA, kind: 'single', institution: 'frankfurt', title: 'SEPA', pain001: single }];
const contextOf = (psuId: string) => editorContext({ institution: 'frankfurt', product: SEPA, templates, psus, psuId, now: '2026-11-22T10:00:00Z' });

describe('the payment editor’s validation', () => {
  it('takes the institution’s BIC from its templates', () => {
    expect(institutionBic(templates)).toBe('NBRBDEFF');
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
