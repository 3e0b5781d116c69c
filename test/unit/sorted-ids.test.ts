// The search index's id lists (main/store/sorted-ids.ts): ascending ids merged and intersected as sets would be.
import { describe, expect, it } from 'vitest';
import { intersection, union, unionAll } from '../../main/store/sorted-ids';

/** What a set would give, ascending. */
const asSet = (lists: number[][]): number[] => [...new Set(lists.flat())].sort((a, b) => a - b);

/** Ascending ids drawn from 1..max, each kept with probability `p` (a fixed sequence, so every run alike). */
function ids(seed: number, max: number, p: number): number[] {
  let x = seed;
  const out: number[] = [];
  for (let id = 1; id <= max; id++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    if (x / 2_147_483_648 < p) out.push(id);
  }
  return out;
}

describe('union', () => {
  it('holds each id of either list once, ascending, whichever list is longer or ends first', () => {
    expect(union([1, 3, 5], [2, 3, 6, 7])).toEqual([1, 2, 3, 5, 6, 7]);
    expect(union([4, 9], [1, 2])).toEqual([1, 2, 4, 9]);
    expect(union([], [1])).toEqual([1]);
    expect(union([1], [])).toEqual([1]);
    for (let seed = 1; seed <= 20; seed++) {
      const [a, b] = [ids(seed, 500, 0.3), ids(seed + 100, 500, 0.05)];
      expect(union(a, b)).toEqual(asSet([a, b]));
    }
  });

  it('unionAll merges every list, the shortest first, to the same set', () => {
    const lists = [ids(1, 2_000, 0.9), [], ids(2, 2_000, 0.001), ids(3, 2_000, 0.2)];
    expect(unionAll(lists)).toEqual(asSet(lists));
    expect(unionAll([])).toEqual([]);
  });
});

describe('intersection', () => {
  it('keeps the ids every list holds', () => {
    const lists = [ids(4, 1_000, 0.5), ids(5, 1_000, 0.5), ids(6, 1_000, 0.8)];
    expect(intersection(lists)).toEqual(lists[0]?.filter((id) => lists.every((l) => l.includes(id))));
    expect(intersection([[1, 2, 3]])).toEqual([1, 2, 3]);
  });
});
