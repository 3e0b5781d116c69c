/** A flow file that cannot be run, with the field at fault: `steps[2].params.psu: ...`. */
export class FlowFormatError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

/** A step's id, a PSU role or a parameter's name. */
export const FLOW_IDENTIFIER = /^[A-Za-z][A-Za-z0-9_-]*$/;

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export function allowOnly(value: JsonObject, at: string, fields: string[]): void {
  const extra = Object.keys(value).find((key) => !fields.includes(key));
  if (extra !== undefined) throw new FlowFormatError(at === '' ? extra : `${at}.${extra}`, `unknown field (known: ${fields.join(', ')})`);
}

export function nonEmptyText(value: unknown, at: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new FlowFormatError(at, 'must be a non-empty string');
  return value;
}

export function nonEmptyList(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw new FlowFormatError(at, 'must be a non-empty list');
  return value;
}
