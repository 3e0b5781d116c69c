import { meantAlternative } from '../../shared/control-api/alternatives';
import type { FastifyRequest, FastifySchemaCompiler, FastifySchemaValidationError, preValidationAsyncHookHandler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { keepRawBody, parseJsonBody, rawBody } from './body';

type Check = ReturnType<typeof Compile>;

/**
 * Fastify's validator for the control API: each path, query and body checked against the schema
 * control-operations.ts publishes for it. Compiled on a route's first request, not at start: the
 * simulator registers some fifty routes and most sessions call a handful. The query and path are
 * checked as their text reads (`limit=5` is an integer) but reach the route as sent, so the
 * services read the same strings as before; a body is checked as sent.
 */
export const controlValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  let check: Check | undefined;
  const checks = new WeakMap<object, Check>();
  return (value: unknown) => {
    check ??= Compile(schema);
    const checked = httpPart === 'body' ? value : asTyped(schema, value);
    if (check.Check(checked)) return { value };
    // A refused body is told against the alternative it meant, when its fields say which.
    const meant = httpPart === 'body' ? meantAlternative(schema, value) : schema;
    const extra = httpPart === 'body' ? (undescribed(meant, value, '') ?? tooFewFields(meant, value)) : null;
    if (extra !== null) return { error: [extra] };
    let told = meant === schema ? check : checks.get(meant);
    if (told === undefined) checks.set(meant, (told = Compile(meant)));
    return { error: told.Errors(checked).map((e) => ({ ...e, value: at(value, e.instancePath) })) };
  };
};

/** A body object with fewer fields than its schema's minProperties, told as the fields it may give. */
function tooFewFields(schema: unknown, value: unknown): FastifySchemaValidationError | null {
  const node = schema as ObjectSchema & { minProperties?: number };
  if (node.minProperties === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (Object.keys(value).length >= node.minProperties) return null;
  const fields = Object.keys(node.properties ?? {});
  return {
    keyword: 'minProperties',
    instancePath: '',
    schemaPath: '#',
    params: { limit: node.minProperties, fields },
    message: `needs one of ${fields.join(', ')}`,
  };
}

type ObjectSchema = { type?: unknown; properties?: Record<string, unknown>; additionalProperties?: unknown; anyOf?: unknown[]; items?: unknown };

/**
 * The first object in a body with a field its schema does not describe (every body schema is closed:
 * shared/control-api/build.ts CLOSED): read off the schema, not off the validator's errors, which a
 * union reports per alternative and cuts after a few. Of a union, the fields no alternative describes.
 */
function undescribed(schema: unknown, value: unknown, path: string): FastifySchemaValidationError | null {
  const node = schema as ObjectSchema;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = node.items === undefined ? null : undescribed(node.items, item, `${path}/${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const shapes = ((node.anyOf as ObjectSchema[] | undefined) ?? [node]).filter((s) => s.type === 'object' && s.properties !== undefined);
  if (shapes.length === 0) return null;
  const fields = Object.keys(value);
  if (shapes.every((s) => s.additionalProperties === false)) {
    const extra = fields.filter((name) => !shapes.some((s) => Object.hasOwn(s.properties ?? {}, name)));
    if (extra.length > 0)
      return {
        keyword: 'additionalProperties',
        instancePath: path,
        schemaPath: '#',
        params: { additionalProperties: extra },
        message: `has no field ${extra.join(', ')}`,
      };
  }
  for (const name of fields) {
    const shape = shapes.find((s) => Object.hasOwn(s.properties ?? {}, name));
    const found =
      shape === undefined
        ? null
        : undescribed(shape.properties?.[name], (value as Record<string, unknown>)[name], `${path}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== null) return found;
  }
  return null;
}

const DECIMAL = /^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,15})?$/;

/**
 * A query's or path's texts as the values their schema names: a number only when written as one in
 * plain decimals (TypeBox's own conversion reads `1.5` as the integer 1 and `0x10` as 16), true and
 * false only as those words. A parameter sent twice stays a list, which its schema refuses.
 */
function asTyped(schema: TSchema, value: unknown): unknown {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  if (properties === undefined || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([name, text]) => {
      const type = properties[name]?.type;
      if (typeof text !== 'string') return [name, text];
      if ((type === 'integer' || type === 'number') && DECIMAL.test(text)) return [name, Number(text)];
      if (type === 'boolean' && (text === 'true' || text === 'false')) return [name, text === 'true'];
      return [name, text];
    }),
  );
}

/** The value a failed rule was about, for its text: a query parameter sent twice arrives as a list. */
function at(root: unknown, pointer: string): unknown {
  let value = root;
  for (const key of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/**
 * The body's JSON, read before validation so the schema sees the value; the bytes stay the request's
 * (rawBody) for whatever records the exchange as sent. No body: null, which only a route whose body
 * is optional accepts.
 */
export const readJsonBody: preValidationAsyncHookHandler = async (request: FastifyRequest) => {
  const bytes = rawBody(request);
  keepRawBody(request, bytes);
  if (bytes.length === 0) {
    request.body = null;
    return;
  }
  request.body = parseJsonBody(bytes);
};
