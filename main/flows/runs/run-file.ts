import type { FlowFile } from '../library/format';
import { isOperation } from '../library/operations';
import type { FlowRunRecord, FreeStepInput, RunStep } from '../run-record';
import { withParameterLabels } from '../library/parameters';
import { FlowFormatError, parseFlow } from '../library/validate';

/** The exported run's format: its name and version say what reads it. */
export const RUN_FILE_FORMAT = 'psd2-workbench-run';
export const RUN_FILE_VERSION = 1;
/** A run file of a long session with large bodies still opens; beyond this it is not one of ours. */
export const RUN_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** A run file that cannot be imported, in words that say what is wrong. */
export class RunFileError extends Error {}

/** The run as a file another machine opens: the flow file is embedded, so it needs no library of its own. */
export function runFile(run: FlowRunRecord, exportedAt: string): string {
  return JSON.stringify(runFileContent(run, exportedAt), null, 2);
}

/** What a run file holds, for a report that carries several (`flow --json`). */
export function runFileContent(run: FlowRunRecord, exportedAt: string) {
  return { format: RUN_FILE_FORMAT, version: RUN_FILE_VERSION, exportedAt, run };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function field<T>(value: unknown, where: string, wanted: string, is: (v: unknown) => v is T): T {
  if (!is(value)) throw new RunFileError(`${where} must be ${wanted}`);
  return value;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 10_000_000;
const isShortText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;
const isTextOrNull = (v: unknown): v is string | null => v === null || isText(v);
const isStatus = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599;
const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
/** An origin as a HAR entry's URL starts with it: scheme, host and port, nothing after. */
const isOrigin = (v: unknown): v is string => isShortText(v) && URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).origin === v;
const isTextMap = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((item) => typeof item === 'string');

/**
 * Reads an exported run: its format and version, its size, the embedded flow (through the flow
 * validator) and the shape of what it recorded. The answer is kept as an imported run: read and
 * replayed, not continued.
 */
export function parseRunFile(text: string, runId: string): FlowRunRecord {
  if (Buffer.byteLength(text, 'utf8') > RUN_FILE_MAX_BYTES) throw new RunFileError(`the file is larger than ${RUN_FILE_MAX_BYTES / 1024 / 1024} MB`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new RunFileError(`the file is not JSON: ${(err as Error).message}`);
  }
  if (!isObject(json) || json.format !== RUN_FILE_FORMAT) throw new RunFileError(`the file is not an exported run (format "${RUN_FILE_FORMAT}")`);
  if (json.version !== RUN_FILE_VERSION)
    throw new RunFileError(`the run file's version ${JSON.stringify(json.version)} is not one this workbench reads (${RUN_FILE_VERSION})`);
  const run = field(json.run, 'run', 'an object', isObject);
  return {
    runId,
    flow: embeddedFlow(run.flow),
    free: run.free === true,
    institution: field(run.institution, 'run.institution', 'a name', isShortText),
    psus: field(run.psus, 'run.psus', 'an object of psuIds by role', isTextMap),
    params: field(run.params ?? {}, 'run.params', 'an object of parameter values by name', isTextMap),
    autoApprove: true,
    phase: 'finished',
    steps: field(run.steps, 'run.steps', 'a list', isArray).map((step, i) => stepOf(step, `run.steps[${i}]`)),
    nextStep: null,
    current: [],
    pending: null,
    met: run.met === true ? true : run.met === false ? false : null,
    startedAt: field(run.startedAt, 'run.startedAt', 'a time', isShortText),
    finishedAt: field(run.finishedAt ?? null, 'run.finishedAt', 'a time or null', (v): v is string | null => v === null || isShortText(v)),
    replayOf: null,
    imported: true,
    freeSteps: field(run.freeSteps ?? [], 'run.freeSteps', 'a list', isArray).map((step, i) => freeStepOf(step, `run.freeSteps[${i}]`)),
  };
}

function embeddedFlow(flow: unknown): FlowFile {
  try {
    return parseFlow(withParameterLabels(flow));
  } catch (err) {
    if (err instanceof FlowFormatError) throw new RunFileError(`run.flow.${err.message}`);
    throw err;
  }
}

function freeStepOf(value: unknown, where: string): FreeStepInput {
  const step = field(value, where, 'an object', isObject);
  const operation = field(
    step.operation,
    `${where}.operation`,
    'an operation of the flow library',
    (v): v is string => typeof v === 'string' && isOperation(v),
  );
  const params = field(step.params, `${where}.params`, 'an object', isObject);
  return { operation, params, ...(typeof step.title === 'string' ? { title: step.title } : {}) };
}

/** A recorded step, checked field by field so a reader of the run never meets a surprise. */
function stepOf(value: unknown, where: string): RunStep {
  const s = field(value, where, 'an object', isObject);
  const step = field(s.step, `${where}.step`, 'a step', isObject);
  for (const name of ['id', 'title', 'operation', 'actor']) field(step[name], `${where}.step.${name}`, 'a text', isShortText);
  const exchanges = field(s.exchanges, `${where}.exchanges`, 'a list', isArray);
  exchanges.forEach((e, i) => {
    const at = `${where}.exchanges[${i}]`;
    const x = field(e, at, 'an object', isObject);
    field(x.method, `${at}.method`, 'a method', isShortText);
    field(x.url, `${at}.url`, 'a path', isText);
    if (x.origin !== undefined) field(x.origin, `${at}.origin`, 'an http(s) origin', isOrigin);
    field(x.status, `${at}.status`, 'an HTTP status', isStatus);
    field(x.requestHeaders, `${at}.requestHeaders`, 'an object of texts', isTextMap);
    field(x.responseHeaders, `${at}.responseHeaders`, 'an object of texts', isTextMap);
    field(x.requestBody, `${at}.requestBody`, 'a text or null', isTextOrNull);
    field(x.responseBody, `${at}.responseBody`, 'a text', isText);
  });
  field(s.status, `${where}.status`, 'an HTTP status or null', (v): v is number | null => v === null || isStatus(v));
  field(s.met, `${where}.met`, 'true or false', (v): v is boolean => typeof v === 'boolean');
  field(s.changes ?? [], `${where}.changes`, 'a list', isArray);
  field(s.unmet ?? [], `${where}.unmet`, 'a list', isArray);
  return s as unknown as RunStep;
}
