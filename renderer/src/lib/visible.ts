// Makes characters visible that break signatures without showing: trailing spaces,
// carriage returns, tabs, non-ASCII (DESIGN.md "Look and feel").

export interface VisiblePart {
  text: string;
  /** 'plain' is shown as is; the others are marked. */
  kind: 'plain' | 'space' | 'cr' | 'lf' | 'tab' | 'non-ascii';
  title?: string;
}

export function visibleParts(value: string): VisiblePart[] {
  const parts: VisiblePart[] = [];
  const trailing = value.length - value.replace(/ +$/, '').length;
  const body = value.slice(0, value.length - trailing);
  let plain = '';
  const flush = (): void => {
    if (plain) parts.push({ text: plain, kind: 'plain' });
    plain = '';
  };
  for (const ch of body) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\r') {
      flush();
      parts.push({ text: '␍', kind: 'cr', title: 'carriage return (CR)' });
    } else if (ch === '\t') {
      flush();
      parts.push({ text: '⇥', kind: 'tab', title: 'tab' });
    } else if (code > 0x7e || code < 0x20) {
      flush();
      parts.push({ text: ch, kind: 'non-ascii', title: `U+${code.toString(16).toUpperCase().padStart(4, '0')}` });
    } else {
      plain += ch;
    }
  }
  flush();
  if (trailing > 0) parts.push({ text: '·'.repeat(trailing), kind: 'space', title: `${trailing} trailing space${trailing > 1 ? 's' : ''}` });
  return parts;
}

/**
 * A body as sent, line by line: each line's parts with its CR and LF shown as marks (the LF
 * ends every line but the last), so line endings and trailing spaces before them are visible.
 */
export function visibleLines(text: string): VisiblePart[][] {
  const lines = text.split('\n');
  return lines.map((line, i) => {
    const cr = line.endsWith('\r');
    const parts = visibleParts(cr ? line.slice(0, -1) : line);
    if (cr) parts.push({ text: '␍', kind: 'cr', title: 'carriage return (CR)' });
    if (i < lines.length - 1) parts.push({ text: '␊', kind: 'lf', title: 'line feed (LF)' });
    return parts;
  });
}
