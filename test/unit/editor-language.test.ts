// The payment editor's schema-aware editing: the children the pain.001.001.03 schema allows at the
// cursor, hovers with the ISO name, cardinality and bank rule, and the quick fixes whose result the
// bank's own validator then accepts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toInstitutionSummary, toPsuSummary } from '../../main/http/contract';
import { psusWithAccounts } from '../../main/services/operator/operator';
import { completionsAt } from '../../renderer/src/screens/editor/language/completion';
import { editorContext } from '../../renderer/src/screens/editor/language/context';
import { hoverAt, isoName } from '../../renderer/src/screens/editor/language/hover';
import { applyEdits, quickFixesFor, recomputeTotals } from '../../renderer/src/screens/editor/language/quick-fixes';
import { allowedChildren, cardinality, contentRange, openElementsAt } from '../../renderer/src/screens/editor/language/structure';
import { diagnose } from '../../renderer/src/screens/editor/language/validation';
import { bulkFromTemplate } from '../../renderer/src/screens/editor/language/generate-bulk';
import { defaultDataset } from '../support/pain001-builder';

const SEPA = 'pain.001-sepa-credit-transfers';
const single = readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'templates', 'sepa-single.xml'), 'utf8');
const names = (text: string, offset: number) => completionsAt(text, offset).items.map((i) => i.name);
/** The offset just after `marker` (its first occurrence). */
const after = (text: string, marker: string): number => text.indexOf(marker) + marker.length;

describe('children allowed at a path', () => {
  it('lists a type’s children in schema order with their cardinality', () => {
    const header = allowedChildren(['Document', 'CstmrCdtTrfInitn', 'GrpHdr'], []);
    expect(header.map((p) => `${p.name} ${cardinality(p)}`)).toEqual([
      'MsgId 1..1',
      'CreDtTm 1..1',
      'Authstn 0..2',
      'NbOfTxs 1..1',
      'CtrlSum 0..1',
      'InitgPty 1..1',
      'FwdgAgt 0..1',
    ]);
    expect(allowedChildren([], []).map((p) => p.name)).toEqual(['Document']);
  });

  it('offers only what may follow the children present: not earlier ones, not a second of a single one', () => {
    expect(allowedChildren(['Document', 'CstmrCdtTrfInitn', 'GrpHdr'], ['MsgId', 'CreDtTm', 'NbOfTxs']).map((p) => p.name)).toEqual([
      'CtrlSum',
      'InitgPty',
      'FwdgAgt',
    ]);
    // PmtInf is 1..n: after one, another may follow; GrpHdr may not come again.
    expect(allowedChildren(['Document', 'CstmrCdtTrfInitn'], ['GrpHdr', 'PmtInf']).map((p) => p.name)).toEqual(['PmtInf']);
    // A choice: one alternative, then nothing.
    expect(allowedChildren(['Document', 'CstmrCdtTrfInitn', 'PmtInf', 'DbtrAcct', 'Id'], []).map((p) => p.name)).toEqual(['IBAN', 'Othr']);
    expect(allowedChildren(['Document', 'CstmrCdtTrfInitn', 'PmtInf', 'DbtrAcct', 'Id'], ['IBAN'])).toEqual([]);
    expect(allowedChildren(['Document', 'Nowhere'], [])).toEqual([]);
  });

  it('reads the open elements and their children at an offset', () => {
    const open = openElementsAt(single, after(single, '<CtrlSum>1250.00</CtrlSum>'));
    expect(open.map((e) => e.name)).toEqual(['Document', 'CstmrCdtTrfInitn', 'GrpHdr']);
    expect(open[2]?.children).toEqual(['MsgId', 'CreDtTm', 'NbOfTxs', 'CtrlSum']);
  });
});

describe('completion', () => {
  it('offers the elements valid at the cursor, as <Name>…</Name> with the cursor inside', () => {
    const at = after(single, '<CtrlSum>1250.00</CtrlSum>');
    const answer = completionsAt(single, at);
    expect(answer.items.map((i) => i.name)).toEqual(['InitgPty', 'FwdgAgt']);
    expect(answer.items[0]).toMatchObject({ snippet: '<InitgPty>$0</InitgPty>', detail: '1..1 · Initiating Party', required: true });
    expect(answer.replaceFrom).toBe(at);
  });

  it('completes a typed "<" and partial name, replacing them', () => {
    const at = after(single, '<PmtInfId>TPL-SEPA-SINGLE-PMT-1</PmtInfId>');
    const typed = `${single.slice(0, at)}\n      <Pm${single.slice(at)}`;
    const cursor = at + '\n      <Pm'.length;
    const answer = completionsAt(typed, cursor);
    expect(answer.replaceFrom).toBe(cursor - 3);
    expect(answer.items.map((i) => i.name)).toEqual([
      'PmtMtd',
      'BtchBookg',
      'NbOfTxs',
      'CtrlSum',
      'PmtTpInf',
      'ReqdExctnDt',
      'PoolgAdjstmntDt',
      'Dbtr',
      'DbtrAcct',
      'DbtrAgt',
      'DbtrAgtAcct',
      'UltmtDbtr',
      'ChrgBr',
      'ChrgsAcct',
      'ChrgsAcctAgt',
      'CdtTrfTxInf',
    ]);
    expect(answer.items[0]?.filterText).toBe('<PmtMtd');
  });

  it('offers nothing inside an end tag or an attribute', () => {
    expect(names(single, single.indexOf('</MsgId>') + 3)).toEqual([]);
    expect(names(single, single.indexOf('Ccy="EUR"') + 2)).toEqual([]);
  });
});

describe('hover', () => {
  it('spells out ISO names', () => {
    expect(isoName('CtrlSum')).toBe('Control Sum');
    expect(isoName('NbOfTxs')).toBe('Number Of Transactions');
    expect(isoName('CdtTrfTxInf')).toBe('Credit Transfer Transaction Information');
    expect(isoName('ReqdExctnDt')).toBe('Requested Execution Date');
  });

  it('gives the full name, the cardinality where it stands and the bank’s rule', () => {
    const info = hoverAt(single, single.indexOf('<CtrlSum>') + 3);
    expect(info).toMatchObject({ name: 'CtrlSum', title: 'CtrlSum — Control Sum', cardinality: '0..1', type: 'DecimalNumber' });
    expect(info?.rule).toMatch(/sum of the InstdAmt/);
    // The end tag too, and a rule keyed by the element's place (the debtor agent's BIC).
    const bicEnd = single.indexOf('</BIC>') + 3;
    expect(hoverAt(single, bicEnd)).toMatchObject({ name: 'BIC', cardinality: '0..1', rule: expect.stringMatching(/BIC of the institution/) });
    expect(hoverAt(single, single.indexOf('<PmtInf>') + 2)?.rule).toMatch(/Exactly one PmtInf/);
    expect(hoverAt(single, single.indexOf('1250.00') + 1)).toBeNull();
  });
});

describe('quick fixes', () => {
  const dataset = defaultDataset();
  const psus = psusWithAccounts(dataset).map(toPsuSummary);
  const frankfurt = toInstitutionSummary(dataset.institutions.find((i) => i.id === 'frankfurt') as (typeof dataset.institutions)[number]);
  const context = editorContext({ institution: frankfurt, product: SEPA, psus, psuId: 'FRA-CREATOR', now: '2026-11-22T10:00:00Z' });
  const fixContext = { institution: context.validation.institution, today: '2026-11-20' };
  /** Applies the first fix offered for each marker until none is left or none is offered. */
  function fixed(text: string): string {
    const first = diagnose(text, context).diagnostics[0];
    if (!first) return text;
    const fix = quickFixesFor(text, first, fixContext)[0];
    return fix ? fixed(applyEdits(text, fix.edits)) : text;
  }

  it('recomputes NbOfTxs and CtrlSum of the group header and the PmtInf: the validator then accepts the message', () => {
    const wrong = single.replace(/<CtrlSum>1250.00<\/CtrlSum>/g, '<CtrlSum>99.5</CtrlSum>').replace(/<NbOfTxs>1<\/NbOfTxs>/, '<NbOfTxs>7</NbOfTxs>');
    const rules = diagnose(wrong, context).diagnostics.map((d) => d.rule);
    expect(rules).toEqual(['NbOfTxs', 'CtrlSum', 'CtrlSum']);
    const fix = quickFixesFor(wrong, diagnose(wrong, context).diagnostics[1] as { path: string; rule: string }, fixContext);
    expect(fix.map((f) => f.title)).toEqual(['Recompute NbOfTxs and CtrlSum from the transactions']);
    expect(fix[0]?.edits).toHaveLength(3);
    const result = fixed(wrong);
    expect(result).toBe(single);
    expect(diagnose(result, context).diagnostics).toEqual([]);
  });

  it('sums a bulk exactly, in the amounts’ decimals', () => {
    const bulk = bulkFromTemplate(single, 3).replace('<InstdAmt Ccy="EUR">1250.00<', '<InstdAmt Ccy="EUR">0.01<');
    const fix = recomputeTotals(bulk);
    const text = applyEdits(bulk, fix?.edits ?? []);
    expect(text.match(/<CtrlSum>[^<]*<\/CtrlSum>/g)).toEqual(['<CtrlSum>2500.01</CtrlSum>', '<CtrlSum>2500.01</CtrlSum>']);
    expect(recomputeTotals(single)).toBeNull();
  });

  it('puts the institution’s BIC in the debtor agent', () => {
    const wrong = single.replace('<BIC>NBRBDEFF</BIC>', '<BIC>COBADEFF</BIC>');
    expect(diagnose(wrong, context).diagnostics.map((d) => d.rule)).toEqual(['debtor agent']);
    expect(fixed(wrong)).toBe(single);
  });

  it('puts the institution’s next business day after the simulated today as the execution date, past weekends and holidays', () => {
    const dateFix = (today: string): string | undefined =>
      quickFixesFor(single, { path: 'Document/CstmrCdtTrfInitn/PmtInf[1]/ReqdExctnDt', rule: 'ISODate' }, { ...fixContext, today })[0]?.title;
    expect(dateFix('2026-11-20')).toBe('Execute on the next business day, 2026-11-23');
    expect(dateFix('2026-11-23')).toBe('Execute on the next business day, 2026-11-24');
    // Frankfurt's holiday on Friday 25 December 2026, then the weekend: after Thursday the 24th comes Monday the 28th.
    expect(context.validation.institution.calendar.holidays).toContain('2026-12-25');
    expect(dateFix('2026-12-24')).toBe('Execute on the next business day, 2026-12-28');
    const wrong = single.replace('<ReqdExctnDt>2027-06-15<', '<ReqdExctnDt>15.06.2027<');
    expect(diagnose(wrong, context).diagnostics.map((d) => d.path)).toEqual(['Document/CstmrCdtTrfInitn/PmtInf[1]/ReqdExctnDt']);
    const result = fixed(wrong);
    const at = contentRange(result, 'Document/CstmrCdtTrfInitn/PmtInf/ReqdExctnDt');
    expect(at && result.slice(at.start, at.end)).toBe('2026-11-23');
    expect(diagnose(result, context).diagnostics).toEqual([]);
  });
});
