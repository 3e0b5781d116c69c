/**
 * The signing string of rule 4: one `<name>: <value>` line per signed header, in the order of the
 * headers parameter, joined by `\n`, nothing after the last line.
 */

export interface SigningLine {
  name: string;
  /** null when the request does not carry the header; the line then has an empty value. */
  value: string | null;
}

export interface SigningString {
  text: string;
  lines: SigningLine[];
}

export function buildSigningString(names: readonly string[], value: (lowerName: string) => string | undefined): SigningString {
  const lines = names.map((name) => ({ name, value: value(name.toLowerCase()) ?? null }));
  return { text: lines.map((line) => `${line.name}: ${line.value ?? ''}`).join('\n'), lines };
}

/**
 * The bytes that were signed. Node hands header values over as Latin-1 strings (one character per
 * byte received), so Latin-1 gives back the bytes on the wire; a string with wider characters cannot
 * have come off the wire and is taken as UTF-8 text.
 */
export function signingStringBytes(text: string): Buffer {
  return /[\u0100-\uffff]/.test(text) ? Buffer.from(text, 'utf8') : Buffer.from(text, 'latin1');
}

const NAMED: Readonly<Record<number, string>> = {
  0x09: 'tab',
  0x0a: 'LF',
  0x0d: 'CR',
  0x7f: 'DEL',
  0xa0: 'no-break space',
  0xad: 'soft hyphen',
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x2060: 'word joiner',
  0x202f: 'narrow no-break space',
  0xfeff: 'byte-order mark',
};

const MAX_ITEMS = 20;

/** What the eye misses in a header value, for the Inspector: the usual reason a signed value "looks" identical but is not. */
export function describeInvisible(value: string): string[] {
  const items: string[] = [];
  const leading = value.length - value.replace(/^ +/, '').length;
  const trailing = value.trim() === '' ? 0 : value.length - value.replace(/ +$/, '').length;
  if (leading > 0) items.push(`${leading} leading space${leading > 1 ? 's' : ''}`);
  if (trailing > 0) items.push(`${trailing} trailing space${trailing > 1 ? 's' : ''}`);
  let position = 0;
  let more = 0;
  for (const char of value) {
    position++;
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f) continue;
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    const named = NAMED[code];
    let item: string;
    if (named) item = `${named} (${hex}) at position ${position}`;
    else if (code < 0x20 || (code >= 0x80 && code < 0xa0)) item = `control character ${hex} at position ${position}`;
    else item = `non-ASCII "${char}" (${hex}) at position ${position}`;
    if (items.length < MAX_ITEMS) items.push(item);
    else more++;
  }
  if (more > 0) items.push(`and ${more} more`);
  return items;
}
