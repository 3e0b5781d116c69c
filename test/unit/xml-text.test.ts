import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../main/domain/iso20022/xml-text';

describe('escapeXml', () => {
  it('leaves text with nothing to escape as it is, non-ASCII and paired surrogates included', () => {
    for (const s of ['', 'Müller Logistik GmbH', "O'Brien", 'tab\tand\nnewline', 'emoji \uD83D\uDE00 ok', '€ 1.234,56']) expect(escapeXml(s)).toBe(s);
  });

  it('escapes the markup characters and CR, which an XML reader would otherwise turn into LF', () => {
    expect(escapeXml('A&B <1> "q"\r\n')).toBe('A&amp;B &lt;1&gt; &quot;q&quot;&#13;\n');
  });

  it('replaces what XML cannot carry, even as a reference, with U+FFFD', () => {
    expect(escapeXml('a\u0001b\u000Bc\u001Fd')).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    expect(escapeXml('\uFFFE\uFFFF')).toBe('\uFFFD\uFFFD');
    expect(escapeXml('lone \uD800 high, lone \uDC00 low')).toBe('lone \uFFFD high, lone \uFFFD low');
    expect(escapeXml('\uDC00\uD800 reversed & <')).toBe('\uFFFD\uFFFD reversed &amp; &lt;');
  });
});
