export type PrintfOutput = { ok: true; bytes: Buffer } | { ok: false; problem: string };

const SIMPLE: Readonly<Record<string, number>> = { a: 0x07, b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b, '\\': 0x5c, '"': 0x22, "'": 0x27 };
const BACKSLASH = 0x5c;
const PERCENT = 0x25;

const isOctal = (b: number | undefined): b is number => b !== undefined && b >= 0x30 && b <= 0x37;
const hexValue = (b: number | undefined): number => {
  if (b === undefined) return -1;
  const c = String.fromCharCode(b);
  return /[0-9A-Fa-f]/.test(c) ? parseInt(c, 16) : -1;
};

/**
 * What `printf 'FORMAT'` writes, byte for byte, as bash's printf and POSIX printf write it: \NNN (one to three
 * octal digits) and \xHH as that byte, \n \r \t and the other escapes, %% as %. Any other directive takes an
 * argument the paste does not have, so it is refused rather than guessed.
 */
export function printfOutput(format: Buffer): PrintfOutput {
  const out: number[] = [];
  let i = 0;
  while (i < format.length) {
    const b = format[i] as number;
    if (b === PERCENT) {
      if (format[i + 1] !== PERCENT)
        return {
          ok: false,
          problem: `printf's format has a directive (${format.subarray(i, i + 2).toString('latin1')}) that needs an argument; write % as %%`,
        };
      out.push(PERCENT);
      i += 2;
    } else if (b !== BACKSLASH) {
      out.push(b);
      i += 1;
    } else if (isOctal(format[i + 1])) {
      let value = 0;
      let digits = 0;
      while (digits < 3 && isOctal(format[i + 1 + digits])) {
        value = value * 8 + ((format[i + 1 + digits] as number) - 0x30);
        digits += 1;
      }
      out.push(value & 0xff);
      i += 1 + digits;
    } else if (format[i + 1] === 0x78 && hexValue(format[i + 2]) >= 0) {
      const high = hexValue(format[i + 2]);
      const low = hexValue(format[i + 3]);
      out.push(low >= 0 ? high * 16 + low : high);
      i += low >= 0 ? 4 : 3;
    } else {
      const simple = SIMPLE[String.fromCharCode(format[i + 1] ?? 0)];
      if (simple !== undefined) {
        out.push(simple);
        i += 2;
      } else {
        // An unknown escape is written as it stands, backslash included.
        out.push(b);
        i += 1;
      }
    }
  }
  return { ok: true, bytes: Buffer.from(out) };
}
