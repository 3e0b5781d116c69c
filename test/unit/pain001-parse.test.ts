import { describe, it, expect } from 'vitest';
import { parsePain001 } from '../../main/domain/iso20022/pain001/parse';
import { validatePain001 } from '../../main/domain/iso20022/pain001/validate';
import { MAX_XML_BYTES } from '../../main/domain/iso20022/xml-safety';
import { readXml } from '../../main/domain/iso20022/xml-tree';
import { buildPain001, contextFor, pain001Data, PAIN001_NS } from '../support/pain001-builder';

const SEPA = 'pain.001-sepa-credit-transfers';
const context = contextFor(SEPA);
const valid = (): string => buildPain001(pain001Data(SEPA));

function rejected(xml: string | Uint8Array): { rule: string; message: string; line?: number } {
  const r = validatePain001(xml, context);
  if (r.ok) throw new Error('expected a rejection');
  expect(r.errors).toHaveLength(1);
  const [issue] = r.errors;
  expect(issue?.kind).toBe('schema');
  return issue as { rule: string; message: string; line?: number };
}

describe('pain.001 parsing: safety before parsing', () => {
  it('refuses a DOCTYPE, even an empty one', () => {
    const xml = valid().replace('<Document', '<!DOCTYPE Document>\n<Document');
    expect(rejected(xml).rule).toBe('DOCTYPE refused');
  });

  it('refuses an external entity (XXE) before anything is resolved', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Document xmlns="${PAIN001_NS}"><x>&xxe;</x></Document>`;
    const issue = rejected(xml);
    expect(issue.rule).toBe('DOCTYPE refused');
    expect(issue.message).not.toContain('root:');
  });

  it('refuses a stray ENTITY declaration', () => {
    expect(rejected(valid().replace('<Document', '<!ENTITY a "b"><Document')).rule).toBe('DOCTYPE refused');
  });

  it('rejects a billion-laughs document at once', () => {
    const lols = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const xml = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${lols}]><Document xmlns="${PAIN001_NS}">&lol9;</Document>`;
    // Refused for its DOCTYPE, before any parsing could expand an entity.
    expect(rejected(xml).rule).toBe('DOCTYPE refused');
  });

  it('rejects a document above the size limit without parsing it', () => {
    const padding = `<!--${'x'.repeat(MAX_XML_BYTES)}-->`;
    const issue = rejected(valid() + padding);
    expect(issue.rule).toBe('size limit');
    expect(issue.message).toContain(String(MAX_XML_BYTES));
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    const chars = Math.floor(MAX_XML_BYTES / 3) + 10;
    const xml = `<!--${'€'.repeat(chars)}-->${valid().replace(/^<\?xml[^>]*>/, '')}`;
    expect(xml.length).toBeLessThan(MAX_XML_BYTES);
    expect(rejected(xml).rule).toBe('size limit');
  });

  it('accepts UTF-8 bytes and rejects bytes that are not UTF-8', () => {
    const bytes = new TextEncoder().encode(valid());
    expect(validatePain001(bytes, context).ok).toBe(true);
    const broken = new Uint8Array([...bytes.slice(0, 60), 0xc3, 0x28, ...bytes.slice(60)]);
    expect(rejected(broken).rule).toBe('encoding');
  });

  it('rejects UTF-16 and a declared encoding other than UTF-8', () => {
    expect(rejected(new Uint8Array([0xff, 0xfe, 0x3c, 0x00])).rule).toBe('encoding');
    expect(rejected(valid().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')).rule).toBe('encoding');
  });
});

describe('pain.001 parsing: well-formedness', () => {
  it('reports a mismatched tag with line and column', () => {
    const xml = valid().replace('</MsgId>', '</MsgID>');
    const issue = rejected(xml);
    expect(issue.rule).toBe('well-formed');
    expect(issue.line).toBe(5);
    expect(issue.message).toMatch(/line 5, column \d+/);
  });

  it('rejects an undefined entity reference', () => {
    const issue = rejected(valid().replace('Invoice 4711', 'Invoice &euro; 4711'));
    expect(issue.rule).toBe('well-formed');
    expect(issue.message).toContain('&euro;');
  });

  it('rejects a bare ampersand or a "<" in an attribute, and a control character', () => {
    expect(rejected(valid().replace('Ccy="EUR"', 'Ccy="E&R"')).rule).toBe('well-formed');
    expect(rejected(valid().replace('Ccy="EUR"', 'Ccy="E<R"')).rule).toBe('well-formed');
    expect(rejected(valid().replace('Invoice 4711', 'Invoice \u0001')).rule).toBe('well-formed');
  });

  it('rejects a second root element and text outside the root', () => {
    expect(rejected(`${valid()}<Document xmlns="${PAIN001_NS}"/>`).rule).toBe('well-formed');
    expect(rejected(`${valid()}trailing`).rule).toBe('well-formed');
  });

  // One pass both builds the tree and checks well-formedness: each rule XMLValidator used to enforce has a case here.
  it.each([
    ['an element never closed', (x: string) => x.replace('</Document>', '')],
    ['an end tag that closes nothing', (x: string) => `${x}</Document>`],
    ['an end tag with something after its name', (x: string) => x.replace('</MsgId>', '</MsgId x>')],
    ['an end tag without its ">"', (x: string) => x.replace('</MsgId>', '</MsgId')],
    ['a start tag without its ">"', (x: string) => x.replace(/<\/Document>\s*$/, '<Tail')],
    ['a "/" not followed by ">" in a start tag', (x: string) => x.replace('<MsgId>', '<MsgId / >')],
    ['an invalid element name', (x: string) => x.replace('<MsgId>', '<1MsgId>').replace('</MsgId>', '</1MsgId>')],
    ['a "<" followed by white space', (x: string) => x.replace('<MsgId>', '< MsgId>')],
    ['an attribute without a value', (x: string) => x.replace('Ccy="EUR"', 'Ccy')],
    ['an attribute value without quotes', (x: string) => x.replace('Ccy="EUR"', 'Ccy=EUR')],
    ['an attribute value without its closing quote', (x: string) => x.replace('Ccy="EUR">', 'Ccy="EUR>')],
    ['an attribute given twice', (x: string) => x.replace('Ccy="EUR"', 'Ccy="EUR" Ccy="EUR"')],
    ['attributes not separated by white space', (x: string) => x.replace('Ccy="EUR"', 'Ccy="EUR"Ccz="x"')],
    ['an invalid attribute name', (x: string) => x.replace('Ccy="EUR"', 'Ccy="EUR" 9a="x"')],
    ['a comment never closed', (x: string) => x.replace('<MsgId>', '<!-- <MsgId>')],
    ['a processing instruction never closed', (x: string) => x.replace('<MsgId>', '<?pi <MsgId>')],
    ['an XML declaration not at the start', (x: string) => x.replace('<Document', '<?xml version="1.0"?><Document')],
    ['a CDATA section never closed', (x: string) => x.replace('<MsgId>', '<MsgId><![CDATA[')],
    ['a CDATA section outside the root', (x: string) => `${x}<![CDATA[x]]>`],
    ['text before the root element', (x: string) => x.replace('<Document', 'text<Document')],
    ['no element at all', () => '<?xml version="1.0" encoding="UTF-8"?>\n<!-- nothing -->\n'],
  ])('rejects %s as not well-formed, with a line', (_case, mutate) => {
    const xml = mutate(valid());
    expect(xml).not.toBe(valid());
    const issue = rejected(xml);
    expect(issue.rule).toBe('well-formed');
    expect(issue.line).toBeGreaterThan(0);
  });

  it('takes names beyond ASCII as XML 1.0 does: letters anywhere, combining marks and digits not first', () => {
    expect(readXml('<Straße><é·\u0301x/></Straße>').ok).toBe(true);
    expect(readXml('<a><\u0301x/></a>').ok).toBe(false);
    expect(readXml('<a><·x/></a>').ok).toBe(false);
    expect(readXml('<a><x\u00d7/></a>').ok).toBe(false);
  });

  it('names the open element a wrong end tag should have closed, with where it was opened', () => {
    const issue = rejected(valid().replace('</MsgId>', '</MsgID>'));
    expect(issue.message).toMatch(/<\/MsgId> \(of the element opened on line 5, column \d+\) instead of <\/MsgID>/);
  });

  it('accepts comments, processing instructions, CDATA and white space where XML allows them', () => {
    const xml = valid()
      .replace('<Document', '<!-- before -->\n<?app hint?>\n<Document')
      .replace('<MsgId>', '<MsgId ><!-- inside -->')
      .replace('Ccy="EUR"', "Ccy = 'EUR' ")
      .replace('</Document>', '</Document >\n<!-- after -->\n<?app end?>\n');
    expect(validatePain001(xml, context).ok).toBe(true);
  });

  it('decodes predefined entities and character references, and keeps CDATA literally', () => {
    const xml = valid().replace('Transports Girard SARL', 'Girard &#x53;&#65;RL &amp; Fils').replace('Invoice 4711', '<![CDATA[a &amp; b < c]]>');
    const sepa = validatePain001(xml, context);
    expect(sepa.ok).toBe(false);
    if (!sepa.ok) {
      expect(sepa.errors.map((e) => e.rule)).toEqual(['SEPA: character set']);
      expect(sepa.errors[0]?.message).toContain('"&"');
    }
    const accepted = validatePain001(xml.replace(' &amp; Fils', ''), context);
    expect(accepted.ok && accepted.payment.transactions[0]).toMatchObject({ creditorName: 'Girard SARL', remittance: 'a &amp; b < c' });
  });

  it('keeps text values exactly, whitespace included', () => {
    const xml = valid().replace('<Ustrd>Invoice 4711</Ustrd>', '<Ustrd>  Invoice\n 4711 </Ustrd>');
    const r = validatePain001(xml, context);
    expect(r.ok && r.payment.transactions[0]?.remittance).toBe('  Invoice\n 4711 ');
  });
});

describe('pain.001 parsing: root and namespace', () => {
  it('detects the version from the namespace', () => {
    const parsed = parsePain001(valid());
    expect(parsed.ok && parsed.version).toBe('pain.001.001.03');
  });

  it('rejects another pain.001 version, naming it', () => {
    const issue = rejected(valid().replace('pain.001.001.03', 'pain.001.001.09'));
    expect(issue.rule).toBe('namespace');
    expect(issue.message).toContain('pain.001.001.09 is not accepted');
  });

  it('rejects a missing namespace and a foreign root element', () => {
    expect(rejected(valid().replace(` xmlns="${PAIN001_NS}"`, '')).rule).toBe('namespace');
    expect(rejected(`<Invoice xmlns="${PAIN001_NS}"/>`).rule).toBe('root element');
  });

  it('accepts a prefixed namespace', () => {
    const xml = valid()
      .replace(/<(\/?)([A-Za-z]+)([ >])/g, '<$1p:$2$3')
      .replace(` xmlns="${PAIN001_NS}"`, ` xmlns:p="${PAIN001_NS}"`);
    expect(xml).toContain('<p:MsgId>');
    expect(validatePain001(xml, context).ok).toBe(true);
  });

  it('rejects a child element of another namespace, with its path', () => {
    const xml = valid().replace('<MsgId>', '<MsgId xmlns="urn:example:other">');
    const r = validatePain001(xml, context);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ path: 'Document/CstmrCdtTrfInitn/GrpHdr/MsgId', rule: 'namespace', kind: 'schema' });
  });

  it('allows xsi:schemaLocation on the root', () => {
    const xml = valid().replace(
      `<Document xmlns="${PAIN001_NS}">`,
      `<Document xmlns="${PAIN001_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${PAIN001_NS} pain.001.001.03.xsd">`,
    );
    expect(validatePain001(xml, context).ok).toBe(true);
  });
});
