import { formatError } from '../domain/errors';
import type { RequestEdit, StopAt } from '../flows/runs/request-gate';
import type { ReplayOptions, StartOptions } from '../flows/runs/flow-runs';
import type { FreeStepInput } from '../flows/run-record';

/**
 * The control API's flow-run bodies, read strictly and bounded: each answer names the field and
 * what it must be (400 FORMAT_ERROR).
 */

type Json = Record<string, unknown>;

const RUN_ID = /^[A-Za-z0-9._~-]{1,100}$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,200}$/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const UNTIL: readonly StopAt[] = ['request', 'step', 'end'];
/** Set by the HTTP client itself from the request; Node's fetch refuses them set by hand. */
const CLIENT_HEADERS = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'expect', 'upgrade', 'te', 'trailer']);
const MAX_HEADERS = 100;
const MAX_HEADER_VALUE = 16 * 1024;
const MAX_URL = 8 * 1024;
const MAX_PARAMS_JSON = 64 * 1024;
const MAX_PSUS = 50;
const MAX_STEP = 10_000;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw formatError(`${what} must be a JSON object`);
  return value as Json;
}

function shortText(value: unknown, what: string, max = 100): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) throw formatError(`${what} must be a text of 1 to ${max} characters`);
  return value;
}

function flag(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw formatError(`${what} must be true or false`);
  return value;
}

function onlyFields(body: Json, allowed: readonly string[], what: string): void {
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw formatError(`${what} has no field ${unknown.slice(0, 100)} (its fields: ${allowed.join(', ')})`);
}

export function runId(value: unknown): string {
  if (typeof value !== 'string' || !RUN_ID.test(value)) throw formatError('the run id must be 1 to 100 letters, digits and . _ ~ -');
  return value;
}

export function startOptions(input: unknown): StartOptions {
  const body = object(input, 'the body');
  onlyFields(body, ['flow', 'institution', 'psus', 'params', 'autoApprove', 'pauseClock'], 'the body');
  if (body.flow !== null && typeof body.flow !== 'string') throw formatError('flow must be the name of a library flow, or null for free steps only');
  const psus = body.psus === undefined ? undefined : object(body.psus, 'psus');
  if (psus !== undefined && Object.keys(psus).length > MAX_PSUS) throw formatError(`psus may name at most ${MAX_PSUS} roles`);
  return {
    flow: body.flow === null ? null : shortText(body.flow, 'flow'),
    institution: body.institution === undefined ? undefined : shortText(body.institution, 'institution', 50),
    psus:
      psus === undefined
        ? undefined
        : Object.fromEntries(Object.entries(psus).map(([role, psuId]) => [shortText(role, 'a PSU role'), shortText(psuId, `psus.${role.slice(0, 100)}`)])),
    params: params(body.params),
    autoApprove: flag(body.autoApprove, 'autoApprove'),
    pauseClock: body.pauseClock === undefined ? true : flag(body.pauseClock, 'pauseClock'),
  };
}

/** The flow's parameter values by name, as short texts. */
function params(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const given = object(value, 'params');
  if (Object.keys(given).length > MAX_PSUS) throw formatError(`params may name at most ${MAX_PSUS} values`);
  return Object.fromEntries(
    Object.entries(given).map(([name, text]) => [shortText(name, 'a parameter name'), shortText(text, `params.${name.slice(0, 100)}`)]),
  );
}

export function sendOptions(input: unknown): { edit: RequestEdit | null; until: StopAt } {
  const body = object(input, 'the body');
  onlyFields(body, ['edit', 'until'], 'the body');
  if (typeof body.until !== 'string' || !(UNTIL as readonly string[]).includes(body.until)) throw formatError(`until must be one of ${UNTIL.join(', ')}`);
  return { edit: body.edit === null || body.edit === undefined ? null : requestEdit(body.edit), until: body.until as StopAt };
}

function requestEdit(input: unknown): RequestEdit {
  const edit = object(input, 'edit');
  onlyFields(edit, ['method', 'url', 'headers', 'body', 'resign'], 'edit');
  if (typeof edit.method !== 'string' || !METHODS.includes(edit.method)) throw formatError(`edit.method must be one of ${METHODS.join(', ')}`);
  // A path on the simulator only: a run never talks to other hosts.
  if (typeof edit.url !== 'string' || !edit.url.startsWith('/') || edit.url.startsWith('//') || edit.url.length > MAX_URL || /[\s\0]/.test(edit.url)) {
    throw formatError(`edit.url must be a path on the simulator (starting with one /, no spaces, at most ${MAX_URL} characters)`);
  }
  const headers = object(edit.headers, 'edit.headers');
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) throw formatError(`edit.headers may hold at most ${MAX_HEADERS} headers`);
  for (const [name, value] of entries) {
    if (!TOKEN.test(name)) throw formatError(`edit.headers: "${name.slice(0, 100)}" is not a header name`);
    if (CLIENT_HEADERS.has(name.toLowerCase())) throw formatError(`edit.headers: ${name} is set by the HTTP client from the request itself; leave it out`);
    if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE || /[\r\n\0]/.test(value))
      throw formatError(`edit.headers.${name}: must be a text of at most ${MAX_HEADER_VALUE} characters on one line`);
  }
  if (edit.body !== null && typeof edit.body !== 'string') throw formatError('edit.body must be a text or null');
  if (edit.body !== null && (edit.method === 'GET' || edit.method === 'HEAD')) throw formatError(`edit.body must be null for ${edit.method}`);
  return { method: edit.method, url: edit.url, headers: headers as Record<string, string>, body: edit.body, resign: flag(edit.resign, 'edit.resign') };
}

export function freeStep(input: unknown): FreeStepInput {
  const body = object(input, 'the body');
  onlyFields(body, ['operation', 'params', 'title'], 'the body');
  const params = object(body.params ?? {}, 'params');
  if (JSON.stringify(params).length > MAX_PARAMS_JSON) throw formatError(`params may take at most ${MAX_PARAMS_JSON / 1024} KB of JSON`);
  return { operation: shortText(body.operation, 'operation'), params, ...(body.title === undefined ? {} : { title: shortText(body.title, 'title', 200) }) };
}

/** The body of a replay: `{}`, or `{"untilStep": n}` to stop before step n. */
export function replayOptions(input: unknown): ReplayOptions {
  const body = object(input, 'the body');
  onlyFields(body, ['untilStep'], 'the body');
  if (body.untilStep === undefined) return {};
  if (typeof body.untilStep !== 'number' || !Number.isInteger(body.untilStep) || body.untilStep < 1 || body.untilStep > MAX_STEP)
    throw formatError(`untilStep must be a whole number of 1 to ${MAX_STEP}`);
  return { untilStep: body.untilStep };
}

export function autoApprove(input: unknown): boolean {
  const body = object(input, 'the body');
  onlyFields(body, ['on'], 'the body');
  return flag(body.on, 'on');
}

/** The exported run's text; its own bounds are checked when it is read (main/flows/runs/run-file.ts). */
export function importedFile(input: unknown): string {
  const body = object(input, 'the body');
  onlyFields(body, ['file'], 'the body');
  if (typeof body.file !== 'string' || body.file.length === 0) throw formatError('file must be the text of an exported run');
  return body.file;
}
