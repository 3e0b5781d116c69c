// Which alternative of a union body a value means: the validator's errors then speak of that one only.
import type { TSchema } from 'typebox';

type Alternative = { properties?: Record<string, unknown>; anyOf?: unknown[]; required?: string[]; const?: unknown; enum?: unknown[] };

/**
 * Of a body that is a union of objects told apart by a field (a `preset` name: shared/control-api/faults.ts),
 * the one alternative the value means: not one that requires such a field the value leaves out, nor one
 * that does not describe such a field the value gives. The union itself when the fields do not say.
 */
export function meantAlternative(schema: TSchema, value: unknown): TSchema {
  const shapes = (schema as Alternative).anyOf as Alternative[] | undefined;
  if (shapes === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return schema;
  const fixed = (shape: Alternative, name: string): boolean => {
    const field = shape.properties?.[name] as Alternative | undefined;
    return field !== undefined && (field.const !== undefined || Array.isArray(field.enum));
  };
  const tellers = new Set(shapes.flatMap((shape) => (shape.required ?? []).filter((name) => fixed(shape, name))));
  const meant = shapes.filter((shape) =>
    [...tellers].every((name) => (Object.hasOwn(value, name) ? Object.hasOwn(shape.properties ?? {}, name) : !(shape.required ?? []).includes(name))),
  );
  return meant.length === 1 ? (meant[0] as TSchema) : schema;
}
