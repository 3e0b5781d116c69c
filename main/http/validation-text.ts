/** One failed rule of a request schema, as the validator reports it (control-validation.ts). */
export interface SchemaFailure {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** The value the rule was about, as sent. */
  value?: unknown;
}

const KINDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a text',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
  null: 'null',
};

const FORMATS: Record<string, string> = {
  'date-time': 'a date and time such as 2026-11-26T09:00:00Z',
  date: 'a date such as 2026-11-26',
  uri: 'an absolute URI',
};

const count = (n: unknown): string => (typeof n === 'number' ? n.toLocaleString('en') : String(n));

const fieldName = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

/** What one value must be, from the rules it failed at its place (the alternatives of a union merged). */
function requirement(failures: SchemaFailure[]): string {
  const kinds = failures.flatMap((f) => (f.keyword === 'type' ? [KINDS[String(f.params.type)] ?? String(f.params.type)] : []));
  const values = failures.flatMap((f) => {
    if (f.keyword === 'enum') return (f.params.allowedValues as unknown[] | undefined) ?? [];
    if (f.keyword === 'const') return [f.params.allowedValue];
    return [];
  });
  if (values.length > 0) return `must be one of: ${[...new Set(values.map(String))].join(', ')}`;
  if (kinds.length > 0) return `must be ${[...new Set(kinds)].join(' or ')}`;
  const f = failures[0] as SchemaFailure;
  const p = f.params;
  switch (f.keyword) {
    case 'minimum':
      return `must be at least ${count(p.limit)}`;
    case 'maximum':
      return `must be at most ${count(p.limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${count(p.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${count(p.limit)}`;
    case 'minLength':
      return `must be at least ${count(p.limit)} character${p.limit === 1 ? '' : 's'} long`;
    case 'maxLength':
      return `must be at most ${count(p.limit)} characters long`;
    case 'minProperties':
      return `must give at least ${count(p.limit)} field${p.limit === 1 ? '' : 's'}`;
    case 'minItems':
      return `must list at least ${count(p.limit)}`;
    case 'maxItems':
      return `must list at most ${count(p.limit)}`;
    case 'pattern':
      return `is not in the expected form (${String(p.pattern)})`;
    case 'format':
      return `must be ${FORMATS[String(p.format)] ?? `in the format ${String(p.format)}`}`;
    default:
      return f.message ?? `breaks the rule ${f.keyword}`;
  }
}

/**
 * A request the control API's schemas refuse, in one plain sentence naming the field and what it
 * must be: `limit must be at most 500`, `the body needs minutes`, `status must be one of: …`.
 */
export function validationText(part: string, failures: readonly SchemaFailure[]): string {
  // `boolean`: the validator's echo of a closed object's refusal at the field's own path (control-validation.ts names the field).
  const first = failures.find((f) => f.keyword !== 'anyOf' && f.keyword !== 'oneOf' && f.keyword !== 'boolean') ?? failures[0];
  if (first === undefined) return `the request's ${part} is not valid`;
  if (first.keyword === 'required') {
    const missing = (first.params.requiredProperties as string[] | undefined) ?? [String(first.params.missingProperty)];
    const owner = first.instancePath === '' ? (part === 'body' ? 'the body' : `the ${part}`) : fieldName(first.instancePath);
    return `${owner} needs ${missing.join(', ')}`;
  }
  if (first.keyword === 'minProperties' && Array.isArray(first.params.fields)) {
    return `${first.instancePath === '' ? (part === 'body' ? 'the body' : `the ${part}`) : fieldName(first.instancePath)} needs one of: ${first.params.fields.join(', ')}`;
  }
  if (first.keyword === 'additionalProperties') {
    const extra = (first.params.additionalProperties as string[] | undefined) ?? [String(first.params.additionalProperty)];
    return `${first.instancePath === '' ? `the ${part}` : fieldName(first.instancePath)} has no field ${extra.join(', ')}`;
  }
  if (part === 'body' && first.instancePath === '' && first.value === null) return 'the request body is empty; a JSON object is expected';
  const name = first.instancePath === '' ? `the request's ${part}` : fieldName(first.instancePath);
  if (part !== 'body' && Array.isArray(first.value)) return `${name} must be given once`;
  // An optional body's schema also takes null, standing for no body at all: not an alternative to offer.
  const absentBody = (f: SchemaFailure): boolean => part === 'body' && f.instancePath === '' && f.keyword === 'type' && f.params.type === 'null';
  const here = failures.filter((f) => f.instancePath === first.instancePath && f.keyword !== 'anyOf' && f.keyword !== 'oneOf' && !absentBody(f));
  return `${name} ${requirement(here.length > 0 ? here : [first])}`;
}
