import type { Expectation, FieldExpectation, FlowValue } from '../library/format';
import { readPath } from '../library/paths';
import type { StepResult } from './result';

/**
 * One expectation the result did not meet, in words a person reads as they are (the runner's
 * output, the Flows screen): values appear once, as JSON writes them (`"finalised"`, `["PATC"]`).
 */
export interface UnmetExpectation {
  field: string;
  expected: string;
  actual: string;
}

type Matcher = { oneOf: FlowValue[] } | { matches: string } | { present: boolean } | { byValue: { of: string; cases: Record<string, FieldExpectation> } };

const MATCHER_KEYS = ['oneOf', 'matches', 'present', 'byValue'];

/** An object with exactly one matcher key is a matcher; any other value is expected as it is. */
export function isMatcher(value: FieldExpectation): value is Matcher {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && MATCHER_KEYS.includes(keys[0] as string);
}

/**
 * Every expectation of the step the result does not meet; empty when all are met. `scope` is what
 * the run knows (steps, params, psus), where a byValue reads the value that picks its case.
 */
export function unmetExpectations(expectation: Expectation, result: StepResult, scope: unknown = {}): UnmetExpectation[] {
  const unmet: UnmetExpectation[] = [];
  const statuses = Array.isArray(expectation.status) ? expectation.status : [expectation.status];
  if (!statuses.includes(result.status))
    unmet.push({ field: 'status', expected: statuses.join(' or '), actual: `${result.status} ${brief(result.text)}`.trim() });
  for (const [path, given] of Object.entries(expectation.fields ?? {})) {
    const actual = readPath(result, path);
    const expected = caseOf(given, scope);
    if (expected === null) unmet.push({ field: path, expected: noCase(given, scope), actual: show(actual) });
    else if (!meets(actual, expected.expected)) unmet.push({ field: path, expected: describeExpected(expected.expected) + expected.why, actual: show(actual) });
  }
  return unmet;
}

/** The expectation that applies: a byValue's case for the value its `of` has now (and why, in words), or the expectation itself; null when no case fits. */
function caseOf(expected: FieldExpectation, scope: unknown): { expected: FieldExpectation; why: string } | null {
  if (!isMatcher(expected) || !('byValue' in expected)) return { expected, why: '' };
  const { of, cases } = expected.byValue;
  const value = readPath(scope, of);
  const key = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  const chosen = key === undefined || !Object.hasOwn(cases, key) ? undefined : cases[key];
  if (chosen === undefined) return null;
  const inner = caseOf(chosen, scope);
  return inner === null ? null : { expected: inner.expected, why: ` (as ${of} is ${show(value)})${inner.why}` };
}

function noCase(expected: FieldExpectation, scope: unknown): string {
  const { of, cases } = (expected as { byValue: { of: string; cases: Record<string, FieldExpectation> } }).byValue;
  return `a case for ${of} = ${show(readPath(scope, of))} (the flow has cases for ${Object.keys(cases).join(', ')})`;
}

function meets(actual: unknown, expected: FieldExpectation): boolean {
  if (!isMatcher(expected)) return deepEqual(actual, expected);
  if ('byValue' in expected) return false;
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
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

function describeExpected(expected: FieldExpectation): string {
  if (!isMatcher(expected)) return show(expected);
  if ('oneOf' in expected) return `one of ${expected.oneOf.map(show).join(', ')}`;
  if ('matches' in expected) return `matching /${expected.matches}/`;
  if ('byValue' in expected) return `the case for ${expected.byValue.of}`;
  return expected.present ? 'present' : 'absent';
}

const show = (value: unknown): string => (value === undefined ? 'nothing' : brief(JSON.stringify(value)));

const brief = (text: string, max = 160): string => (text.length > max ? `${text.slice(0, max)}…` : text);
