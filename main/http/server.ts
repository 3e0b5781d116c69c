import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerOptions as HttpsServerOptions } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { BankError } from '../domain/errors';
import type { Services } from '../services';
import { sendError, toBankError } from './errors';
import { noteRefusedBeforeSignature } from './refused-before-signature';
import { bankTrafficOf, logRefusedRequest, recordExchanges } from './exchange-log';
import { CONNECTION_TIMEOUTS, limitOptions, requestLimits, type ConnectionTimeouts } from './limits';
import { localSafety, type LocalSafetyOptions } from './local-safety';
import { lazySerializers } from './lazy-serializer';
import { consentRoutes } from './routes/consents';
import { controlRoutes, type ControlOptions } from './routes/control';
import { oauthRoutes } from './routes/oauth';
import { scaPageRoutes } from './routes/sca-page';
import { uiRoutes } from './routes/ui';
import { signatureUtilityRoutes } from './routes/signature-utilities';
import { paymentRoutes } from './routes/payments';
import { signingBasketRoutes } from './routes/signing-baskets';
import { fundsConfirmationRoutes } from './routes/funds-confirmations';
import { accountRoutes } from './routes/accounts';
import { trackRoutes } from './method-not-allowed';
import { requireHeaders } from '../domain/headers/require';
import { refuseRepeatedHeaders } from './signature';
import { faultAnswerHooks, faultBeforeRoute } from './faults';
import { isBankOperationRoute } from './route-operations';

/** Berlin Group operations, as registered: every one needs X-Request-ID, reads included (NextGenPSD2 v1.3). */
const isBerlinGroupRoute = (routeUrl: string): boolean => routeUrl.startsWith('/:institution/berlingroup/v1/');

/** A preHandler: the body is read by then. */
const requireRequestId = (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
  requireHeaders(request.headers, ['x-request-id']);
  done();
};

export interface ServerOptions extends ControlOptions {
  /** The Host names answered and the origin writes may come from (local-safety.ts). */
  safety: Omit<LocalSafetyOptions, 'tls'>;
  uiRoot?: string | undefined;
  /** Mutual TLS (`--tls`): the server's key and certificate and the CAs client certificates must come from. */
  tls?: { key: string; cert: string; ca: string } | undefined;
  /** How long a slow or idle connection may wait (limits.ts); the documented ones when absent. */
  timeouts?: ConnectionTimeouts | undefined;
}

export function buildServer(services: Services, options: ServerOptions): FastifyInstance {
  const timeouts = options.timeouts ?? CONNECTION_TIMEOUTS;
  const app = Fastify({
    // The client certificate is asked for but judged per request on the simulated clock and per institution
    // (an expired or foreign QWAC gets a Berlin Group CERTIFICATE_INVALID); no certificate at all is refused below.
    ...(options.tls ? { https: { ...options.tls, requestCert: true, rejectUnauthorized: false } } : {}),
    logger: false,
    ...limitOptions(timeouts, (refused) => logRefusedRequest(services, refused)),
    return503OnClosing: true,
    // Open event streams (a UI) must not hold a stopping simulator open.
    forceCloseConnections: true,
    schemaController: lazySerializers,
  });

  if (options.tls) {
    app.server.on('secureConnection', (socket: TLSSocket) => {
      if (!socket.getPeerCertificate()?.raw) socket.destroy();
    });
  }

  requestLimits(app, timeouts);
  localSafety(app, { ...options.safety, tls: options.tls !== undefined });
  keepBodyBytes(app);
  bankTrafficHandling(app, services);

  consentRoutes(app, services);
  oauthRoutes(app, services);
  scaPageRoutes(app, services);
  signatureUtilityRoutes(app, services);
  paymentRoutes(app, services);
  signingBasketRoutes(app, services);
  fundsConfirmationRoutes(app, services);
  accountRoutes(app, services);
  controlRoutes(app, services, options);
  if (options.uiRoot) uiRoutes(app, options.uiRoot);
  return app;
}

/**
 * Under --tls, the bank's PSU-facing pages on an origin of their own that asks the PSU's browser for
 * no client certificate (the TPP's QWAC is not the PSU's to present): /sca/** and nothing else.
 */
export function buildPsuPagesServer(
  services: Services,
  tls: { key: string; cert: string },
  safety: Omit<LocalSafetyOptions, 'tls'>,
  timeouts: ConnectionTimeouts = CONNECTION_TIMEOUTS,
): FastifyInstance {
  const app = Fastify({
    ...psuPagesHttps(tls),
    logger: false,
    ...limitOptions(timeouts, (refused) => logRefusedRequest(services, refused)),
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    forceCloseConnections: true,
  });
  requestLimits(app, timeouts);
  localSafety(app, { ...safety, tls: true });
  bankTrafficHandling(app, services);
  scaPageRoutes(app, services);
  return app;
}

/** No client certificate asked for. (Typed as optional: Fastify's types would take a literal `https` for HTTP/2.) */
const psuPagesHttps = (tls: { key: string; cert: string }): { https?: HttpsServerOptions } => ({ https: { key: tls.key, cert: tls.cert, requestCert: false } });

/** Every body is kept as the exact bytes received: Digest is computed over them, and each route parses for itself. */
function keepBodyBytes(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/**
 * The log, the echoed X-Request-ID and the one mapping of errors to Berlin Group bodies. Time-driven moves
 * are not settled here but by the lifecycle timer at their due moment (services/clock/lifecycle-timer.ts).
 */
function bankTrafficHandling(app: FastifyInstance, services: Services): void {
  // An `after` fault's answer before the log's onSend, so the log keeps it; a dribble after, on the kept bytes.
  const faultAnswers = faultAnswerHooks(services);
  app.addHook('onSend', faultAnswers.beforeLog);
  const startExchange = recordExchanges(app, services);
  app.addHook('onSend', faultAnswers.afterLog);
  const faultBefore = faultBeforeRoute(services);

  // The one look at the URL: whether this is the bank's traffic (kept on the request for the log's later hooks).
  app.addHook('onRequest', (request, reply, done) => {
    const traffic = bankTrafficOf(request);
    if (traffic !== null) {
      startExchange(request, traffic.institution);
      const requestId = request.headers['x-request-id'];
      if (typeof requestId === 'string' && requestId.length <= 100) reply.header('x-request-id', requestId);
    }
    done();
  });
  // On the Berlin Group routes only (Fastify runs onRoute for its automatic HEAD routes too), after the body
  // is read, so a refused request still shows its body in the Inspector.
  app.addHook('onRoute', (route) => {
    const existing = [route.preHandler ?? []].flat();
    if (isBerlinGroupRoute(route.url)) route.preHandler = [faultBefore, refuseRepeatedHeaders(services), requireRequestId, ...existing];
    else if (isBankOperationRoute([route.method].flat()[0] ?? '', route.url)) route.preHandler = [faultBefore, ...existing];
  });

  app.setErrorHandler((error, request, reply) => {
    const refusal = toBankError(error as Error, request);
    noteRefusedBeforeSignature(request, services, refusal);
    return sendError(reply, refusal);
  });
  const wrongMethod = trackRoutes(app);
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      wrongMethod(request) ?? BankError.of('RESOURCE_UNKNOWN', `no operation ${request.method} ${request.url.split('?')[0]?.slice(0, 200)} on this bank`),
    ),
  );
}
