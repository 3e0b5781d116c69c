import { headersOfLines, sameHeaders } from '../../../domain/headers/header-lines';
import type { LoggedParserRefusal } from '../../../domain/headers/parser-refusal';
import { rulesCited } from '../../../domain/signing/rules';
import type { SignatureDiagnosis } from '../../../domain/signing/verify';
import type { SearchedColumns } from '../../exchange-search-text';
import type { ExchangeRecord, Headers, RawHeader } from './types';

/** The lines an object of headers stands for, for rows logged before the lines were kept: one per value, in the object's order. */
export const linesOfHeaders = (headers: Headers): RawHeader[] =>
  Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v): RawHeader => [name, v]));

/** A failure, kept in its own budget: the bank answered 4xx or 5xx, or found the signature not valid. */
export const isFailure = (status: number, signature: SignatureDiagnosis | null): boolean => status >= 400 || (signature !== null && !signature.verdict.valid);

/** A signature failure: a signed operation whose signature the bank found not valid (the evidence QA comes for). */
export const isSignatureFailure = (signature: SignatureDiagnosis | null): boolean => signature !== null && !signature.verdict.valid;

export interface ExchangeRow {
  id: number;
  started_at: number;
  simulated_at: number;
  duration_ms: number;
  method: string;
  url: string;
  institution: string | null;
  tpp_id: string | null;
  resource_id: string | null;
  request_headers: string;
  request_body: Buffer | null;
  request_body_size: number;
  status: number;
  response_headers: string;
  response_body: Buffer | null;
  response_body_size: number;
  signature: string | null;
  pinned: number;
  /** JSON of the request's header lines; null in rows logged before they were kept (migration 014). */
  raw_headers: string | null;
  fault_rule: number | null;
  compared_with: number | null;
  /** JSON of a parser refusal, its bytes in base64 (migration 21); null for every other exchange. */
  refusal: string | null;
}

/** The INSERT of a row, its values in the order of `rowValues`. */
export const INSERT_ROW = `INSERT INTO exchanges (id, started_at, simulated_at, duration_ms, method, url, institution, tpp_id, resource_id,
  request_headers, request_body, request_body_size, status, response_headers, response_body, response_body_size, signature, failure, raw_headers, fault_rule,
  signature_failure, compared_with, refusal)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export type RowValues = [
  number,
  number,
  number,
  number,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
  Buffer | null,
  number,
  number,
  string,
  Buffer | null,
  number,
  string | null,
  number,
  string,
  number | null,
  number,
  number | null,
  string | null,
];

/** A record's row as written, and the columns the search index reads of it (the same strings: SEARCHED_TEXT over the row). */
export function rowOf(e: ExchangeRecord): { values: RowValues; searched: SearchedColumns } {
  const { request, response } = e;
  const searched: SearchedColumns = {
    method: request.method,
    url: request.url,
    status: response.status,
    tpp_id: e.parties.tppId,
    institution: e.parties.institution,
    request_headers: storedHeaders(request.headers, request.rawHeaders),
    raw_headers: JSON.stringify(request.rawHeaders),
    response_headers: JSON.stringify(response.headers),
    request_body: request.body,
    response_body: response.body,
    signature: e.signature === null ? null : storedDiagnosis(e.signature),
  };
  const values: RowValues = [
    e.id,
    e.timing.startedAt.getTime(),
    e.timing.simulatedAt.getTime(),
    e.timing.durationMs,
    searched.method,
    searched.url,
    searched.institution,
    searched.tpp_id,
    e.parties.resourceId,
    searched.request_headers,
    request.body,
    request.bodySize,
    response.status,
    searched.response_headers,
    response.body,
    response.bodySize,
    searched.signature,
    isFailure(response.status, e.signature) ? 1 : 0,
    searched.raw_headers as string,
    e.faultRule,
    isSignatureFailure(e.signature) ? 1 : 0,
    e.comparedWith,
    e.refusal === undefined ? null : storedRefusal(e.refusal),
  ];
  return { values, searched };
}

export function toRecord(r: ExchangeRow): ExchangeRecord {
  const record: ExchangeRecord = {
    id: r.id,
    timing: { startedAt: new Date(r.started_at), simulatedAt: new Date(r.simulated_at), durationMs: r.duration_ms },
    parties: { institution: r.institution, tppId: r.tpp_id, resourceId: r.resource_id },
    request: { method: r.method, url: r.url, ...requestHeaders(r), body: r.request_body, bodySize: r.request_body_size },
    response: { status: r.status, headers: JSON.parse(r.response_headers) as Headers, body: r.response_body, bodySize: r.response_body_size },
    signature: r.signature === null ? null : readDiagnosis(r.signature),
    pinned: r.pinned === 1,
    faultRule: r.fault_rule,
    comparedWith: r.compared_with,
  };
  if (r.refusal !== null) record.refusal = readRefusal(r.refusal);
  return record;
}

/** A parser refusal as the log stores it: JSON, the bytes read in base64. */
function storedRefusal(r: LoggedParserRefusal): string {
  return JSON.stringify({ code: r.code, text: r.text, offset: r.offset, header: r.header, bytes: r.bytes.toString('base64') });
}

function readRefusal(text: string): LoggedParserRefusal {
  const r = JSON.parse(text) as Omit<LoggedParserRefusal, 'bytes'> & { bytes: string };
  return { code: r.code, text: r.text, offset: r.offset, header: r.header, bytes: Buffer.from(r.bytes, 'base64') };
}

/**
 * A diagnosis as the log stores it: without its legend of the rules cited, which the checks give again
 * (rulesCited) and which was some 1.9 KB of the 12 KB a signed exchange took, written with every request.
 */
function storedDiagnosis(d: SignatureDiagnosis): string {
  const { rules: _rules, ...rest } = d;
  return JSON.stringify(rest);
}

/** The diagnosis as it was made: the legend given again where the row has none (rows logged before keep theirs). */
function readDiagnosis(text: string): SignatureDiagnosis {
  const stored = JSON.parse(text) as Omit<SignatureDiagnosis, 'rules'> & { rules?: SignatureDiagnosis['rules'] };
  // A row without checks (a test's bare verdict) has no legend to give either: as stored.
  if (stored.rules !== undefined || !Array.isArray(stored.checks)) return stored as SignatureDiagnosis;
  const { operation, checks, ...rest } = stored;
  return { operation, checks, rules: rulesCited(checks), ...rest };
}

/** Stored in place of a header object that its lines give again (headersOfLines): nearly every one. */
const DERIVED_HEADERS = '';

/**
 * The request's header object as stored: nothing when its lines as received give it again, as Node merged
 * them (a signed request's 2 KB of headers were otherwise kept twice), else the object itself.
 */
function storedHeaders(headers: Headers, lines: readonly RawHeader[]): string {
  return sameHeaders(headersOfLines(lines), headers) ? DERIVED_HEADERS : JSON.stringify(headers);
}

/** The request's header object and its lines as received (those of the object in rows logged before the lines were kept). */
function requestHeaders(r: ExchangeRow): { headers: Headers; rawHeaders: RawHeader[] } {
  if (r.request_headers === DERIVED_HEADERS && r.raw_headers !== null) {
    const rawHeaders = JSON.parse(r.raw_headers) as RawHeader[];
    return { headers: headersOfLines(rawHeaders), rawHeaders };
  }
  const headers = JSON.parse(r.request_headers) as Headers;
  return { headers, rawHeaders: r.raw_headers === null ? linesOfHeaders(headers) : (JSON.parse(r.raw_headers) as RawHeader[]) };
}
