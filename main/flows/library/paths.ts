/**
 * Paths into JSON-like values as flow files write them: `body.tppMessages[0].code`,
 * `headers.content-type`. Names may hold any character but `.` and `[`.
 */
export type PathSegment = string | number;

const SEGMENT = /^([^.[\]]+)((?:\[\d+\])*)$/;

/** The segments of a path, or null when it is not one. */
export function parsePath(path: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  for (const part of path.split('.')) {
    const match = SEGMENT.exec(part);
    if (!match) return null;
    segments.push(match[1] as string);
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
  }
  return segments;
}

/** The value at the path, or undefined where the path leads nowhere. */
export function readPath(root: unknown, path: string): unknown {
  const segments = parsePath(path);
  if (segments === null) return undefined;
  let value: unknown = root;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    if (typeof segment === 'number' ? !Array.isArray(value) : !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}
