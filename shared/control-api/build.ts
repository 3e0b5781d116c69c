// The few builders every control-API schema uses beyond TypeBox's own. A schema's `title` is its
// name in the published document (main/http/control-openapi.ts turns a titled schema met inside
// another into a $ref to its component), so each named shape is written once and referred to.
import Type, { type TSchema, type TSchemaOptions } from 'typebox';

const described = (description?: string): TSchemaOptions => (description === undefined ? {} : { description });

/** A value, or null. */
export const nullable = <T extends TSchema>(schema: T, description?: string) => Type.Union([schema, Type.Null()], described(description));

/** An instant, ISO-8601 in UTC as the simulator writes them. */
export const instant = (description?: string) => Type.String({ format: 'date-time', ...described(description) });

export const text = (description?: string) => Type.String(described(description));
export const integer = (description?: string) => Type.Integer(described(description));
export const flag = (description?: string) => Type.Boolean(described(description));

/** One of these strings. */
export const oneOf = <const V extends string[]>(values: readonly [...V], description?: string) =>
  Type.Enum(values, { type: 'string', ...described(description) });

/**
 * What a request body's object schema says: only the fields it describes. A form post from another
 * site (text/plain, `{"mode":"sandbox","x":"="}`) carries one more field, so an undescribed one is refused.
 */
export const CLOSED = { additionalProperties: false } as const;

/** An object of names to values, any name. */
export const mapOf = <T extends TSchema>(values: T, description?: string) => Type.Record(Type.String(), values, described(description));
