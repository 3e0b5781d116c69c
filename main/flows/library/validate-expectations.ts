import type { Expectation, FieldExpectation, FlowValue } from './format';
import { parsePath } from './paths';
import { referencesIn } from './references';
import { allowOnly, FlowFormatError, isJsonObject, nonEmptyText, type JsonObject } from './validate-fields';
import { checkReference, RESULT_ROOTS, type ReferableNames } from './validate-references';

/** The PSU decides in a step like this: approve and reject are both expected outcomes. */
export const PSU_CHOOSES = 'psu';

/** Expected values may refer to earlier steps too (a basket lists the payments created before it). */
export function readExpectation(value: unknown, at: string, known: ReferableNames): Expectation {
  if (!isJsonObject(value)) throw new FlowFormatError(at, 'must be an object with status and, optionally, fields');
  allowOnly(value, at, ['status', 'fields']);
  const statuses = Array.isArray(value.status) ? value.status : [value.status];
  if (statuses.length === 0 || statuses.some((s) => !Number.isInteger(s) || (s as number) < 100 || (s as number) > 599)) {
    throw new FlowFormatError(`${at}.status`, 'must be an HTTP status or a list of them');
  }
  if (value.fields === undefined) return { status: value.status as number | number[] };
  if (!isJsonObject(value.fields)) throw new FlowFormatError(`${at}.fields`, 'must be an object of path: expected value');
  for (const [path, expected] of Object.entries(value.fields)) {
    const segments = parsePath(path);
    if (segments === null || !RESULT_ROOTS.includes(String(segments[0])))
      throw new FlowFormatError(`${at}.fields.${path}`, `must be a path starting with one of ${RESULT_ROOTS.join(', ')}`);
    checkMatcher(expected as FieldExpectation, `${at}.fields.${path}`, known);
  }
  return { status: value.status as number | number[], fields: value.fields as Record<string, FieldExpectation> };
}

function checkMatcher(expected: FieldExpectation, at: string, known: ReferableNames): void {
  if (isJsonObject(expected) && 'byValue' in expected && Object.keys(expected).length === 1) {
    checkByValue(expected.byValue, `${at}.byValue`, known);
    return;
  }
  for (const reference of referencesIn(expected as FlowValue)) checkReference(reference, at, known);
  if (!isJsonObject(expected)) return;
  if ('oneOf' in expected && !Array.isArray(expected.oneOf)) throw new FlowFormatError(`${at}.oneOf`, 'must be a list');
  if ('present' in expected && typeof expected.present !== 'boolean') throw new FlowFormatError(`${at}.present`, 'must be true or false');
  if ('matches' in expected) {
    try {
      new RegExp(String(expected.matches));
    } catch {
      throw new FlowFormatError(`${at}.matches`, 'must be a regular expression');
    }
  }
}

/** `{"of": path, "cases": {value: expectation}}`; when `of` is a choice or a PSU's decision, a case for each of its values. */
function checkByValue(value: unknown, at: string, known: ReferableNames): void {
  if (!isJsonObject(value)) throw new FlowFormatError(at, 'must be {"of": "steps.<id>.values...", "cases": {"<value>": expected, ...}}');
  allowOnly(value, at, ['of', 'cases']);
  const of = nonEmptyText(value.of, `${at}.of`);
  checkReference(of, `${at}.of`, known);
  if (!isJsonObject(value.cases) || Object.keys(value.cases).length === 0)
    throw new FlowFormatError(`${at}.cases`, 'must be an object of value: expected, with at least one case');
  const needed = valuesOf(of, known);
  const missing = needed?.filter((v) => !Object.hasOwn(value.cases as JsonObject, v)) ?? [];
  if (missing.length > 0) throw new FlowFormatError(`${at}.cases`, `${of} may be ${needed?.join(', ')}: a case for ${missing.join(', ')} is missing`);
  const extra = needed === null ? undefined : Object.keys(value.cases).find((v) => !needed.includes(v));
  if (extra !== undefined) throw new FlowFormatError(`${at}.cases.${extra}`, `${of} is never "${extra}" (it may be ${needed?.join(', ')})`);
  for (const [key, expected] of Object.entries(value.cases)) checkMatcher(expected as FieldExpectation, `${at}.cases.${key}`, known);
}

/** Every value a byValue's `of` may take, when the flow says: a parameter's choices, or a PSU's own decision. */
function valuesOf(of: string, { earlier, parameters }: ReferableNames): string[] | null {
  const [root, name, third, fourth] = parsePath(of.trim()) ?? [];
  if (root === 'params') {
    const parameter = parameters.find((p) => p.name === name);
    const whole = parameter?.kind === 'payee' ? third === 'outcome' : third === undefined;
    return whole && parameter?.choices ? parameter.choices.map((c) => c.value) : null;
  }
  const step = root === 'steps' && typeof name === 'string' ? earlier.get(name) : undefined;
  if (step?.operation === 'psuDecides' && step.params.action === PSU_CHOOSES && third === 'values' && fourth === 'action') return ['approve', 'reject'];
  return null;
}
