import type { Expectation, FieldExpectation, FlowValue } from './format';
import { readPath } from './paths';
import type { StepResult } from './result';

/** One expectation the result did not meet, in words a person reads in the runner's output. */
export interface UnmetExpectation {
  field: string;
  expected: string;
  actual: string;
}

type Matcher = { oneOf: FlowValue[] } | { matches: string } | { present: boolean };

const MATCHER_KEYS = ['oneOf', 'matches', 'present'];

/** An object with exactly one matcher key is a matcher; any other value is expected as it is. */
export function isMatcher(value: FieldExpectation): value is Matcher {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && MATCHER_KEYS.includes(keys[0] as string);
}

/** Every expectation of the step the result does not meet; empty when all are met. */
export function unmetExpectations(expectation: Expectation, result: StepResult): UnmetExpectation[] {
  const unmet: UnmetExpectation[] = [];
  const statuses = Array.isArray(expectation.status) ? expectation.status : [expectation.status];
  if (!statuses.includes(result.status)) unmet.push({ field: 'status', expected: statuses.join(' or '), actual: `${result.status} ${brief(result.text)}`.trim() });
  for (const [path, expected] of Object.entries(expectation.fields ?? {})) {
    const actual = readPath(result, path);
    if (!meets(actual, expected)) unmet.push({ field: path, expected: describeExpected(expected), actual: show(actual) });
  }
  return unmet;
}

function meets(actual: unknown, expected: FieldExpectation): boolean {
  if (!isMatcher(expected)) return deepEqual(actual, expected);
  if ('oneOf' in expected) return expected.oneOf.some((option) => deepEqual(actual, option));
  if ('matches' in expected) return typeof actual === 'string' && new RegExp(expected.matches).test(actual);
  return (actual !== undefined && actual !== null) === expected.present;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function describeExpected(expected: FieldExpectation): string {
  if (!isMatcher(expected)) return show(expected);
  if ('oneOf' in expected) return `one of ${expected.oneOf.map(show).join(', ')}`;
  if ('matches' in expected) return `matching /${expected.matches}/`;
  return expected.present ? 'present' : 'absent';
}

const show = (value: unknown): string => (value === undefined ? 'nothing' : brief(JSON.stringify(value)));

const brief = (text: string, max = 160): string => (text.length > max ? `${text.slice(0, max)}…` : text);
