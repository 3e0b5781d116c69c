import type { FastifyReply, FastifyRequest, onResponseHookHandler, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { Services } from '../services';
import { rawBody } from './body';

/** What is known of a decision while it is answered. */
interface DecisionInFlight {
  startedMs: number;
  simulatedAt: Date;
  payload: string | null;
}

const inFlight = new WeakMap<FastifyRequest, DecisionInFlight>();

/** The control API's own credentials never travel on with the decision (into runs, their files and HAR). */
const CREDENTIALS: ReadonlySet<string> = new Set(['authorization', 'cookie']);
const withoutCredentials = (headers: FastifyRequest['headers']): Record<string, string | string[]> =>
  Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined && !CREDENTIALS.has(entry[0].toLowerCase())),
  );

const bodyText = (body: unknown): string | null =>
  Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : body === undefined || body === null ? null : JSON.stringify(body);

/** The decision's body as the PSU's app sent it, byte for byte (not the value parsed from it). */
const sentText = (request: FastifyRequest): string | null => {
  const bytes = rawBody(request);
  return bytes.length === 0 ? null : bytes.toString('utf8');
};

/**
 * The route hooks of POST /simulator/v1/sca/{id} that keep the exchange a PSU decided in, as answered
 * (headers, body, timing): the control API is not the bank's traffic, so the log does not hold it.
 */
export function decisionHooks(services: Services): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler; onResponse: onResponseHookHandler } {
  return {
    preHandler: (request, _reply, done) => {
      inFlight.set(request, { startedMs: performance.now(), simulatedAt: services.clock.now(), payload: null });
      done();
    },
    onSend: (request, _reply, payload, done) => {
      const decision = inFlight.get(request);
      if (decision) decision.payload = bodyText(payload);
      done(null, payload);
    },
    onResponse: (request: FastifyRequest, reply: FastifyReply, done) => {
      const decision = inFlight.get(request);
      if (decision && reply.statusCode === 200) {
        const { journeyId } = request.params as { journeyId: string };
        services.sca.keepDecision(journeyId, {
          request: { method: request.method, url: request.url, headers: withoutCredentials(request.headers), body: sentText(request) },
          response: { status: reply.statusCode, headers: reply.getHeaders() as Record<string, string | string[]>, body: decision.payload ?? '' },
          at: decision.simulatedAt,
          durationMs: performance.now() - decision.startedMs,
        });
      }
      done();
    },
  };
}
