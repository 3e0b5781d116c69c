import Type, { type TSchema } from 'typebox';
import { BANK_OPERATOR_OPERATIONS } from './control-operations/bank-operations';
import { FLOW_RUN_OPERATIONS } from './control-operations/flow-run-operations';
import { INSPECTOR_OPERATIONS } from './control-operations/inspector-operations';
import { LESSON_OPERATIONS } from './control-operations/lesson-operations';
import type { ControlPaths, Method } from './control-operations/operation';
import { PSU_APP_OPERATIONS } from './control-operations/psu-operations';
import { SIMULATOR_OPERATIONS } from './control-operations/simulator-operations';

/**
 * The control API (`/simulator/v1`, routes/control.ts, routes/flow-runs.ts, routes/inspector-tools.ts, routes/lesson-prep.ts):
 * each operation with the schemas of its input and answer, taken from shared/control-api, one file per
 * tag under control-operations/. The routes serialise with them (routes/control.ts attaches them by
 * method and path), and control-openapi.ts publishes them at `GET /simulator/v1/openapi.json` so TPP
 * developers can generate clients. test/api/control-openapi.test.ts holds the table to the routes the
 * server registers, both ways; test/api/control-live-schema.test.ts holds every live answer to its published schema.
 */

export const CONTROL_PREFIX = '/simulator/v1';

/** Every operation of the control API, by path (under CONTROL_PREFIX) and method, in the document's order. */
export const CONTROL_OPERATIONS: ControlPaths = {
  ...SIMULATOR_OPERATIONS,
  ...BANK_OPERATOR_OPERATIONS,
  ...PSU_APP_OPERATIONS,
  ...INSPECTOR_OPERATIONS,
  ...FLOW_RUN_OPERATIONS,
  ...LESSON_OPERATIONS,
};

/** What Fastify validates and serialises for one control route, all from its row of the table. */
export interface ControlRouteSchema {
  response: Record<number, TSchema>;
  params?: TSchema;
  querystring?: TSchema;
  /** The body's schema; an optional body may also be absent (null). */
  body?: TSchema;
}

/**
 * What Fastify checks and serialises for one route (`GET`, `/simulator/v1/runs/:runId`): its path
 * parameters, query and JSON body against the published request schemas (control-validation.ts), and
 * its JSON answers through their schemas, so each answer carries exactly its documented fields.
 */
export function controlRouteSchema(method: string, url: string): ControlRouteSchema | null {
  const path = url.slice(CONTROL_PREFIX.length).replace(/:([^/]+)/g, '{$1}');
  const operation = CONTROL_OPERATIONS[path]?.[method.toLowerCase() as Method];
  if (operation === undefined) return null;
  const response = Object.fromEntries(
    Object.entries(operation.answers).flatMap(([status, answer]) =>
      answer.schema === undefined || answer.unserialised ? [] : [[Number(status), answer.schema]],
    ),
  );
  const schema: ControlRouteSchema = { response };
  if (operation.params !== undefined) {
    schema.params = Type.Object(Object.fromEntries(Object.keys(operation.params).map((name) => [name, Type.String({ minLength: 1 })])));
  }
  if (operation.query !== undefined) {
    schema.querystring = Type.Object(
      Object.fromEntries(
        Object.entries(operation.query).map(([name, parameter]) => {
          const value = parameter.schema ?? Type.String();
          return [name, parameter.required === true ? value : Type.Optional(value)];
        }),
      ),
    );
  }
  if (operation.body !== undefined) schema.body = operation.body.required === false ? Type.Union([operation.body.schema, Type.Null()]) : operation.body.schema;
  return schema;
}
