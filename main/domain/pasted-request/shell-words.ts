/**
 * Splits a POSIX shell command line into words as bash would: '...' literal, "..." with its four
 * escapes, $'...' ANSI-C quoting (\r, \n, \xHH ...), backslash escapes and line continuations
 * outside quotes; an unquoted | is a word of its own (a pipe). No expansion is made: `$HOME` stays as written.
 */
export type ShellWords = { ok: true; words: string[] } | { ok: false; problem: string };

/**
 * A word with the bytes bash gives the program: typed text as UTF-8, and $'\xHH' or $'\NNN' as that one
 * byte (bash does not encode it as a character). `text` reads such a byte as the character of its value,
 * as Node reads a header's bytes. `pipe`: an unquoted |, not a word the command receives.
 */
export interface ShellToken {
  text: string;
  bytes: Buffer;
  pipe: boolean;
}

export type ShellTokens = { ok: true; tokens: ShellToken[] } | { ok: false; problem: string };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

export function shellWords(line: string): ShellWords {
  const split = shellTokens(line);
  return split.ok ? { ok: true, words: split.tokens.map((t) => t.text) } : split;
}

export function shellTokens(line: string): ShellTokens {
  const tokens: ShellToken[] = [];
  let word: { text: string; bytes: Buffer[] } | null = null;
  let i = 0;
  const append = (s: string, bytes: Buffer = Buffer.from(s, 'utf8')): void => {
    word ??= { text: '', bytes: [] };
    word.text += s;
    word.bytes.push(bytes);
  };
  const end = (): void => {
    if (word !== null) tokens.push({ text: word.text, bytes: Buffer.concat(word.bytes), pipe: false });
    word = null;
  };
  while (i < line.length) {
    const c = line[i] ?? '';
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      end();
      i += 1;
    } else if (c === '|') {
      end();
      tokens.push({ text: '|', bytes: Buffer.from('|'), pipe: true });
      i += 1;
    } else if (c === '\\') {
      const next = line[i + 1];
      if (next === undefined) return { ok: false, problem: 'the command ends with a lone backslash' };
      if (next === '\n') i += 2;
      else if (next === '\r' && line[i + 2] === '\n') i += 3;
      else {
        append(next);
        i += 2;
      }
    } else if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) return { ok: false, problem: 'a single quote is never closed' };
      append(line.slice(i + 1, close));
      i = close + 1;
    } else if (c === '$' && line[i + 1] === "'") {
      const parsed = ansiC(line, i + 2);
      if (parsed === null) return { ok: false, problem: "a $'...' string is never closed" };
      append(parsed.text, parsed.bytes);
      i = parsed.end;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      for (;;) {
        const d = line[j];
        if (d === undefined) return { ok: false, problem: 'a double quote is never closed' };
        if (d === '"') break;
        if (d === '\\' && ['"', '\\', '$', '`', '\n'].includes(line[j + 1] ?? '')) {
          if (line[j + 1] !== '\n') text += line[j + 1];
          j += 2;
        } else {
          text += d;
          j += 1;
        }
      }
      append(text);
      i = j + 1;
    } else {
      append(c);
      i += 1;
    }
  }
  end();
  return { ok: true, tokens };
}

/**
 * The body of $'...' from `from` (just after the quote) to its closing quote. bash makes it a C string:
 * a NUL (\x00, \0) ends it there, and what follows up to the quote is dropped.
 */
function ansiC(line: string, from: number): { text: string; bytes: Buffer; end: number } | null {
  let text = '';
  const bytes: number[] = [];
  let cut = false;
  const put = (char: string, raw?: number): void => {
    if (cut) return;
    if (raw === 0) {
      cut = true;
      return;
    }
    text += char;
    bytes.push(...(raw === undefined ? Buffer.from(char, 'utf8') : [raw]));
  };
  let i = from;
  for (;;) {
    const c = line[i];
    if (c === undefined) return null;
    if (c === "'") return { text, bytes: Buffer.from(bytes), end: i + 1 };
    if (c !== '\\') {
      put(c);
      i += 1;
      continue;
    }
    const e = line[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      put(simple);
      i += 2;
    } else if (e === 'x') {
      const hex = /^[0-9A-Fa-f]{1,2}/.exec(line.slice(i + 2))?.[0] ?? '';
      if (hex === '') put('\\x');
      else put(String.fromCharCode(parseInt(hex, 16)), parseInt(hex, 16));
      i += 2 + hex.length;
    } else if (e === 'u' || e === 'U') {
      const hex = new RegExp(`^[0-9A-Fa-f]{1,${e === 'u' ? 4 : 8}}`).exec(line.slice(i + 2))?.[0] ?? '';
      if (hex === '') put(`\\${e}`);
      else if (parseInt(hex, 16) === 0) put('', 0);
      else put(String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)));
      i += 2 + hex.length;
    } else if (/[0-7]/.test(e)) {
      const oct = /^[0-7]{1,3}/.exec(line.slice(i + 1))?.[0] ?? '';
      const value = parseInt(oct, 8) & 0xff;
      put(String.fromCharCode(value), value);
      i += 1 + oct.length;
    } else if (e === 'c' && line[i + 2] !== undefined) {
      const value = (line.charCodeAt(i + 2) ?? 64) & 0x1f;
      put(String.fromCharCode(value), value);
      i += 3;
    } else {
      put(`\\${e}`);
      i += 2;
    }
  }
}
