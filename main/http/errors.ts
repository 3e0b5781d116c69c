import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BankError } from '../domain/errors';
import { RunError } from '../flows/runs/run-error';
import { validationText, type SchemaFailure } from '../../shared/control-api/validation-text';
import { CONTROL_PREFIX } from './control-operations';
import { idOfExchange } from './exchange-log';

/** The Berlin Group OpenAPI's `tppMessages[].text` is Max500Text: a client generated from it validates that. */
export const MAX_MESSAGE_TEXT = 500;

/**
 * A text within Max500Text. A longer one (a signature refusal with the bank's signing string) is cut,
 * and says where the whole of it is: the exchange in the log, whose diagnosis the Inspector shows.
 */
function max500Text(text: string, request: FastifyRequest): string {
  if (text.length <= MAX_MESSAGE_TEXT) return text;
  const id = idOfExchange(request);
  const where = id === null ? ' …' : ` … full diagnosis: GET ${CONTROL_PREFIX}/exchanges/${id}`;
  let end = MAX_MESSAGE_TEXT - where.length;
  // Never half of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return `${text.slice(0, end).trimEnd()}${where}`;
}

/** The headers a refusal carries beside its body: when to try again, which methods the path takes. */
export function errorHeaders(reply: FastifyReply, error: BankError): FastifyReply {
  if (error.retryAfterSeconds !== null) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error.allow !== null) reply.header('allow', error.allow.join(', '));
  return reply;
}

/** The one place where errors become response bodies: Berlin Group `tppMessages`, or RFC 6749 on the OAuth endpoints. */
export function sendError(reply: FastifyReply, error: BankError): FastifyReply {
  errorHeaders(reply, error);
  if (error.protocol === 'oauth') {
    if (error.status === 401) reply.header('www-authenticate', 'Basic realm="psd2-workbench", charset="UTF-8"');
    return reply.code(error.status).header('cache-control', 'no-store').type('application/json').send({ error: error.code, error_description: error.message });
  }
  // RFC 6750 section 3: a refused bearer token says so in the challenge, which generated clients read.
  if (error.code === 'TOKEN_INVALID') reply.header('www-authenticate', 'Bearer error="invalid_token"');
  return reply.code(error.status).type('application/json').send(berlinGroupBody(error, reply.request));
}

/** The Berlin Group error body of a refusal: one tppMessage per text, each within Max500Text. */
export function berlinGroupBody(error: BankError, request: FastifyRequest): { tppMessages: { category: 'ERROR'; code: string; text: string }[] } {
  return { tppMessages: [error.message, ...error.details].map((text) => ({ category: 'ERROR', code: error.code, text: max500Text(text, request) })) };
}

export const isOAuthPath = (url: string): boolean => /^\/[^/]+\/(oauth|sandboxauth)\/v1\//.test(url);

/**
 * Who the client is (certificate, signature, role) fails in the bank's own codes wherever it is checked;
 * on the OAuth endpoints the client is told in RFC 6749's terms, the bank's code kept in the description.
 */
const CLIENT_FAILURES: ReadonlySet<string> = new Set(['CERTIFICATE_INVALID', 'SIGNATURE_INVALID', 'SIGNATURE_MISSING', 'ROLE_INVALID', 'TOKEN_INVALID']);

function inProtocolOfPath(error: BankError, request: FastifyRequest): BankError {
  if (error.protocol === 'oauth' || !isOAuthPath(request.routeOptions.url ?? request.url)) return error;
  if (CLIENT_FAILURES.has(error.code)) return BankError.oauth('invalid_client', `${error.code}: ${error.message}`);
  if (error.code === 'FORMAT_ERROR') return BankError.oauth('invalid_request', error.message);
  return error;
}

/** A flow run's refusals: bad input, no such run, not in this phase. */
const RUN_ERRORS: Record<RunError['kind'], (text: string) => BankError> = {
  input: (text) => BankError.of('FORMAT_ERROR', text),
  unknown: (text) => BankError.of('RESOURCE_UNKNOWN', text),
  phase: (text) => BankError.of('STATUS_INVALID', text),
};

/** Fastify's own errors (a request its schema refuses, body too large, bad content length …) and bugs, in the protocol of the path. */
export function toBankError(error: FastifyError | Error, request: FastifyRequest): BankError {
  if (error instanceof BankError) return inProtocolOfPath(error, request);
  if (error instanceof RunError) return RUN_ERRORS[error.kind](error.message);
  const refused = (error as FastifyError).validation;
  if (refused !== undefined) {
    const part = (error as FastifyError).validationContext;
    return BankError.of(
      'FORMAT_ERROR',
      validationText(part === 'querystring' ? 'query' : part === 'params' ? 'path' : (part ?? 'request'), refused as unknown as SchemaFailure[]),
    );
  }
  const oauth = isOAuthPath(request.routeOptions.url ?? request.url);
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const text = error.message;
    if (oauth) return BankError.oauth('invalid_request', text);
    return BankError.of('FORMAT_ERROR', text, status === 413 ? 413 : 400);
  }
  // The server runs without a logger (every exchange is in the traffic log); a fault has no exchange to explain it, so it goes to stderr.
  console.error(`PSD2 Workbench: ${request.method} ${request.url.split('?')[0] ?? ''} failed unexpectedly:`, error);
  return BankError.of('INTERNAL_SERVER_ERROR', 'the simulator failed unexpectedly; the request changed nothing');
}
