// Faults on demand at the HTTP edge (docs/testing-your-tpp.md): the fault rules (services/faults) pick a
// request's fault; here it is applied. `before`: a delay, then the error answered in place of the route
// (the bank changes nothing); `after`: the route runs and the bank acts, then the delay and the error
// replace its answer. A dribble sends the real answer in pieces. Every faulted answer says so in the
// header PSD2-Workbench-Fault, which the traffic log keeps with the exchange.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { BankError, type BerlinGroupCode } from '../domain/errors';
import type { FiredFault } from '../domain/faults/rule';
import type { Services } from '../services';
import { berlinGroupBody, errorHeaders } from './errors';
import { decodedPath, operationOfRequest } from './route-operations';
import { logExchange } from './exchange-log';

declare module 'fastify' {
  interface FastifyRequest {
    /** The fault a rule gave this request, if any. */
    fault?: FiredFault;
  }
}

export const FAULT_HEADER = 'psd2-workbench-fault';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The error a status fault answers with, in the Berlin Group shape. */
function faultError(fault: FiredFault): BankError | null {
  const { action } = fault;
  if (!('status' in action)) return null;
  const code = (action.code ?? (action.status === 429 ? 'TOO_MANY_REQUESTS' : 'INTERNAL_SERVER_ERROR')) as BerlinGroupCode;
  const why = fault.text ?? `the bank answers ${action.status} on purpose`;
  const error = BankError.of(code, `fault rule ${fault.ruleId}: ${why} (POST /simulator/v1/faults)`, action.status);
  return action.retryAfter === undefined ? error : error.withRetryAfter(action.retryAfter);
}

/** A preHandler, first of a bank route's: picks the request's fault and applies what comes before the route. */
export function faultBeforeRoute(services: Services): preHandlerHookHandler {
  return (request, reply, done) => {
    // No rule (the usual case): nothing to work out, not even the operation or the TPP.
    if (request.exchange === null || !services.faults.any()) return done();
    const tppId = request.tppId ?? services.signatures.tokenHolder(request.headers.authorization) ?? null;
    const fault = services.faults.forRequest({
      operation: operationOfRequest(request),
      institution: request.exchange.institution,
      tppId,
      method: request.method,
      path: decodedPath(request),
    });
    if (fault === null) return done();
    request.fault = fault;
    // The log names the token's holder even when the fault answers before the bank looked: the conduct report judges that TPP's next move.
    if (tppId !== null) request.tppId ??= tppId;
    reply.header(FAULT_HEADER, `rule ${fault.ruleId}: ${fault.description}`);
    const { action } = fault;
    // A partial answer cuts the bank's own: it comes after the route like `after`.
    if (fault.when === 'after' || ('drop' in action && action.drop === 'partial')) return done();
    if ('drop' in action) {
      reply.hijack();
      dropConnection(services, request, reply, action.drop);
      return done();
    }
    const error = faultError(fault);
    if (fault.delayMs === 0) return done(error ?? undefined);
    setTimeout(() => done(error ?? undefined), fault.delayMs);
  };
}

/** Before the log's onSend: an `after` fault's delay and error (or dropped connection) replace the answer the route gave, and the log keeps that. */
const faultAfterRoute =
  (services: Services): onSendHookHandler =>
  (request, reply, payload, done) => {
    const fault = request.fault;
    if (fault === undefined) return done(null, payload);
    const { action } = fault;
    if ('drop' in action) {
      // Dropped after the bank acted: done is never called, Fastify writes nothing more to the closed connection.
      if (action.drop === 'partial') return partialAnswer(services, request, reply, payload);
      if (fault.when === 'after') return dropConnection(services, request, reply, action.drop);
    }
    if (fault.when !== 'after') return done(null, payload);
    const answer = (): void => {
      const error = faultError(fault);
      if (error === null) return done(null, payload);
      errorHeaders(reply, error).code(error.status).type('application/json');
      done(null, JSON.stringify(berlinGroupBody(error, request)));
    };
    if (fault.delayMs === 0) answer();
    else void sleep(fault.delayMs).then(answer);
  };

/** The connection closed with no answer (reset: a TCP RST), logged as an exchange answered with status 0. */
function dropConnection(services: Services, request: FastifyRequest, reply: FastifyReply, kind: 'reset' | 'empty' | 'partial'): void {
  logExchange(services, request, 0, { [FAULT_HEADER]: String(reply.getHeader(FAULT_HEADER) ?? '') });
  // Logged once: a write to the closed socket must not log it again.
  request.exchange = null;
  const socket = request.raw.socket;
  if (kind === 'reset') socket.resetAndDestroy();
  else socket.destroy();
}

/** The answer's status line, headers (its whole Content-Length) and half its body, then the connection closed. */
function partialAnswer(services: Services, request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : Buffer.alloc(0);
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  if (request.exchange !== null) request.exchange.payload = half;
  const headers = { ...(reply.getHeaders() as Record<string, string | string[]>), 'content-length': String(bytes.length) };
  logExchange(services, request, reply.statusCode, headers);
  request.exchange = null;
  reply.hijack();
  reply.raw.writeHead(reply.statusCode, headers);
  reply.raw.write(half, () => request.raw.socket.destroy());
}

/** After the log's onSend (which keeps the whole body): a dribble sends it in pieces, evenly over its time. */
const faultDribble: onSendHookHandler = (request, _reply: FastifyReply, payload, done) => {
  const action = request.fault?.action;
  if (action === undefined || !('dribbleMs' in action) || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
  const bytes = Buffer.from(payload);
  const pieces = Math.max(1, Math.min(bytes.length, 20));
  const size = Math.ceil(bytes.length / pieces);
  let sent = 0;
  const stream = new Readable({ read() {} });
  const next = (): void => {
    if (sent >= bytes.length) {
      stream.push(null);
      return;
    }
    stream.push(bytes.subarray(sent, sent + size));
    sent += size;
    setTimeout(next, action.dribbleMs / pieces);
  };
  next();
  done(null, stream);
};

/** The onSend hooks, in their places around the traffic log's (server.ts). */
export const faultAnswerHooks = (services: Services): { beforeLog: onSendHookHandler; afterLog: onSendHookHandler } => ({
  beforeLog: faultAfterRoute(services),
  afterLog: faultDribble,
});
