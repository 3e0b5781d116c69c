import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignatureDiagnosis } from '../domain/signing/verify';
import type { Services } from '../services';
import { resourceOfExchange } from './exchange-resource';
import { headersOfLines } from '../domain/headers/header-lines';
import { readRefusedHead, type RefusedRequest } from '../domain/headers/parser-refusal';
import { signedOperationFor } from '../domain/operations/registry';
import { refusedBeforeSignature } from '../domain/signing/refused-before';

declare module 'fastify' {
  interface FastifyRequest {
    /** The TPP identity, once a token or certificate has told it. */
    tppId?: string;
    /** The signature diagnosis of a signed operation, for the Inspector. */
    signatureDiagnosis?: SignatureDiagnosis;
    /** A bank exchange being answered, as the log will record it; null for every other request. */
    exchange: ExchangeInFlight | null;
  }
}

/** What the log knows of a bank exchange before it is answered, and the body it was answered with. */
export interface ExchangeInFlight {
  institution: string | null;
  startedAt: Date;
  simulatedAt: Date;
  /** performance.now() on arrival, for the duration. */
  startedMs: number;
  payload: Buffer | null;
  /** Its id in the log once an answer links to it (idOfExchange); null: given when logged. */
  id: number | null;
  reserveId: () => number;
}

/** The log's id for the bank exchange being answered, reserved now; null for traffic the log does not keep. */
export function idOfExchange(request: FastifyRequest): number | null {
  const exchange = request.exchange;
  if (exchange === null) return null;
  exchange.id ??= exchange.reserveId();
  return exchange.id;
}

/**
 * The bank's traffic, not the control API, the UI's files or an open SCA page following its journey,
 * goes to the log (so polling never floods it): the path's first segments tell, and name the institution.
 */
const BANK_TRAFFIC = /^\/(?!simulator\/|sca\/[^/?]+\/status(?:\?|$))(?:([a-z]+)\/(?:berlingroup|oauth|sandboxauth|sandbox)\/|sca\/)/;
/** The same, of a route as registered (`/:institution/berlingroup/v1/consents`). */
const BANK_ROUTE = /^\/(?:(?::institution|[a-z]+)\/(?:berlingroup|oauth|sandboxauth|sandbox)\/|sca\/:journeyId$)/;
const bankRoutes = new Map<string, boolean>();

/**
 * Null when the request is not the bank's traffic; else the institution it names (none for the SCA
 * pages). Told by the route the router matched, as every decision on a path is (local-safety.ts):
 * `/%66rankfurt/berlingroup/v1/consents` reaches the consent route and is logged as such. A request
 * no route matched is told by its path as sent: a mistyped bank path is logged with its 404.
 */
export function bankTrafficOf(request: FastifyRequest): { institution: string | null } | null {
  const route = request.routeOptions.url;
  if (route === undefined) {
    const match = BANK_TRAFFIC.exec(request.url);
    return match === null ? null : { institution: match[1] ?? null };
  }
  let isBank = bankRoutes.get(route);
  if (isBank === undefined) {
    isBank = BANK_ROUTE.test(route);
    bankRoutes.set(route, isBank);
  }
  return isBank ? { institution: (request.params as { institution?: string }).institution ?? null } : null;
}

/**
 * A request Node's HTTP parser refused (limits.ts), logged as an exchange when its request line names the
 * bank's traffic: the headers as far as they read, the bytes the parser read, its code, the offending byte and
 * its header, and the 400 sent. The TPP is the one its bearer token was issued to, as for a pasted request.
 */
export function logRefusedRequest(services: Services, refused: RefusedRequest): void {
  const { refusal } = refused;
  const head = readRefusedHead(refusal.bytes);
  if (head === null) return;
  // An absolute-form target (RFC 9112) is told by its path, as local-safety.ts reads it.
  const path = /^https?:\/\/[^/]*/i.test(head.target) ? head.target.replace(/^https?:\/\/[^/]*/i, '') || '/' : head.target;
  const traffic = BANK_TRAFFIC.exec(path);
  if (traffic === null) return;
  const headers = headersOfLines(head.lines);
  const tppId = services.signatures.tokenHolder(headers.authorization);
  const body = head.body === null || head.body.length === 0 ? null : head.body;
  // A signed operation refused before its signature was checked tells that story, as any early refusal does (refused-before-signature.ts).
  const operation = signedOperationFor(head.method, path);
  const sent =
    operation === null
      ? null
      : services.signatures.diagnose(operation, { headers, body: body ?? Buffer.alloc(0), requestTarget: { method: head.method, path } }, tppId);
  const now = new Date();
  services.exchangeLog.record({
    timing: { startedAt: now, simulatedAt: services.clock.now(), durationMs: 0 },
    parties: { institution: traffic[1] ?? null, tppId: tppId ?? null, resourceId: null },
    request: { method: head.method, url: path, headers, rawHeaders: head.lines, body },
    response: { status: refused.status, headers: refused.responseHeaders, body: refused.responseBody },
    signature: sent === null ? null : refusedBeforeSignature(sent, { code: refused.code, status: refused.status, text: refusal.text }),
    refusal,
  });
}

/**
 * Records every bank exchange: request, response, timing, the TPP and the institution. The hooks take
 * callbacks rather than promises: they run on every request the server answers, the control API's too.
 * Returns what starts an exchange, for the one hook that tells bank traffic on arrival (server.ts).
 */
export function recordExchanges(app: FastifyInstance, services: Services): (request: FastifyRequest, institution: string | null) => void {
  app.decorateRequest('exchange', null);

  app.addHook('onSend', (request, _reply, payload, done) => {
    const exchange = request.exchange;
    if (exchange === null) return done(null, payload);
    // The bytes the log keeps are the ones sent: encoded once here, not again by Fastify from the string.
    if (typeof payload === 'string') exchange.payload = Buffer.from(payload, 'utf8');
    else if (Buffer.isBuffer(payload)) exchange.payload = payload;
    done(null, exchange.payload ?? payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (request.exchange !== null) logExchange(services, request, reply.statusCode, reply.getHeaders() as Record<string, string | string[]>);
    done();
  });

  const reserveId = (): number => services.exchangeLog.reserveId();
  return (request, institution) => {
    request.exchange = {
      institution,
      startedAt: new Date(),
      simulatedAt: services.clock.now(),
      startedMs: performance.now(),
      payload: null,
      id: null,
      reserveId,
    };
  };
}

/**
 * One bank exchange into the log, as answered: `status` 0 where no answer went out (a fault rule dropped the
 * connection, http/faults.ts), with the headers the answer would have had and the bytes that did go out. Only
 * what the request already holds is handed over, by reference: the log makes the record (the header lines as
 * pairs, the resource a creation's answer names, which means parsing it) when it writes its batch, off this path.
 */
export function logExchange(services: Services, request: FastifyRequest, status: number, headers: Record<string, string | string[]>): void {
  const exchange = request.exchange;
  if (exchange === null) return;
  const { method, url, params, query } = request;
  const responseBody = exchange.payload;
  // The journey an SCA page serves is looked up now: a reset before the batch is written would take it away.
  const journeyId = (params as { journeyId?: unknown } | undefined)?.journeyId;
  const journeyResource = typeof journeyId === 'string' ? services.exchangeLog.journeyResource(journeyId) : undefined;
  services.exchangeLog.capture({
    id: exchange.id,
    startedAt: exchange.startedAt,
    simulatedAt: exchange.simulatedAt,
    durationMs: performance.now() - exchange.startedMs,
    institution: exchange.institution,
    tppId: request.tppId ?? null,
    resourceOf: () => resourceOfExchange({ method, url, params, query, status, responseBody }, () => journeyResource),
    method,
    url,
    headers: request.headers as Record<string, string | string[]>,
    rawHeaders: request.raw.rawHeaders,
    body: Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : null,
    status,
    responseHeaders: headers,
    responseBody,
    signature: request.signatureDiagnosis ?? null,
    faultRule: request.fault?.ruleId ?? null,
  });
}
