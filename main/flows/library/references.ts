import type { FlowValue } from './format';
import { readPath } from './paths';

/**
 * `${path}` in a parameter refers to what the run knows: `steps.<id>.body...`, `steps.<id>.values...`,
 * `psus.<role>.psuId`, `psus.<role>.accounts[0].iban`, `institution`. A string that is one whole
 * reference takes the referred value with its type (a list stays a list); a reference inside
 * longer text is written into it.
 */
const REFERENCE = /\$\{([^{}]+)\}/g;
const WHOLE_REFERENCE = /^\$\{([^{}]+)\}$/;

export class UnresolvedReference extends Error {
  constructor(readonly reference: string) {
    super(`\${${reference}} refers to nothing in this run`);
  }
}

/** Every reference path in a parameter value, in order. */
export function referencesIn(value: FlowValue): string[] {
  if (typeof value === 'string') return [...value.matchAll(REFERENCE)].map((m) => m[1] as string);
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(referencesIn);
  return [];
}

export const isWholeReference = (value: unknown): boolean => typeof value === 'string' && WHOLE_REFERENCE.test(value);

/** The parameter with its references replaced by what `scope` holds at their paths. */
export function resolveReferences(value: FlowValue, scope: unknown): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_REFERENCE.exec(value);
    if (whole) return lookup(scope, whole[1] as string);
    return value.replace(REFERENCE, (_, path: string) => {
      const found = lookup(scope, path);
      return typeof found === 'object' && found !== null ? JSON.stringify(found) : String(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, scope));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveReferences(item, scope)]));
  return value;
}

function lookup(scope: unknown, path: string): unknown {
  const found = readPath(scope, path.trim());
  if (found === undefined) throw new UnresolvedReference(path);
  return found;
}
