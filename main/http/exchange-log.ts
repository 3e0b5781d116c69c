import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignatureDiagnosis } from '../domain/signing/verify';
import type { Services } from '../services';
import { resourceOfExchange } from './exchange-resource';

declare module 'fastify' {
  interface FastifyRequest {
    /** The TPP identity, once a token or certificate has told it. */
    tppId?: string;
    /** The signature diagnosis of a signed operation, for the Inspector. */
    signatureDiagnosis?: SignatureDiagnosis;
  }
}

interface Timing {
  startedAt: Date;
  simulatedAt: Date;
  hr: bigint;
  payload: Buffer | null;
}

const timings = new WeakMap<FastifyRequest, Timing>();

/**
 * The bank's traffic, not the control API, the UI's files or an open SCA page following its journey,
 * goes to the log (so polling never floods it).
 */
export const isBankTraffic = (url: string): boolean =>
  !url.startsWith('/simulator/') && /^\/(sca|[a-z]+\/(berlingroup|oauth|sandboxauth|sandbox))\//.test(url) && !/^\/sca\/[^/?]+\/status(\?|$)/.test(url);

/** Records every bank exchange: request, response, timing, the TPP and the institution. */
export function recordExchanges(app: FastifyInstance, services: Services): void {
  app.addHook('onRequest', async (request) => {
    if (!isBankTraffic(request.url)) return;
    timings.set(request, { startedAt: new Date(), simulatedAt: services.clock.now(), hr: process.hrtime.bigint(), payload: null });
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    const timing = timings.get(request);
    if (timing) {
      if (typeof payload === 'string') timing.payload = Buffer.from(payload, 'utf8');
      else if (Buffer.isBuffer(payload)) timing.payload = payload;
    }
    return payload;
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const timing = timings.get(request);
    if (!timing) return;
    const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : null;
    const institution = /^\/([a-z]+)\/(berlingroup|oauth|sandboxauth|sandbox)\//.exec(request.url)?.[1] ?? null;
    const resourceId = resourceOfExchange(
      { method: request.method, url: request.url, params: request.params, query: request.query, status: reply.statusCode, responseBody: timing.payload },
      (journeyId) => services.exchangeLog.journeyResource(journeyId),
    );
    services.exchangeLog.record({
      timing: { startedAt: timing.startedAt, simulatedAt: timing.simulatedAt, durationMs: Number(process.hrtime.bigint() - timing.hr) / 1e6 },
      parties: { institution, tppId: request.tppId ?? null, resourceId },
      request: { method: request.method, url: request.url, headers: request.headers as Record<string, string | string[]>, body },
      response: { status: reply.statusCode, headers: reply.getHeaders() as Record<string, string | string[]>, body: timing.payload },
      signature: request.signatureDiagnosis ?? null,
    });
  });
}
