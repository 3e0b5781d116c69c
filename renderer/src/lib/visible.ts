// Makes characters visible that break signatures without showing: trailing spaces,
// carriage returns, tabs, non-ASCII (docs/architecture.md#look-and-feel).

export interface VisiblePart {
  text: string;
  /** 'plain' is shown as is; the others are marked. */
  kind: 'plain' | 'space' | 'cr' | 'lf' | 'tab' | 'non-ascii';
  title?: string;
}

const CR_PART: VisiblePart = { text: '␍', kind: 'cr', title: 'carriage return (CR)' };

export function visibleParts(value: string): VisiblePart[] {
  const parts: VisiblePart[] = [];
  // A line of a diff keeps its CR: the spaces before it are trailing all the same.
  const cr = value.endsWith('\r');
  const line = cr ? value.slice(0, -1) : value;
  const trailing = line.length - line.replace(/ +$/, '').length;
  const body = line.slice(0, line.length - trailing);
  let plain = '';
  const flush = (): void => {
    if (plain) parts.push({ text: plain, kind: 'plain' });
    plain = '';
  };
  for (const ch of body) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\r') {
      flush();
      parts.push(CR_PART);
    } else if (ch === '\t') {
      flush();
      parts.push({ text: '⇥', kind: 'tab', title: 'tab' });
    } else if (ch === '\uFEFF') {
      flush();
      parts.push({ text: 'BOM', kind: 'non-ascii', title: 'byte order mark (U+FEFF, bytes EF BB BF)' });
    } else if (code > 0x7e || code < 0x20) {
      flush();
      parts.push({ text: ch, kind: 'non-ascii', title: `U+${code.toString(16).toUpperCase().padStart(4, '0')}` });
    } else {
      plain += ch;
    }
  }
  flush();
  if (trailing > 0) parts.push({ text: '·'.repeat(trailing), kind: 'space', title: `${trailing} trailing space${trailing > 1 ? 's' : ''}` });
  if (cr) parts.push(CR_PART);
  return parts;
}

/**
 * A body as sent, line by line: each line's parts with its CR and LF shown as marks (the LF
 * ends every line but the last), so line endings and trailing spaces before them are visible.
 */
export function visibleLines(text: string): VisiblePart[][] {
  const lines = text.split('\n');
  return lines.map((line, i) => {
    const parts = visibleParts(line);
    if (i < lines.length - 1) parts.push({ text: '␊', kind: 'lf', title: 'line feed (LF)' });
    return parts;
  });
}
