// Compare compares bytes: two bodies are "identical" only when their bytes are equal. Where they
// differ in what a text view hides (line endings, a BOM, trailing spaces, the encoding, the size),
// each such difference is named, so a CRLF body never looks the same as an LF one.
import type { ExchangeMessage } from '../../../preload/api/workbench-api';
import { lineEndingOf } from '../state/request-draft';
import { responseHeaderValue } from '../widgets/http-status';
import { bodyBytes } from '../../../shared/body-bytes';

/** What a text view of a body does not show. */
export interface BodyFacts {
  /** The body's size as logged (the whole body, also where the log kept it truncated). */
  bytes: number;
  contentLength: string | null;
  lineEndings: ReturnType<typeof lineEndingOf>;
  bom: boolean;
  /** Lines ending in a space or tab (before their line end). */
  trailingSpaceLines: number;
  /** UTF-8 unless the logged bytes are not UTF-8 text. */
  encoding: 'UTF-8' | 'not UTF-8';
  /** The charset the Content-Type names, if any. */
  charset: string | null;
}

export function bodyFacts(m: ExchangeMessage): BodyFacts {
  const text = m.body ?? '';
  return {
    bytes: m.bodySize,
    contentLength: responseHeaderValue(m.headers, 'content-length') ?? null,
    lineEndings: lineEndingOf(text),
    bom: text.startsWith('\uFEFF'),
    trailingSpaceLines: (text.match(/[ \t]+\r?(?:\n|$)/g) ?? []).length,
    encoding: m.bodyBase64 === undefined ? 'UTF-8' : 'not UTF-8',
    charset: /charset=("?)([^";\s]+)\1/i.exec(responseHeaderValue(m.headers, 'content-type') ?? '')?.[2] ?? null,
  };
}

/** The offset of the first byte the two bodies do not share, or null when they are the same bytes. */
export function firstDifference(left: ExchangeMessage, right: ExchangeMessage): number | null {
  const a = bodyBytes(left) ?? new Uint8Array();
  const b = bodyBytes(right) ?? new Uint8Array();
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) if (a[i] !== b[i]) return i;
  if (a.length !== b.length || left.bodySize !== right.bodySize) return shorter;
  return null;
}

/** One thing a text view hides in which the two bodies differ, with each side in words. */
export interface FactRow {
  label: string;
  left: string;
  right: string;
}

const ENDINGS = { CRLF: 'CRLF (\\r\\n)', LF: 'LF (\\n)', mixed: 'mixed CRLF and LF', none: 'no line breaks' } as const;
const plural = (n: number, word: string): string => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
const byteWords = (bytes: Uint8Array, at: number): string => (at < bytes.length ? `0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')}` : 'the end');

/** Every hidden difference of two bodies; none when the bytes are equal. */
export function factDifferences(left: ExchangeMessage, right: ExchangeMessage): FactRow[] {
  const at = firstDifference(left, right);
  if (at === null) return [];
  const l = bodyFacts(left);
  const r = bodyFacts(right);
  const rows: FactRow[] = [];
  const add = (label: string, a: string, b: string): void => {
    if (a !== b) rows.push({ label, left: a, right: b });
  };
  add('Size', plural(l.bytes, 'byte'), plural(r.bytes, 'byte'));
  add('Content-Length', l.contentLength ?? 'none', r.contentLength ?? 'none');
  add('Line endings', ENDINGS[l.lineEndings], ENDINGS[r.lineEndings]);
  add('BOM', l.bom ? 'BOM (EF BB BF) at the start' : 'no BOM', r.bom ? 'BOM (EF BB BF) at the start' : 'no BOM');
  add(
    'Trailing spaces',
    l.trailingSpaceLines === 0 ? 'none' : `trailing space on ${plural(l.trailingSpaceLines, 'line')}`,
    r.trailingSpaceLines === 0 ? 'none' : `trailing space on ${plural(r.trailingSpaceLines, 'line')}`,
  );
  add('Encoding', l.encoding, r.encoding);
  add('Charset', l.charset ?? 'not named', r.charset ?? 'not named');
  const a = bodyBytes(left) ?? new Uint8Array();
  const b = bodyBytes(right) ?? new Uint8Array();
  rows.push({
    label: 'First differing byte',
    left: `offset ${at.toLocaleString('en')}: ${byteWords(a, at)}`,
    right: `offset ${at.toLocaleString('en')}: ${byteWords(b, at)}`,
  });
  return rows;
}
