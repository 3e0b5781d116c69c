/** The ids either ascending list holds, ascending, each once. */
export function union(a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 0) return b as number[];
  if (b.length === 0) return a as number[];
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i] ?? Infinity;
    const y = b[j] ?? Infinity;
    merged.push(Math.min(x, y));
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return merged;
}

/** The ids every list holds, ascending (each list ascending; the shortest walked). */
export function intersection(lists: readonly number[][]): number[] {
  const [shortest = [], ...others] = [...lists].sort((a, b) => a.length - b.length);
  const sets = others.map((ids) => new Set(ids));
  return sets.length === 0 ? shortest : shortest.filter((id) => sets.every((s) => s.has(id)));
}
