// A small pure diff for the Inspector's "diff two exchanges": lines by their longest common
// subsequence, words within a changed line, and name-aligned pairs (headers, signing strings).

/** One step of turning `a` into `b`: an element both keep, one only `a` has, one only `b` has. */
export type EditOp = { kind: 'same'; a: number; b: number } | { kind: 'removed'; a: number } | { kind: 'added'; b: number };

/** Beyond this many cells of the LCS table (after the common start and end are cut), the middle is shown as replaced whole. */
const MAX_CELLS = 4_000_000;

/** The edit script of a longest common subsequence, in order; `eq` compares elements. */
export function diffSequences<T>(a: readonly T[], b: readonly T[], eq: (x: T, y: T) => boolean = (x, y) => x === y): EditOp[] {
  let start = 0;
  while (start < a.length && start < b.length && eq(a[start] as T, b[start] as T)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && eq(a[endA - 1] as T, b[endB - 1] as T)) {
    endA--;
    endB--;
  }
  const ops: EditOp[] = [];
  for (let i = 0; i < start; i++) ops.push({ kind: 'same', a: i, b: i });
  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_CELLS) {
    for (let i = start; i < endA; i++) ops.push({ kind: 'removed', a: i });
    for (let j = start; j < endB; j++) ops.push({ kind: 'added', b: j });
  } else {
    // lcs[i][j]: the LCS length of a[start+i..endA) and b[start+j..endB), one flat row-major table.
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * width + j] = eq(a[start + i] as T, b[start + j] as T)
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (eq(a[start + i] as T, b[start + j] as T)) {
        ops.push({ kind: 'same', a: start + i++, b: start + j++ });
      } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0)) {
        ops.push({ kind: 'removed', a: start + i++ });
      } else {
        ops.push({ kind: 'added', b: start + j++ });
      }
    }
    while (i < n) ops.push({ kind: 'removed', a: start + i++ });
    while (j < m) ops.push({ kind: 'added', b: start + j++ });
  }
  for (let i = endA, j = endB; i < a.length; i++, j++) ops.push({ kind: 'same', a: i, b: j });
  return ops;
}

/** A piece of a changed line: `changed` pieces are those the other side does not have. */
export interface WordPart {
  text: string;
  changed: boolean;
}

/** A row of a side-by-side diff; null on a side that has no line there. */
export interface DiffRow {
  kind: 'same' | 'changed' | 'removed' | 'added';
  left: WordPart[] | null;
  right: WordPart[] | null;
}

const TOKEN = /\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;

/** The words, spaces and punctuation of two lines, each side's pieces marked where the other differs. */
export function diffWords(left: string, right: string): { left: WordPart[]; right: WordPart[] } {
  const a = left.match(TOKEN) ?? [];
  const b = right.match(TOKEN) ?? [];
  const l: WordPart[] = [];
  const r: WordPart[] = [];
  const push = (parts: WordPart[], text: string, changed: boolean): void => {
    const last = parts.at(-1);
    if (last && last.changed === changed) last.text += text;
    else parts.push({ text, changed });
  };
  for (const op of diffSequences(a, b)) {
    if (op.kind === 'same') {
      push(l, a[op.a] ?? '', false);
      push(r, b[op.b] ?? '', false);
    } else if (op.kind === 'removed') push(l, a[op.a] ?? '', true);
    else push(r, b[op.b] ?? '', true);
  }
  return { left: l, right: r };
}

/** Two texts line by line, side by side: a run of removed lines facing a run of added ones pairs up as changed lines. */
export function diffLines(left: string, right: string): DiffRow[] {
  const a = left === '' ? [] : left.split('\n');
  const b = right === '' ? [] : right.split('\n');
  const rows: DiffRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = (): void => {
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const l = removed[k];
      const r = added[k];
      if (l !== undefined && r !== undefined) rows.push({ kind: 'changed', ...diffWords(l, r) });
      else if (l !== undefined) rows.push({ kind: 'removed', left: [{ text: l, changed: true }], right: null });
      else if (r !== undefined) rows.push({ kind: 'added', left: null, right: [{ text: r, changed: true }] });
    }
    removed = [];
    added = [];
  };
  for (const op of diffSequences(a, b)) {
    if (op.kind === 'same') {
      flush();
      const line = [{ text: a[op.a] ?? '', changed: false }];
      rows.push({ kind: 'same', left: line, right: line });
    } else if (op.kind === 'removed') removed.push(a[op.a] ?? '');
    else added.push(b[op.b] ?? '');
  }
  flush();
  return rows;
}

/** A name both sides may have (a header, a line of the signing string) with each side's value. */
export interface AlignedPair {
  name: string;
  left: string | null;
  right: string | null;
  /** left-repeated, right-repeated: a further line of a name both sides have, which only that side sent again. */
  kind: 'same' | 'changed' | 'left-only' | 'right-only' | 'left-repeated' | 'right-repeated';
  /** Of a repeated line: how many times its side sent the name. */
  times?: number;
}

/**
 * Pairs of name and value aligned by name, case-insensitively: the left's order, the right's
 * own names after them in its order; a name given twice pairs its first with the other's first,
 * and a line only one side sent again is that side's repeat (beside its first), not a name of its own.
 */
export function alignPairs(left: readonly (readonly [string, string | null])[], right: readonly (readonly [string, string | null])[]): AlignedPair[] {
  const key = (name: string, nth: number): string => `${name.toLowerCase()}\u0000${nth}`;
  const counts = (pairs: readonly (readonly [string, string | null])[]): Map<string, number> => {
    const seen = new Map<string, number>();
    for (const [name] of pairs) seen.set(name.toLowerCase(), (seen.get(name.toLowerCase()) ?? 0) + 1);
    return seen;
  };
  const keyed = (pairs: readonly (readonly [string, string | null])[]): [string, string, string | null, number][] => {
    const seen = new Map<string, number>();
    return pairs.map(([name, value]) => {
      const nth = seen.get(name.toLowerCase()) ?? 0;
      seen.set(name.toLowerCase(), nth + 1);
      return [key(name, nth), name, value, nth];
    });
  };
  const leftCounts = counts(left);
  const rightCounts = counts(right);
  const rightByKey = new Map(keyed(right).map(([k, name, value, nth]) => [k, { name, value, nth }]));
  const rows: AlignedPair[] = [];
  const used = new Set<string>();
  for (const [k, name, value, nth] of keyed(left)) {
    const other = rightByKey.get(k);
    if (other === undefined) {
      const repeated = nth > 0 && rightCounts.has(name.toLowerCase());
      rows.push({
        name,
        left: value,
        right: null,
        kind: repeated ? 'left-repeated' : 'left-only',
        ...(repeated ? { times: leftCounts.get(name.toLowerCase()) ?? nth + 1 } : {}),
      });
    } else {
      used.add(k);
      rows.push({ name, left: value, right: other.value, kind: value === other.value ? 'same' : 'changed' });
    }
  }
  for (const [k, { name, value, nth }] of rightByKey) {
    if (used.has(k)) continue;
    const lower = name.toLowerCase();
    if (nth > 0 && leftCounts.has(lower)) {
      // Beside the last row of its name, where the other side's lines of it stand.
      const at = rows.findLastIndex((r) => r.name.toLowerCase() === lower);
      rows.splice(at + 1, 0, { name, left: null, right: value, kind: 'right-repeated', times: rightCounts.get(lower) ?? nth + 1 });
    } else rows.push({ name, left: null, right: value, kind: 'right-only' });
  }
  return rows;
}
