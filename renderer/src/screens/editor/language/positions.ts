/**
 * Where an element path of the pain.001 validator (Document/CstmrCdtTrfInitn/PmtInf[2]/DbtrAcct/Id/IBAN,
 * repeatable elements with a 1-based index, attributes as /@Ccy) is in the text, as Monaco-style
 * 1-based lines and columns. One scan of the text answers every path of a validation, so a
 * 10,000-transaction bulk with 200 issues costs one pass, not 200. A path that is not in the text
 * (a missing element, "PmtInf needs ReqdExctnDt") is shown on its nearest ancestor that is.
 * Pure: text in, ranges out.
 */
import { textPositions } from '../../../../../main/domain/iso20022/xml-tree';

export interface TextRange {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface Located {
  range: TextRange;
  /** The path found: the one asked for, or the nearest ancestor when that is not in the text. */
  path: string;
  exact: boolean;
}

/** "A/B[2]/@Ccy" → ["A[1]", "B[2]", "@Ccy"]: every element step with its index, so both spellings compare equal. */
export function canonicalSteps(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.startsWith('@') || /\[\d+\]$/.test(s) ? s : `${s}[1]`));
}

/** Every path to look for, the asked ones and their ancestors, canonical. */
function wanted(paths: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const p of paths) {
    const steps = canonicalSteps(p);
    for (let n = 1; n <= steps.length; n++) all.add(steps.slice(0, n).join('/'));
  }
  return all;
}

interface Frame {
  path: string;
  counts: Map<string, number>;
  /** Offset of "<" of the start tag, and its end ("/>" or ">" included). */
  start: number;
  tagEnd: number;
  /** Offset of the local name in the start tag, and its length. */
  nameAt: number;
  nameLength: number;
  attributes: string;
}

/** Offsets (start, end) per canonical path found. */
type Spans = Map<string, { start: number; end: number; tagEnd: number; nameAt: number; nameLength: number }>;

const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"[^"]*"|'[^']*')/g;

function recordAttributes(frame: Frame, want: Set<string>, spans: Spans): void {
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(frame.attributes); m !== null; m = ATTRIBUTE.exec(frame.attributes)) {
    const qualified = m[1] ?? '';
    const local = qualified.slice(qualified.indexOf(':') + 1);
    const path = `${frame.path}/@${local}`;
    if (!want.has(path) || spans.has(path)) continue;
    const at = frame.nameAt + frame.nameLength + m.index;
    spans.set(path, { start: at, end: at + m[0].length, tagEnd: at + m[0].length, nameAt: at, nameLength: qualified.length });
  }
}

/** One pass over start and end tags (comments, CDATA and processing instructions skipped). */
function scan(text: string, want: Set<string>): Spans {
  const spans: Spans = new Map();
  const stack: Frame[] = [];
  const rootCounts = new Map<string, number>();
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt === -1) break;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      i = end === -1 ? text.length : end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      i = end === -1 ? text.length : end + 3;
    } else if (text.startsWith('<?', lt) || text.startsWith('<!', lt)) {
      const end = text.indexOf('>', lt + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (text.startsWith('</', lt)) {
      const end = text.indexOf('>', lt);
      const frame = stack.pop();
      const close = end === -1 ? text.length : end + 1;
      if (frame && want.has(frame.path) && !spans.has(frame.path)) {
        spans.set(frame.path, { start: frame.start, end: close, tagEnd: frame.tagEnd, nameAt: frame.nameAt, nameLength: frame.nameLength });
      }
      i = close;
    } else {
      const end = tagEnd(text, lt);
      const nameMatch = /^[^\s/>]+/.exec(text.slice(lt + 1, Math.min(end, lt + 200)));
      const qualified = nameMatch?.[0] ?? '';
      if (qualified === '') {
        i = lt + 1;
        continue;
      }
      const colon = qualified.indexOf(':');
      const local = qualified.slice(colon + 1);
      const parent = stack[stack.length - 1];
      const counts = parent?.counts ?? rootCounts;
      const index = (counts.get(local) ?? 0) + 1;
      counts.set(local, index);
      const path = `${parent ? `${parent.path}/` : ''}${local}[${index}]`;
      const close = end === -1 ? text.length : end + 1;
      const empty = text.charCodeAt(close - 2) === 47;
      const frame: Frame = {
        path,
        counts: new Map(),
        start: lt,
        tagEnd: close,
        nameAt: lt + 1 + colon + 1,
        nameLength: local.length,
        attributes: text.slice(lt + 1 + qualified.length, empty ? close - 2 : close - 1),
      };
      if (frame.attributes.length > 0) recordAttributes(frame, want, spans);
      if (empty) {
        if (want.has(path) && !spans.has(path)) spans.set(path, { start: lt, end: close, tagEnd: close, nameAt: frame.nameAt, nameLength: local.length });
      } else stack.push(frame);
      i = close;
    }
  }
  // Elements left open (the text is being typed): their start tags.
  for (const frame of stack) {
    if (want.has(frame.path) && !spans.has(frame.path)) {
      spans.set(frame.path, { start: frame.start, end: frame.tagEnd, tagEnd: frame.tagEnd, nameAt: frame.nameAt, nameLength: frame.nameLength });
    }
  }
  return spans;
}

/** The ">" closing the start tag at `lt`, quotes respected; -1 when the text ends first. */
function tagEnd(text: string, lt: number): number {
  let quote = 0;
  for (let j = lt + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return j;
    else if (c === 60) return j - 1;
  }
  return -1;
}

/**
 * The range of each path: an element written on one line is marked whole (`<IBAN>…</IBAN>`), one
 * spanning lines by its start tag only, so a marker on PmtInf does not underline a thousand lines.
 */
export function locatePaths(text: string, paths: readonly string[]): Map<string, Located> {
  const spans = scan(text, wanted(paths));
  const at = textPositions(text);
  const located = new Map<string, Located>();
  for (const path of paths) {
    const steps = canonicalSteps(path);
    for (let n = steps.length; n > 0; n--) {
      const key = steps.slice(0, n).join('/');
      const span = spans.get(key);
      if (span === undefined) continue;
      const start = at(span.start);
      let end = at(span.end);
      if (end.line !== start.line) end = at(span.tagEnd);
      if (end.line !== start.line) end = at(span.nameAt + span.nameLength);
      located.set(path, {
        range: { startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column },
        path: n === steps.length ? path : key.replace(/\[1\]/g, ''),
        exact: n === steps.length,
      });
      break;
    }
  }
  return located;
}
