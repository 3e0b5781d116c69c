// The request limits docs/tpp-developers.md#choices-where-the-spec-says-not-shown states, each refused in the bank's shape (tppMessages) rather than
// by Node or Fastify in theirs: too many header lines, a header block or URL too long, a path
// parameter too long, a body too large (Node reads on past the refusal, so even a client still
// sending 50 MiB reads the 413: test/api/request-limits.test.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { BankError } from '../domain/errors';
import { sendError } from './errors';

/** Header lines a request may carry (each line counts, a header sent twice twice). */
export const MAX_HEADER_LINES = 100;
/** The header block, request line included (Node's own bound, answered 431 below). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** The request target: path and query. */
export const MAX_URL_BYTES = 8 * 1024;
/** Request bodies; a pain.001 bulk of 10,000 transactions with addresses and remittance fits. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** An idle keep-alive connection is closed after this long; a request must arrive whole within REQUEST_TIMEOUT_MS. */
export const IDLE_TIMEOUT_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** A path parameter (an identifier) longer than this is refused 414. */
export const MAX_PARAM_LENGTH = 200;

const tooLong = (error: BankError): string => {
  const body = JSON.stringify({ tppMessages: [{ category: 'ERROR', code: error.code, text: error.message }] });
  const reason = error.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  return `HTTP/1.1 ${error.status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
};

/** Fastify's server options for the limits; `clientErrorHandler` answers what Node refuses before any request exists. */
export const limitOptions = {
  bodyLimit: BODY_LIMIT_BYTES,
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: IDLE_TIMEOUT_MS,
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
    if (!socket.writable) return;
    const refusal =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? BankError.of('FORMAT_ERROR', `the request's header block is over ${MAX_HEADER_BYTES / 1024} KiB`, 431)
        : BankError.of('FORMAT_ERROR', `the request could not be read as HTTP/1.1 (${error.code ?? error.message})`, 400);
    socket.end(tooLong(refusal));
  },
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
    const refusal =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? BankError.of('FORMAT_ERROR', `a path parameter is longer than ${MAX_PARAM_LENGTH} characters: no identifier of this bank is`, 414)
        : BankError.of('FORMAT_ERROR', `the request path could not be read (${error.message})`, 400);
    void sendError(reply, refusal);
  },
};

/** First of the hooks: the header lines and the URL, before anything else looks at the request. */
export function requestLimits(app: FastifyInstance): void {
  // Node keeps at most maxHeadersCount lines and drops the rest unseen: one more shows there were too many.
  app.server.maxHeadersCount = MAX_HEADER_LINES + 1;
  // A callback, not an async function: it runs on every request, and a promise per hook costs more than its checks.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.rawHeaders.length / 2 > MAX_HEADER_LINES)
      return done(BankError.of('FORMAT_ERROR', `a request may carry at most ${MAX_HEADER_LINES} header lines`, 431));
    if (Buffer.byteLength(request.url) > MAX_URL_BYTES)
      return done(BankError.of('FORMAT_ERROR', `the request's path and query are over ${MAX_URL_BYTES / 1024} KiB`, 414));
    done();
  });
}
