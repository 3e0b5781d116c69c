// What a row of the control API's table (control-operations.ts) says of one operation, and the answers most rows share.
import Type, { type TSchema } from 'typebox';
import { text } from '../../../shared/control-api/build';
import { MAX_OFFSET, MAX_PAGE_ROWS } from '../../services/list-page';

export type Method = 'get' | 'post' | 'delete';

export interface Answer {
  description: string;
  /** JSON in this shape; absent: no body (204) or `raw`. */
  schema?: TSchema;
  /** Not JSON the route serialises (XML, an attachment, an event stream): documented, sent as the route writes it. */
  raw?: { type: string; schema: TSchema };
  headers?: Record<string, { description: string; schema: TSchema }>;
  /**
   * Sent as JSON.stringify writes it, not through the schema: a page of up to 10,000 exchanges, whose
   * header maps and verdict unions make schema serialisation several times slower. The live-schema
   * test holds it to the schema all the same.
   */
  unserialised?: true;
}

export interface QueryParameter {
  description: string;
  schema?: TSchema;
  required?: boolean;
}

export interface Operation {
  operationId: string;
  tag: 'simulator' | 'bank' | 'psu' | 'inspector' | 'flows';
  summary: string;
  /** Path parameter → what it is. */
  params?: Record<string, string>;
  query?: Record<string, QueryParameter>;
  body?: { schema: TSchema; required?: boolean };
  answers: Record<number, Answer>;
  /** Statuses answered with Berlin Group tppMessages. */
  errors?: number[];
}

/** Operations by path (under CONTROL_PREFIX) and method. */
export type ControlPaths = Record<string, Partial<Record<Method, Operation>>>;

export const okAnswer = (schema: TSchema, description = 'OK'): Record<number, Answer> => ({ 200: { description, schema } });
export const createdAnswer = (schema: TSchema): Record<number, Answer> => ({ 201: { description: 'Created', schema } });
export const NO_CONTENT: Record<number, Answer> = { 204: { description: 'No content' } };
export const xmlAnswer = (description: string): Record<number, Answer> => ({ 200: { description, raw: { type: 'application/xml', schema: Type.String() } } });
export const ANY_JSON = Type.Object({}, { additionalProperties: true });
export const attachmentAnswer = (description: string): Record<number, Answer> => ({
  200: {
    description,
    raw: { type: 'application/json', schema: ANY_JSON },
    headers: { 'Content-Disposition': { description: 'attachment; filename="run-{runId}.json" (or .har)', schema: text() } },
  },
});
export const countHeader = (description: string) => ({ description, schema: Type.Integer() });

/** An operator's list: `limit` and `offset`, the page's rows and the list's length in X-Total-Count. */
export const pagedList = (schema: TSchema, what: string): Pick<Operation, 'query' | 'answers' | 'errors'> => ({
  query: {
    limit: { description: `1-${MAX_PAGE_ROWS}; default ${MAX_PAGE_ROWS}`, schema: Type.Integer({ minimum: 1, maximum: MAX_PAGE_ROWS }) },
    offset: { description: `How many of the newest ${what} to skip; default 0`, schema: Type.Integer({ minimum: 0, maximum: MAX_OFFSET }) },
  },
  answers: {
    200: {
      description: `A page of ${what}, newest first`,
      schema: Type.Array(schema),
      headers: { 'X-Total-Count': countHeader(`How many ${what} there are in all`) },
    },
  },
  errors: [400],
});
