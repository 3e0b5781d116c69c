// A body or query the control API's schemas refuse, in plain words. Beside the schemas, not in main/http:
// a flow file's fault steps (main/flows/library/validate.ts) are the same bodies and are refused in the same words.

/** One failed rule of a request schema, as the validator reports it (main/http/control-validation.ts). */
export interface SchemaFailure {
  keyword: string;
  instancePath: string;
  /** Where in the schema, e.g. `#/anyOf/1`: tells a union's alternatives apart. */
  schemaPath?: string;
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

const UNION_BRANCH = /^(.*?)\/anyOf\/(\d+)(?:\/|$)/;

/**
 * Of a union's alternatives, the failures of the one the value meant: the validator reports every
 * alternative's, and the first is seldom the one. An alternative whose discriminating value (a const or
 * enum of one of its own fields) does not match was not meant; one that misses or refuses whole fields
 * is less likely than one whose fields are there with a wrong value.
 */
function meantAlternative(failures: readonly SchemaFailure[], within = ''): readonly SchemaFailure[] {
  // `within`: the alternative an outer union was meant as; a union inside it (an action inside a rule) is chosen among next.
  const branchOf = (f: SchemaFailure): { union: string; branch: string } | null => {
    const path = f.schemaPath ?? '';
    const m = path.startsWith(within) ? UNION_BRANCH.exec(path.slice(within.length)) : null;
    return m === null ? null : { union: `${within}${m[1] ?? ''}`, branch: m[2] ?? '' };
  };
  const first = failures.map(branchOf).find((b) => b !== null);
  if (first === undefined || first === null) return failures;
  // A union of literals (a status of 429, 500, …): every alternative is meant alike, its values are told together.
  const literals = failures.every((f) => branchOf(f)?.union !== first.union || f.keyword === 'const' || f.keyword === 'enum');
  if (literals) return failures;
  const scores = new Map<string, number>();
  // A field counted once per kind of failure: a union of literals fails once per literal.
  const counted = new Set<string>();
  for (const f of failures) {
    const b = branchOf(f);
    if (b === null || b.union !== first.union || f.keyword === 'anyOf' || f.keyword === 'oneOf') continue;
    const kind =
      f.keyword === 'const' || f.keyword === 'enum'
        ? 'value'
        : f.keyword === 'required' || f.keyword === 'additionalProperties' || f.keyword === 'boolean'
          ? 'fields'
          : f.keyword;
    const key = `${b.branch} ${kind} ${f.instancePath}`;
    if (counted.has(key)) continue;
    counted.add(key);
    scores.set(b.branch, (scores.get(b.branch) ?? 0) + (kind === 'value' ? 20 : kind === 'fields' ? 10 : 1));
  }
  // Ties to the first alternative, as written.
  const best = [...scores.entries()].sort((a, b) => a[1] - b[1] || Number(a[0]) - Number(b[0]))[0]?.[0];
  const meant = failures.filter((f) => {
    const b = branchOf(f);
    return b === null || b.union !== first.union || b.branch === best;
  });
  return best === undefined ? meant : meantAlternative(meant, `${first.union}/anyOf/${best}`);
}

/**
 * A request the control API's schemas refuse, in one plain sentence naming the field and what it
 * must be: `limit must be at most 500`, `the body needs minutes`, `status must be one of: …`.
 */
export function validationText(part: string, given: readonly SchemaFailure[]): string {
  const failures = meantAlternative(given);
  // `boolean`: the validator's echo of a closed object's refusal at the field's own path (main/http/control-validation.ts names the field).
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
