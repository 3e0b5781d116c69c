// The Digest mismatch after an XML re-serialisation is named as precisely as the JSON cases
// (spec "Application-layer signing" rule 6): one test per kind of rewrite.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { digestMismatchCause } from '../../main/domain/signing/digest';
import { minifyXml, prettyPrintXml, requoteAttributes, xmlForms } from '../../main/domain/signing/xml-forms';

const hashOf = (text: string): string => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64');
/** What the bank says when the client hashed `hashed` but sent `sent`. */
const cause = (hashed: string, sent: string) => digestMismatchCause(Buffer.from(sent, 'utf8'), hashOf(hashed));

const PRETTY = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">',
  '  <CstmrCdtTrfInitn>',
  '    <GrpHdr>',
  '      <MsgId>MSG-1</MsgId>',
  '      <NbOfTxs>1</NbOfTxs>',
  '    </GrpHdr>',
  '    <PmtInf>',
  '      <InstdAmt Ccy="EUR">12.30</InstdAmt>',
  '      <Cdtr><Nm>Müller</Nm></Cdtr>',
  '    </PmtInf>',
  '  </CstmrCdtTrfInitn>',
  '</Document>',
].join('\n');
const MINIFIED = minifyXml(PRETTY);

describe('XML re-serialisation behind a Digest mismatch (rule 6)', () => {
  it('names a body hashed pretty-printed but sent minified', () => {
    const found = cause(prettyPrintXml(MINIFIED, '  '), MINIFIED);
    expect(found?.rule).toBe(6);
    expect(found?.text).toMatch(/XML pretty-printed \(indented with 2 spaces\).*re-serialised/);
  });

  it('names a body hashed minified but sent pretty-printed', () => {
    const found = cause(MINIFIED, PRETTY);
    expect(found).toEqual({ rule: 6, text: expect.stringMatching(/XML minified \(the whitespace between elements removed\)/) });
  });

  it('names 4-space and tab indentation as such', () => {
    expect(cause(prettyPrintXml(MINIFIED, '    '), MINIFIED)?.text).toMatch(/indented with 4 spaces/);
    expect(cause(prettyPrintXml(MINIFIED, '\t'), MINIFIED)?.text).toMatch(/indented with tabs/);
  });

  it('names an XML declaration removed after hashing', () => {
    const without = PRETTY.slice(PRETTY.indexOf('\n') + 1);
    expect(cause(PRETTY, without)?.text).toMatch(/XML with an XML declaration <\?xml version="1.0" encoding="UTF-8"\?> that the body as sent does not have/);
  });

  it('names an XML declaration added after hashing', () => {
    const without = PRETTY.slice(PRETTY.indexOf('\n') + 1);
    expect(cause(without, PRETTY)?.text).toMatch(/XML without its XML declaration <\?xml version="1.0" encoding="UTF-8"\?>, which the body as sent has/);
  });

  it('names attribute quotes changed either way', () => {
    const single = requoteAttributes(PRETTY, "'");
    expect(single).toContain("<InstdAmt Ccy='EUR'>");
    expect(single).toContain("<?xml version='1.0' encoding='UTF-8'?>");
    expect(cause(single, PRETTY)?.text).toMatch(/attribute values in single quotes/);
    expect(cause(PRETTY, single)?.text).toMatch(/attribute values in double quotes/);
  });

  it('pretty-prints a real pain.001 template back to itself once minified', () => {
    const template = readFileSync(new URL('../../resources/templates/chaps-single.xml', import.meta.url), 'utf8');
    // The template is indented with 2 spaces and ends with a newline: so is what the printer writes.
    expect(prettyPrintXml(template, '  ') + '\n').toBe(template);
    const reserialised = prettyPrintXml(template, '    ');
    expect(minifyXml(reserialised)).toBe(minifyXml(template));
    expect(cause(reserialised, template)?.text).toMatch(/XML pretty-printed \(indented with 4 spaces\)/);
  });

  it('offers no XML form for JSON or plain text, and none equal to the body', () => {
    expect(xmlForms('{"a":1}')).toEqual([]);
    expect(xmlForms('hello')).toEqual([]);
    expect(xmlForms(PRETTY).every((f) => f.text !== PRETTY)).toBe(true);
  });

  it('leaves an unrelated change unexplained', () => {
    expect(cause(PRETTY.replace('12.30', '12.31'), PRETTY)).toBeNull();
  });
});
