/**
 * Splits a POSIX shell command line into words as bash would: '...' literal, "..." with its four
 * escapes, $'...' ANSI-C quoting (\r, \n, \xHH ...), backslash escapes and line continuations
 * outside quotes. No expansion is made: `$HOME` stays as written.
 */
export type ShellWords = { ok: true; words: string[] } | { ok: false; problem: string };

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
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  const append = (s: string): void => {
    word = (word ?? '') + s;
  };
  while (i < line.length) {
    const c = line[i] ?? '';
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (word !== null) words.push(word);
      word = null;
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
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { ok: false, problem: 'a single quote is never closed' };
      append(line.slice(i + 1, end));
      i = end + 1;
    } else if (c === '$' && line[i + 1] === "'") {
      const parsed = ansiC(line, i + 2);
      if (parsed === null) return { ok: false, problem: "a $'...' string is never closed" };
      append(parsed.text);
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
  if (word !== null) words.push(word);
  return { ok: true, words };
}

/** The body of $'...' from `from` (just after the quote) to its closing quote. */
function ansiC(line: string, from: number): { text: string; end: number } | null {
  let text = '';
  let i = from;
  for (;;) {
    const c = line[i];
    if (c === undefined) return null;
    if (c === "'") return { text, end: i + 1 };
    if (c !== '\\') {
      text += c;
      i += 1;
      continue;
    }
    const e = line[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      text += simple;
      i += 2;
    } else if (e === 'x') {
      const hex = /^[0-9A-Fa-f]{1,2}/.exec(line.slice(i + 2))?.[0] ?? '';
      text += hex === '' ? '\\x' : String.fromCharCode(parseInt(hex, 16));
      i += 2 + hex.length;
    } else if (e === 'u' || e === 'U') {
      const hex = new RegExp(`^[0-9A-Fa-f]{1,${e === 'u' ? 4 : 8}}`).exec(line.slice(i + 2))?.[0] ?? '';
      text += hex === '' ? `\\${e}` : String.fromCodePoint(parseInt(hex, 16));
      i += 2 + hex.length;
    } else if (/[0-7]/.test(e)) {
      const oct = /^[0-7]{1,3}/.exec(line.slice(i + 1))?.[0] ?? '';
      text += String.fromCharCode(parseInt(oct, 8));
      i += 1 + oct.length;
    } else if (e === 'c' && line[i + 2] !== undefined) {
      text += String.fromCharCode((line.charCodeAt(i + 2) ?? 64) & 0x1f);
      i += 3;
    } else {
      text += `\\${e}`;
      i += 2;
    }
  }
}
