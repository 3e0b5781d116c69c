// The request limits docs/tpp-developers.md#choices-where-the-spec-says-not-shown states, each refused in the bank's shape (tppMessages) rather than
// by Node or Fastify in theirs: too many header lines, a header block or URL too long, a path
// parameter too long, a body too large (Node reads on past the refusal, so even a client still
// sending 50 MiB reads the 413: test/api/request-limits.test.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { BankError } from '../domain/errors';
import { locateRefusal, refusalWords, type RefusedRequest } from '../domain/headers/parser-refusal';
import { sendError } from './errors';

/** Header lines a request may carry (each line counts, a header sent twice twice). */
export const MAX_HEADER_LINES = 100;
/** The header block, request line included (Node's own bound, answered 431 below). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** The request target: path and query. */
export const MAX_URL_BYTES = 8 * 1024;
/** Request bodies; a pain.001 bulk of 10,000 transactions with addresses and remittance fits. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/**
 * How long a connection may keep the server waiting (docs/tpp-developers.md#choices-where-the-spec-says-not-shown):
 * a request's header block must arrive within `headersMs` of its first byte (of the connection, for
 * the first request), its body within `bodyMs` of the header block, and a keep-alive connection is
 * closed after `idleMs` without a request. Tests pass shorter ones (SimulatorOptions.connectionTimeouts).
 */
export interface ConnectionTimeouts {
  headersMs: number;
  bodyMs: number;
  idleMs: number;
}
export const CONNECTION_TIMEOUTS: ConnectionTimeouts = { headersMs: 30_000, bodyMs: 30_000, idleMs: 30_000 };
/** A path parameter (an identifier) longer than this is refused 414. */
export const MAX_PARAM_LENGTH = 200;

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/** The headers and body of a refusal written straight to the socket (Berlin Group tppMessages). */
function refusalAnswer(error: BankError): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ tppMessages: [{ category: 'ERROR', code: error.code, text: error.message }] });
  return { headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), connection: 'close' }, body };
}

/** A refusal written straight to the socket, where no request (or no reply) exists to answer through; the connection closes. */
const rawRefusal = (error: BankError): string => {
  const { headers, body } = refusalAnswer(error);
  return `HTTP/1.1 ${error.status} ${REASONS[error.status] ?? 'Bad Request'}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${headers['content-length']}\r\nConnection: close\r\n\r\n${body}`;
};

/** Node's error for what its parser refused: the bytes it was reading and where in them it stopped (Fastify's type says otherwise). */
type ParserError = NodeJS.ErrnoException & { rawPacket?: unknown; bytesParsed?: unknown };

const packetOf = (error: ParserError): Buffer | undefined => (Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined);

/**
 * Node counts the request line into its header bound: a block overflowing before its first line ends
 * (or whose first line is over the URL's bound) overflowed with its URL, 414 like a URL just over 8 KiB.
 */
function headerOverflow(error: ParserError): BankError {
  const packet = packetOf(error);
  const lineEnd = packet === undefined ? 0 : packet.indexOf('\n');
  if (packet !== undefined && (lineEnd < 0 || lineEnd > MAX_URL_BYTES))
    return BankError.of('FORMAT_ERROR', `the request's path and query are over ${MAX_URL_BYTES / 1024} KiB`, 414);
  return BankError.of('FORMAT_ERROR', `the request's header block is over ${MAX_HEADER_BYTES / 1024} KiB`, 431);
}

const seconds = (ms: number): string => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

/**
 * Fastify's server options for the limits; `clientErrorHandler` answers what Node refuses before any request exists,
 * and hands what its parser refused, with the answer, to `refused` (the traffic log: docs/qa.md#signature-diagnosis).
 */
export function limitOptions(timeouts: ConnectionTimeouts = CONNECTION_TIMEOUTS, refused?: (request: RefusedRequest) => void) {
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Node's own whole-request bound stays as a backstop; it does not end a body that trickles (bodyDeadline below does).
    requestTimeout: timeouts.headersMs + timeouts.bodyMs,
    keepAliveTimeout: timeouts.idleMs,
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      // A request without Host is answered by local-safety.ts in the bank's shape, not by Node's bare 400.
      requireHostHeader: false,
      headersTimeout: timeouts.headersMs,
      // Node looks for late header blocks this often (its default, 30 s, let one wait up to 60 s).
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(timeouts.headersMs / 10))),
    },
    clientErrorHandler(error: ParserError, socket: Socket): void {
      if (!socket.writable) return;
      const code = error.code ?? error.message;
      const packet = packetOf(error);
      const parsed = typeof error.bytesParsed === 'number' ? error.bytesParsed : undefined;
      // The byte the parser stopped at and its header, from the bytes it was reading: said in the one wording Diagnose uses too.
      const located = code.startsWith('HPE_') && packet !== undefined ? locateRefusal(code, packet, parsed) : null;
      const refusal =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? headerOverflow(error)
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? BankError.of('FORMAT_ERROR', `the request's header block did not arrive within ${seconds(timeouts.headersMs)}`, 408)
            : BankError.of('FORMAT_ERROR', refusalWords(located ?? { code, byte: null, place: null }), 400);
      socket.end(rawRefusal(refusal));
      if (located === null || packet === undefined || refused === undefined) return;
      const { headers, body } = refusalAnswer(refusal);
      const header = located.place?.in === 'value' ? located.place.header : null;
      refused({
        // The head can be no longer than MAX_HEADER_BYTES: what the packet holds beyond it is body, not what was refused.
        refusal: {
          code,
          text: refusal.message,
          offset: located.offset,
          header,
          bytes: Buffer.from(packet.subarray(0, Math.max(MAX_HEADER_BYTES, (located.offset ?? 0) + 1))),
        },
        code: refusal.code,
        status: refusal.status,
        responseHeaders: headers,
        responseBody: Buffer.from(body, 'utf8'),
      });
    },
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
      const refusal =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? BankError.of('FORMAT_ERROR', `a path parameter is longer than ${MAX_PARAM_LENGTH} characters: no identifier of this bank is`, 414)
          : BankError.of('FORMAT_ERROR', `the request path could not be read (${error.message})`, 400);
      void sendError(reply, refusal);
    },
  };
}

/**
 * A body must arrive within `ms` of its header block: a client that trickles one byte at a time
 * would otherwise hold its connection for ever. Only requests that announce a body get a timer.
 */
function bodyDeadline(server: Server, ms: number): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return;
    if (request.complete) return;
    const timer = setTimeout(() => {
      const socket = request.socket;
      if (response.headersSent) socket.destroy();
      else socket.end(rawRefusal(BankError.of('FORMAT_ERROR', `the request's body did not arrive within ${seconds(ms)} of its header block`, 408)));
    }, ms);
    const done = (): void => clearTimeout(timer);
    request.once('end', done);
    request.once('close', done);
  });
}

/** First of the hooks: the header lines and the URL, before anything else looks at the request. */
export function requestLimits(app: FastifyInstance, timeouts: ConnectionTimeouts = CONNECTION_TIMEOUTS): void {
  bodyDeadline(app.server, timeouts.bodyMs);
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
