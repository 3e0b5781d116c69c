/** A dataset file's first problem, named by the JSON path of the offending value. */
export class DatasetError extends Error {
  override readonly name = 'DatasetError';

  constructor(
    /** JSON path of the offending value, e.g. `psus[3].approvalLimits.sepa.amount`. */
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path === '' ? '(dataset)' : path}: ${problem}`);
  }
}

export function fail(path: string, problem: string): never {
  throw new DatasetError(path, problem);
}

/** A value as a problem quotes it: its JSON, cut short. */
export function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** The path of a field: `a.b`, or `a["not an identifier"]`. */
export function at(path: string, key: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** The path of an entry of a list: `a[3]`. */
export function item(path: string, i: number): string {
  return `${path}[${i}]`;
}
