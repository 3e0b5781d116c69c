// The Inspector's diff of two exchanges: lines by LCS, words within changed lines, name-aligned pairs,
// and bodies compared by their bytes (line endings, BOM, trailing spaces, encoding, size).
import { describe, expect, it } from 'vitest';
import type { ExchangeMessage } from '../../preload/api/workbench-api';
import { bodyFacts, factDifferences, firstDifference } from '../../renderer/src/lib/byte-diff';
import { alignPairs, diffLines, diffSequences, diffWords } from '../../renderer/src/lib/diff';
import { headerLinesOf } from '../../shared/header-lines';
import { visibleParts } from '../../renderer/src/lib/visible';

const apply = (a: string[], b: string[]): { kept: string[]; rebuilt: string[] } => {
  const ops = diffSequences(a, b);
  return {
    kept: ops.flatMap((op) => (op.kind === 'same' ? [a[op.a] ?? ''] : [])),
    rebuilt: ops.flatMap((op) => (op.kind === 'same' ? [a[op.a] ?? ''] : op.kind === 'added' ? [b[op.b] ?? ''] : [])),
  };
};

describe('diffSequences', () => {
  it('keeps a longest common subsequence and rebuilds the right side', () => {
    const a = 'ABCABBA'.split('');
    const b = 'CBABAC'.split('');
    const { kept, rebuilt } = apply(a, b);
    expect(kept).toHaveLength(4);
    expect(rebuilt).toEqual(b);
  });

  it('walks each side in order, every element once', () => {
    const a = ['x', 'a', 'b', 'c', 'y'];
    const b = ['a', 'z', 'c', 'y', 'w'];
    const ops = diffSequences(a, b);
    expect(ops.flatMap((op) => (op.kind === 'added' ? [] : [op.a]))).toEqual([0, 1, 2, 3, 4]);
    expect(ops.flatMap((op) => (op.kind === 'removed' ? [] : [op.b]))).toEqual([0, 1, 2, 3, 4]);
    expect(ops.filter((op) => op.kind === 'same')).toHaveLength(3);
  });

  it('handles empty sides and identical sides', () => {
    expect(diffSequences([], ['a'])).toEqual([{ kind: 'added', b: 0 }]);
    expect(diffSequences(['a'], [])).toEqual([{ kind: 'removed', a: 0 }]);
    expect(diffSequences(['a', 'b'], ['a', 'b']).every((op) => op.kind === 'same')).toBe(true);
  });
});

describe('diffLines', () => {
  it('pairs a changed line and marks only the words that differ', () => {
    const rows = diffLines('{\n  "status": "valid",\n  "id": 1\n}', '{\n  "status": "rejected",\n  "id": 1\n}');
    expect(rows.map((r) => r.kind)).toEqual(['same', 'changed', 'same', 'same']);
    const changed = rows[1];
    expect(changed?.left?.filter((p) => p.changed).map((p) => p.text)).toEqual(['valid']);
    expect(changed?.right?.filter((p) => p.changed).map((p) => p.text)).toEqual(['rejected']);
    expect(changed?.left?.map((p) => p.text).join('')).toBe('  "status": "valid",');
  });

  it('shows lines only one side has against an empty cell', () => {
    const rows = diffLines('a\nb\nc', 'a\nc\nd');
    expect(rows.map((r) => [r.kind, r.left?.[0]?.text ?? null, r.right?.[0]?.text ?? null])).toEqual([
      ['same', 'a', 'a'],
      ['removed', 'b', null],
      ['same', 'c', 'c'],
      ['added', null, 'd'],
    ]);
  });

  it('an empty body against a body: every line added', () => {
    expect(diffLines('', 'x\ny').map((r) => r.kind)).toEqual(['added', 'added']);
  });
});

describe('diffWords', () => {
  it('splits punctuation from words, so a changed digit marks its number only', () => {
    const { left, right } = diffWords('amount=12.30 EUR', 'amount=12.31 EUR');
    expect(left.filter((p) => p.changed).map((p) => p.text)).toEqual(['30']);
    expect(right.filter((p) => p.changed).map((p) => p.text)).toEqual(['31']);
  });
});

describe('alignPairs', () => {
  it('aligns by name case-insensitively and marks changed, left-only and right-only', () => {
    const rows = alignPairs(
      [
        ['Content-Type', 'application/json'],
        ['X-Request-ID', '1'],
        ['Digest', 'SHA-256=a'],
      ],
      [
        ['digest', 'SHA-256=b'],
        ['content-type', 'application/json'],
        ['PSU-ID', 'p'],
      ],
    );
    expect(rows.map((r) => [r.name, r.kind, r.left, r.right])).toEqual([
      ['Content-Type', 'same', 'application/json', 'application/json'],
      ['X-Request-ID', 'left-only', '1', null],
      ['Digest', 'changed', 'SHA-256=a', 'SHA-256=b'],
      ['PSU-ID', 'right-only', null, 'p'],
    ]);
  });

  it('pairs a repeated header value by value, in order: a line only one side sent again is that side sending it twice', () => {
    const rows = alignPairs(headerLinesOf({ headers: { via: ['a', 'b'] } }), headerLinesOf({ headers: { via: ['a'] } }));
    expect(rows.map((r) => [r.kind, r.times])).toEqual([
      ['same', undefined],
      ['left-repeated', 2],
    ]);
  });

  it('shows a header the right sent twice beside its first line, as sent twice, not as a name of its own', () => {
    const rows = alignPairs(
      [
        ['X-Request-ID', '1'],
        ['Accept', 'application/json'],
      ],
      [
        ['X-Request-ID', '1'],
        ['Accept', 'application/json'],
        ['X-Request-ID', '2'],
        ['PSU-ID', 'p'],
        ['x-request-id', '3'],
      ],
    );
    expect(rows.map((r) => [r.name, r.kind, r.right, r.times])).toEqual([
      ['X-Request-ID', 'same', '1', undefined],
      ['X-Request-ID', 'right-repeated', '2', 3],
      ['x-request-id', 'right-repeated', '3', 3],
      ['Accept', 'same', 'application/json', undefined],
      ['PSU-ID', 'right-only', 'p', undefined],
    ]);
  });
});

describe('factDifferences: Compare compares bytes', () => {
  const message = (body: string, headers: Record<string, string> = {}): ExchangeMessage => ({
    headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
    body,
    bodySize: Buffer.byteLength(body),
    truncated: false,
  });
  const LF = '<Document>\n  <Amt>12.30</Amt>\n</Document>\n';
  const CRLF = LF.replace(/\n/g, '\r\n');
  const labels = (rows: { label: string }[]) => rows.map((r) => r.label);

  it('finds nothing only when the bytes are equal', () => {
    expect(factDifferences(message(LF), message(LF))).toEqual([]);
    expect(firstDifference(message(LF), message(LF))).toBeNull();
  });

  it('names the size, Content-Length and line endings of an LF body against a CRLF one, and the first differing byte', () => {
    const rows = factDifferences(message(LF), message(CRLF));
    expect(labels(rows)).toEqual(['Size', 'Content-Length', 'Line endings', 'First differing byte']);
    expect(rows[2]).toEqual({ label: 'Line endings', left: 'LF (\\n)', right: 'CRLF (\\r\\n)' });
    expect(rows[3]).toEqual({ label: 'First differing byte', left: 'offset 10: 0x0a', right: 'offset 10: 0x0d' });
  });

  it('names a BOM, trailing spaces, the encoding and the charset', () => {
    expect(factDifferences(message(LF), message(`\uFEFF${LF}`)).find((r) => r.label === 'BOM')?.right).toBe('BOM (EF BB BF) at the start');
    expect(factDifferences(message(LF), message(LF.replace('</Amt>', '</Amt>  '))).find((r) => r.label === 'Trailing spaces')?.right).toBe(
      'trailing space on 1 line',
    );
    expect(factDifferences(message(LF), message(CRLF.replace('</Amt>', '</Amt> '))).find((r) => r.label === 'Trailing spaces')?.right).toBe(
      'trailing space on 1 line',
    );
    const latin1: ExchangeMessage = {
      headers: { 'content-type': 'application/xml; charset=ISO-8859-1' },
      body: 'M\uFFFDller',
      bodyBase64: Buffer.from('Müller', 'latin1').toString('base64'),
      bodySize: 6,
      truncated: false,
    };
    const utf8: ExchangeMessage = { headers: { 'content-type': 'application/xml' }, body: 'Müller', bodySize: 7, truncated: false };
    const rows = factDifferences(utf8, latin1);
    expect(rows.find((r) => r.label === 'Encoding')).toEqual({ label: 'Encoding', left: 'UTF-8', right: 'not UTF-8' });
    expect(rows.find((r) => r.label === 'Charset')).toEqual({ label: 'Charset', left: 'not named', right: 'ISO-8859-1' });
  });

  it('facts of a body', () => {
    expect(bodyFacts(message(`\uFEFF${CRLF}`))).toMatchObject({ lineEndings: 'CRLF', bom: true, trailingSpaceLines: 0, encoding: 'UTF-8', charset: null });
  });
});

describe('visibleParts', () => {
  it('marks the spaces before a final CR as trailing, and names a BOM', () => {
    expect(visibleParts('ab \r').map((p) => [p.kind, p.text])).toEqual([
      ['plain', 'ab'],
      ['space', '·'],
      ['cr', '␍'],
    ]);
    expect(visibleParts('\uFEFF<a/>').map((p) => p.text)).toEqual(['BOM', '<a/>']);
  });
});
