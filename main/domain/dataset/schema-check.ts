/**
 * Checks a value against the dataset's schema (schema.ts) and words its first problem with its JSON
 * path, as a trainer editing the file reads it (`psus[3].role: is missing`). It reads the few shapes the
 * schema is built of: objects with exactly their fields, lists, strings, booleans, integers in a range,
 * one of some values, a value or null; a leaf whose rule the schema cannot hold (a check digit, a real
 * date, a zone Intl knows) carries its own check.
 */
import type { TSchema } from 'typebox';
import { at, fail, item, show } from './dataset-error';

/** A value's problem in words (`"X" is not a BIC`), or null when it has none. */
export type DatasetValueCheck = (value: unknown) => string | null;

const CHECK = Symbol('the value check of a dataset leaf');
const KEY_NOUN = Symbol('what the keys of a dataset object are');

/** A symbol property: invisible in the published JSON, kept when TypeBox copies a schema (Type.Optional). */
type Node = Record<string, unknown> & { [CHECK]?: DatasetValueCheck; [KEY_NOUN]?: string };

/** The leaf schema, checked by `problem` rather than by its structure (`problem` also words a value of the wrong type). */
export function checkedBy<T extends TSchema>(schema: T, problem: DatasetValueCheck): T {
  (schema as Node)[CHECK] = problem;
  return schema;
}

/** The object schema, whose keys are some of a list (`noun`: "a payment product") rather than fields. */
export function keyedBy<T extends TSchema>(schema: T, noun: string): T {
  (schema as Node)[KEY_NOUN] = noun;
  return schema;
}

const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Throws a DatasetError at the first problem of `value`, in the order of the schema's fields. */
export function checkAgainst(schema: TSchema, value: unknown, path: string): void {
  const node = schema as Node;
  const check = node[CHECK];
  if (check !== undefined) {
    const problem = check(value);
    if (problem !== null) fail(path, problem);
    return;
  }
  if (Array.isArray(node.anyOf)) return checkNullable(node.anyOf as Node[], value, path);
  if (Array.isArray(node.enum)) return checkOneOf(node.enum as unknown[], value, path);
  switch (node.type) {
    case 'object':
      return checkObject(node, value, path);
    case 'array':
      return checkList(node, value, path);
    case 'string':
      if (typeof value !== 'string') fail(path, `${show(value)} is not a string`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') fail(path, `${show(value)} is not a boolean`);
      return;
    case 'integer':
      return checkInteger(node, value, path);
  }
  throw new Error(`the dataset schema has a shape its check does not read: ${JSON.stringify(node)}`);
}

/** An object with exactly its fields; an unknown field is refused because it is usually a misspelt one. */
function checkObject(node: Node, value: unknown, path: string): void {
  if (!isJsonObject(value)) fail(path, `${show(value)} is not an object`);
  const fields = node.properties as Record<string, TSchema>;
  const keys = Object.keys(fields);
  const noun = node[KEY_NOUN];
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(fields, key))
      fail(at(path, key), noun === undefined ? 'is not a field of this object' : `is not ${noun}: use one of ${keys.join(', ')}`);
  }
  for (const key of (node.required as string[] | undefined) ?? []) {
    if (value[key] === undefined) fail(at(path, key), 'is missing');
  }
  for (const key of keys) {
    if (value[key] !== undefined) checkAgainst(fields[key] as TSchema, value[key], at(path, key));
  }
}

function checkList(node: Node, value: unknown, path: string): void {
  if (!Array.isArray(value)) fail(path, `${show(value)} is not an array`);
  const min = node.minItems;
  if (typeof min === 'number' && value.length < min) fail(path, `needs at least ${min} entr${min === 1 ? 'y' : 'ies'}`);
  value.forEach((entry, i) => checkAgainst(node.items as TSchema, entry, item(path, i)));
}

function checkInteger(node: Node, value: unknown, path: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) fail(path, `${show(value)} is not an integer`);
  const min = node.minimum as number;
  const max = node.maximum as number;
  if (value < min || value > max) fail(path, `${value} is outside ${min}..${max}`);
}

function checkOneOf(values: readonly unknown[], value: unknown, path: string): void {
  if (!values.includes(value)) fail(path, `${show(value)} is not one of ${values.join(', ')}`);
}

/** A value or null: the schema's one other alternative checks what is not null. */
function checkNullable(alternatives: readonly Node[], value: unknown, path: string): void {
  const other = alternatives.find((a) => a.type !== 'null');
  if (alternatives.length !== 2 || other === undefined) throw new Error('the dataset schema has a union other than a value or null');
  if (value !== null) checkAgainst(other as TSchema, value, path);
}
