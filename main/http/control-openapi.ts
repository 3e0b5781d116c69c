import type { TSchema } from 'typebox';
import { ErrorBody } from '../../shared/control-api';
import { Dataset } from '../domain/dataset/schema';
import { CONTROL_OPERATIONS, CONTROL_PREFIX } from './control-operations';
import type { Answer, Method, Operation } from './control-operations/operation';

/**
 * `GET /simulator/v1/openapi.json`: the control API's operations (control-operations.ts) and their
 * schemas (shared/control-api) published as OpenAPI 3.1, the same schemas the routes serialise with.
 */

/** A JSON Schema as published: plain JSON, named shapes replaced by references to components. */
export type PublishedSchema = Record<string, unknown>;

const ANY_NAME = '^.*$';
const isAnyName = (value: unknown): boolean => typeof value === 'object' && value !== null && Object.keys(value).length === 1 && ANY_NAME in value;

/**
 * Turns TypeBox schemas into the document's JSON Schema: a schema with a `title` becomes a component
 * of that name, referred to wherever it occurs; a record of any names (TypeBox writes
 * patternProperties) becomes additionalProperties, as client generators expect. Two different shapes
 * under one title are refused: each name means one thing.
 */
export class SchemaPublisher {
  readonly components: Record<string, PublishedSchema> = {};
  readonly #seen = new Map<string, string>();

  /** The schema as it appears in an operation: a reference when it is a named shape. */
  use(schema: TSchema): PublishedSchema {
    return this.#node(schema) as PublishedSchema;
  }

  #node(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.#node(item));
    if (node === null || typeof node !== 'object') return node;
    const schema = node as Record<string, unknown>;
    return typeof schema.title === 'string' ? this.#component(schema.title, schema) : this.#body(schema);
  }

  #component(name: string, schema: Record<string, unknown>): PublishedSchema {
    const ref = { $ref: `#/components/schemas/${name}` };
    const { title: _title, ...rest } = schema;
    const fingerprint = JSON.stringify(rest);
    const seen = this.#seen.get(name);
    if (seen !== undefined) {
      if (seen !== fingerprint) throw new Error(`two different control API shapes are both named ${name}`);
      return ref;
    }
    this.#seen.set(name, fingerprint);
    this.components[name] = this.#body(rest);
    return ref;
  }

  #body(schema: Record<string, unknown>): PublishedSchema {
    const out: PublishedSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'patternProperties' && isAnyName(value)) out.additionalProperties = this.#node((value as Record<string, unknown>)[ANY_NAME]);
      else if (key === 'properties')
        out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, sub]) => [name, this.#node(sub)]));
      else out[key] = this.#node(value);
    }
    return out;
  }
}

/** What this host serves beyond the fixed routes (routes/control.ts registers them only when present). */
export interface ControlFeatures {
  flowRuns: boolean;
  resend: boolean;
  exchangeFiles: boolean;
}

const FLOW_RUN_PATHS = /^\/(flows|flow-operations|runs|lessons)(\/|$)/;
const EXCHANGE_FILE_PATHS = ['/exchanges/har', '/exchanges/{exchangeId}/curl'];
const served = (path: string, features: ControlFeatures): boolean =>
  (features.flowRuns || !FLOW_RUN_PATHS.test(path)) &&
  (features.resend || path !== '/exchanges/{exchangeId}/resend') &&
  (features.exchangeFiles || !EXCHANGE_FILE_PATHS.includes(path));

const json = (schema: PublishedSchema) => ({ 'application/json': { schema } });

function answer(a: Answer, publish: SchemaPublisher): Record<string, unknown> {
  return {
    description: a.description,
    ...(a.headers
      ? { headers: Object.fromEntries(Object.entries(a.headers).map(([name, h]) => [name, { description: h.description, schema: publish.use(h.schema) }])) }
      : {}),
    ...(a.schema ? { content: json(publish.use(a.schema)) } : {}),
    ...(a.raw ? { content: { [a.raw.type]: { schema: publish.use(a.raw.schema) } } } : {}),
  };
}

function operation(op: Operation, publish: SchemaPublisher): Record<string, unknown> {
  const parameters = [
    ...Object.entries(op.params ?? {}).map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })),
    ...Object.entries(op.query ?? {}).map(([name, q]) => ({
      name,
      in: 'query',
      required: q.required ?? false,
      description: q.description,
      schema: q.schema ? publish.use(q.schema) : { type: 'string' },
    })),
  ];
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: op.body.required ?? true, content: json(publish.use(op.body.schema)) } } : {}),
    responses: {
      ...Object.fromEntries(Object.entries(op.answers).map(([status, a]) => [status, answer(a, publish)])),
      ...Object.fromEntries((op.errors ?? []).map((status) => [String(status), { $ref: '#/components/responses/Error' }])),
    },
  };
}

/** The document of the routes this host serves, its server the simulator's own origin. */
export function controlOpenApi(version: string, origin: string, features: ControlFeatures): Record<string, unknown> {
  const publish = new SchemaPublisher();
  const paths = Object.fromEntries(
    Object.entries(CONTROL_OPERATIONS)
      .filter(([path]) => served(path, features))
      .map(([path, item]) => [
        `${CONTROL_PREFIX}${path}`,
        Object.fromEntries(Object.entries(item).map(([method, op]) => [method as Method, operation(op, publish)])),
      ]),
  );
  const error = publish.use(ErrorBody);
  // No operation takes a dataset; published so a dataset file can be checked against the document (as against GET /dataset-schema.json).
  publish.use(Dataset);
  return {
    openapi: '3.1.0',
    info: {
      title: 'PSD2 Workbench simulator control API',
      version,
      description:
        "The simulator's own API: the PSU's app, the bank's operator and automation (not part of the Berlin Group interface). Beyond loopback every call needs Authorization: Bearer <the control token printed at start>.",
    },
    servers: [{ url: origin, description: 'This simulator' }],
    tags: [
      { name: 'simulator', description: 'Mode, clock, reset, events' },
      { name: 'bank', description: "The bank's operator: its state and settings" },
      { name: 'psu', description: "The PSU in the bank's app" },
      { name: 'inspector', description: 'The traffic log and signature diagnosis' },
      { name: 'flows', description: 'Flow runs' },
    ],
    security: [{}, { controlToken: [] }],
    paths,
    components: {
      schemas: publish.components,
      responses: { Error: { description: 'Refused: Berlin Group tppMessages', content: json(error) } },
      securitySchemes: {
        controlToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The control token the simulator prints at start; only required when it listens beyond loopback.',
        },
      },
    },
  };
}
