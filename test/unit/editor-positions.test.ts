// The payment editor places each validator issue at its element: path → line and column.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalSteps, locatePaths } from '../../renderer/src/screens/editor/language/positions';
import { bulkFromTemplate } from '../../renderer/src/screens/editor/language/generate-bulk';
import { validatePain001 } from '../../main/domain/iso20022/pain001/validate';
import { textPositions } from '../../main/domain/iso20022/xml-tree';
import { contextFor } from '../support/pain001-builder';

const DOC = [
  '<?xml version="1.0"?>', // 1
  '<!-- <PmtInf> in a comment is not an element -->', // 2
  '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">', // 3
  '  <CstmrCdtTrfInitn>', // 4
  '    <GrpHdr><MsgId>M1</MsgId><NbOfTxs>2</NbOfTxs></GrpHdr>', // 5
  '    <PmtInf>', // 6
  '      <CdtTrfTxInf><Amt><InstdAmt Ccy="EUR">1.00</InstdAmt></Amt></CdtTrfTxInf>', // 7
  '      <CdtTrfTxInf>', // 8
  '        <Amt><InstdAmt Ccy="USD">2.00</InstdAmt></Amt>', // 9
  '        <CdtrAcct><Id><IBAN>DE00</IBAN></Id></CdtrAcct>', // 10
  '        <RmtInf><Ustrd><![CDATA[<IBAN>not here</IBAN>]]></Ustrd></RmtInf>', // 11
  '      </CdtTrfTxInf>', // 12
  '    </PmtInf>', // 13
  '    <p:PmtInf xmlns:p="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>', // 14
  '  </CstmrCdtTrfInitn>', // 15
  '</Document>', // 16
].join('\n');

const at = (path: string) => locatePaths(DOC, [path]).get(path);

describe('element paths to positions in the text', () => {
  it('writes every step with its index', () => {
    expect(canonicalSteps('Document/CstmrCdtTrfInitn/PmtInf[2]/Amt/@Ccy')).toEqual(['Document[1]', 'CstmrCdtTrfInitn[1]', 'PmtInf[2]', 'Amt[1]', '@Ccy']);
  });

  it('finds a leaf on one line, whole, from "<" to the end tag', () => {
    expect(at('Document/CstmrCdtTrfInitn/GrpHdr/NbOfTxs')).toMatchObject({
      range: { startLine: 5, startColumn: 30, endLine: 5, endColumn: 50 },
      exact: true,
    });
  });

  it('counts repeated elements, skipping comments and CDATA', () => {
    expect(at('Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[2]/CdtrAcct/Id/IBAN')?.range).toEqual({
      startLine: 10,
      startColumn: 23,
      endLine: 10,
      endColumn: 40,
    });
    // The IBAN inside CDATA is text, not a second element.
    expect(at('Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[2]/CdtrAcct/Id/IBAN[2]')?.exact).toBe(false);
  });

  it('marks an element spanning lines by its start tag only', () => {
    expect(at('Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[2]')?.range).toEqual({ startLine: 8, startColumn: 7, endLine: 8, endColumn: 20 });
  });

  it('matches prefixed and empty elements by their local name', () => {
    expect(at('Document/CstmrCdtTrfInitn/PmtInf[2]')?.range).toMatchObject({ startLine: 14, startColumn: 5, endLine: 14 });
  });

  it('finds attributes', () => {
    expect(at('Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[2]/Amt/InstdAmt/@Ccy')?.range).toEqual({
      startLine: 9,
      startColumn: 24,
      endLine: 9,
      endColumn: 33,
    });
  });

  it('shows a missing element on its nearest ancestor in the text', () => {
    const found = at('Document/CstmrCdtTrfInitn/PmtInf[1]/ReqdExctnDt');
    expect(found?.exact).toBe(false);
    expect(found?.range.startLine).toBe(6);
    expect(at('Nothing/Here')).toBeUndefined();
  });

  it('keeps working on text being typed (an unclosed element)', () => {
    const text = '<Document>\n  <CstmrCdtTrfInitn>\n    <PmtInf>\n      <PmtInfId>P';
    expect(locatePaths(text, ['Document/CstmrCdtTrfInitn/PmtInf[1]/PmtInfId']).get('Document/CstmrCdtTrfInitn/PmtInf[1]/PmtInfId')?.range.startLine).toBe(4);
  });

  it('converts offsets to 1-based lines and columns', () => {
    const pos = textPositions('ab\ncd\n');
    expect([pos(0), pos(4), pos(6)]).toEqual([
      { line: 1, column: 1 },
      { line: 2, column: 2 },
      { line: 3, column: 1 },
    ]);
  });

  it('places the validator issues of a 10,000-transaction bulk at their lines in one pass', () => {
    const template = readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'templates', 'sepa-bulk.xml'), 'utf8');
    let xml = bulkFromTemplate(template, 10_000);
    const lines = xml.split('\n');
    // A bad check digit in the 9,876th creditor IBAN: the validator names the path, the mapping the line.
    let seen = 0;
    const target = lines.findIndex((l) => l.includes('<IBAN>FR7630004008210001042987126</IBAN>') && ++seen === 9_876);
    lines[target] = (lines[target] ?? '').replace('FR76', 'FR77');
    xml = lines.join('\n');
    const result = validatePain001(xml, contextFor('pain.001-sepa-credit-transfers'));
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.errors;
    expect(issues.map((i) => [i.path, i.rule])).toEqual([['Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[9876]/CdtrAcct/Id/IBAN', 'IBAN check digits']]);
    const started = performance.now();
    const located = locatePaths(
      xml,
      issues.map((i) => i.path),
    );
    console.log(`10,000-transaction bulk: issue located in ${Math.round(performance.now() - started)} ms`);
    expect(located.get(issues[0]?.path ?? '')?.range.startLine).toBe(target + 1);
  });
});
