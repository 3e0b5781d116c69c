/**
 * Where the body a request carries first parts from the body its Digest was computed over: what QA needs
 * when no usual change (line endings, a BOM, re-serialisation, an encoding) explains the Digest. The bank
 * never sees the hashed bytes; whoever has them (a paste of the client's own log) gives them.
 */
export interface BodyDifference {
  /** The 0-based offset of the first byte that differs, or of the first byte one body has and the other lacks. */
  offset: number;
  /** 1-based line and column (in bytes) of that offset in the body sent. */
  line: number;
  column: number;
  /** The byte there in each body; null where that body has already ended. */
  sent: number | null;
  hashed: number | null;
}

/** Null when the two bodies are the same bytes. */
export function firstDifferingByte(sent: Uint8Array, hashed: Uint8Array): BodyDifference | null {
  const shorter = Math.min(sent.length, hashed.length);
  let offset = 0;
  while (offset < shorter && sent[offset] === hashed[offset]) offset++;
  if (offset === shorter && sent.length === hashed.length) return null;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (sent[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1, sent: sent[offset] ?? null, hashed: hashed[offset] ?? null };
}

export function byteWords(byte: number | null): string {
  if (byte === null) return 'nothing (the body has ended)';
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  const name = BYTE_NAMES[byte] ?? (byte > 0x20 && byte < 0x7f ? `'${String.fromCharCode(byte)}'` : null);
  return name === null ? hex : `${hex} ${name}`;
}

const BYTE_NAMES: Readonly<Record<number, string>> = { 0x09: 'tab', 0x0a: 'LF', 0x0d: 'CR', 0x20: 'space', 0xef: '(a BOM starts with it)' };

/** The finding's words, in the direction of what happened: the body sent, against the one hashed. */
export function bodyDifferenceWords(d: BodyDifference): string {
  const where = `byte ${d.offset.toLocaleString('en')} (line ${d.line}, column ${d.column})`;
  if (d.sent === null) return `the body you sent ends at ${where}, where the body that was hashed goes on with ${byteWords(d.hashed)}`;
  if (d.hashed === null) return `the body you sent goes on at ${where} with ${byteWords(d.sent)}, where the body that was hashed had ended`;
  return `the body you sent first differs from the body that was hashed at ${where}: sent ${byteWords(d.sent)}, hashed ${byteWords(d.hashed)}`;
}
