import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BankError } from '../domain/errors';

/** The one place where errors become response bodies: Berlin Group `tppMessages`, or RFC 6749 on the OAuth endpoints. */
export function sendError(reply: FastifyReply, error: BankError): FastifyReply {
  if (error.retryAfterSeconds !== null) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error.protocol === 'oauth') {
    if (error.status === 401) reply.header('www-authenticate', 'Basic realm="psd2-workbench", charset="UTF-8"');
    return reply
      .code(error.status)
      .header('cache-control', 'no-store')
      .type('application/json')
      .send({ error: error.code, error_description: error.message });
  }
  return reply
    .code(error.status)
    .type('application/json')
    .send({ tppMessages: [error.message, ...error.details].map((text) => ({ category: 'ERROR', code: error.code, text })) });
}

const isOAuthPath = (url: string): boolean => /^\/[^/]+\/(oauth|sandboxauth)\/v1\//.test(url);

/** Fastify's own errors (body too large, bad content length …) and bugs, in the protocol of the path. */
export function toBankError(error: FastifyError | Error, request: FastifyRequest): BankError {
  if (error instanceof BankError) return error;
  const oauth = isOAuthPath(request.url);
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const text = error.message;
    if (oauth) return BankError.oauth('invalid_request', text);
    return BankError.of('FORMAT_ERROR', text, status === 413 ? 413 : 400);
  }
  request.log.error(error);
  return BankError.of('INTERNAL_SERVER_ERROR', 'the simulator failed unexpectedly; the request changed nothing');
}
