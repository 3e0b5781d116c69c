import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INSTITUTION_IDS } from '../../domain/dataset/types';
import { BankError, formatError } from '../../domain/errors';
import { addDuration, isSupportedInstant, parseDuration } from '../../domain/time/duration';
import type { ScaJourneyStatus } from '../../domain/sca/journey';
import type { Services } from '../../services';
import { accountReference } from '../../domain/consent/access';
import type { SimulatorEvent } from '../../services/events';
import { jsonBody } from '../body';
import { grantControlCookie, hasControlAccess } from '../control-access';
import { RESOURCE_ID } from '../exchange-resource';
import { SANDBOX_OWNER } from '../../services/consents';
import { paymentSummaries } from '../../services/payment-summaries';

export interface ControlOptions {
  version: string;
  /** Set when the simulator listens beyond loopback: the control API then needs this bearer token. */
  requiredToken: string | null;
  reset: () => void;
}

const JOURNEY_STATUSES: readonly ScaJourneyStatus[] = ['started', 'opened', 'finalised', 'failed'];
const MAX_EXCHANGES_PAGE = 10_000;

/** The control API (`/simulator/v1`): the PSU's app, the bank's operator and automation. */
export function controlRoutes(app: FastifyInstance, services: Services, options: ControlOptions): void {
  const { ctx } = services;

  app.register(
    async (control) => {
      control.addHook('onRequest', async (request) => {
        if (options.requiredToken !== null && !hasControlAccess(request, options.requiredToken)) {
          throw BankError.of('TOKEN_INVALID', 'the control API needs Authorization: Bearer <the token printed at start> when the simulator listens beyond loopback');
        }
      });

      // The browser UI opened with #token=... trades it here for a cookie its event stream carries too.
      control.post('/session', async (_request, reply) => {
        if (options.requiredToken !== null) grantControlCookie(reply, options.requiredToken);
        return reply.code(204).send();
      });

      control.get('/info', async () => ({
        version: options.version,
        mode: ctx.mode(),
        institutions: INSTITUTION_IDS,
        now: ctx.clock.now().toISOString(),
      }));

      control.get('/psus', async () =>
        ctx.dataset.psus.map((psu) => ({
          psuId: psu.psuId,
          name: psu.name,
          institution: psu.institution,
          corporateId: psu.corporateId,
          signatoryGroup: psu.signatoryGroup,
          role: psu.role,
          accounts: psu.accounts.flatMap((grant) => {
            const account = ctx.accounts.get(grant.resourceId);
            return account ? [{ ...accountReference(account), permissions: grant.permissions }] : [];
          }),
        })),
      );

      control.get('/sca', async (request) => {
        const { status } = request.query as { status?: string };
        if (status !== undefined && !(JOURNEY_STATUSES as readonly string[]).includes(status)) {
          throw formatError(`status must be one of ${JOURNEY_STATUSES.join(', ')}`);
        }
        return services.sca.list(status as ScaJourneyStatus | undefined);
      });

      control.post('/sca/:journeyId', async (request) => {
        const { journeyId } = request.params as { journeyId: string };
        const body = jsonBody(request) as { action?: unknown };
        if (body === null || typeof body !== 'object' || (body.action !== 'approve' && body.action !== 'reject')) {
          throw formatError('the body must be {"action":"approve"} or {"action":"reject"}');
        }
        return services.sca.act(journeyId, body.action);
      });

      control.post('/tpps', async (request, reply) => reply.code(201).send(services.tpps.register(jsonBody(request))));

      control.get('/payments', async () => paymentSummaries(ctx, services.payments.vop, 500));

      control.get('/consents', async () =>
        services.consents
          .list()
          // The sandbox's static consents exist only for the sandbox behaviour.
          .filter((v) => v.consent.tppId !== SANDBOX_OWNER || ctx.mode() === 'sandbox')
          .map((v) => ({
          consentId: v.consent.consentId,
          institution: v.consent.institution,
          tppId: v.consent.tppId,
          psuId: v.consent.psuId,
          consentStatus: v.status,
          scaStatus: v.scaStatus,
          recurringIndicator: v.consent.recurringIndicator,
          validUntil: v.consent.validUntil,
          expiresAt: v.consent.expiresAt.toISOString(),
          createdAt: v.consent.createdAt.toISOString(),
        })),
      );

      control.post('/mode', async (request) => {
        const body = jsonBody(request) as { mode?: unknown };
        if (body === null || typeof body !== 'object' || (body.mode !== 'simulation' && body.mode !== 'sandbox')) {
          throw formatError('the body must be {"mode":"simulation"} or {"mode":"sandbox"}');
        }
        ctx.setMode(body.mode);
        return { mode: ctx.mode() };
      });

      control.get('/baskets', async () =>
        services.ctx.repos.baskets.list(500).map((b) => ({
          basketId: b.basketId,
          institution: b.institution,
          tppId: b.tppId,
          psuId: b.psuId,
          transactionStatus: b.status,
          paymentIds: b.paymentIds,
          createdAt: b.createdAt.toISOString(),
        })),
      );

      control.post('/payments/:paymentId/processing', async (request) => {
        const { paymentId } = request.params as { paymentId: string };
        const payment = services.paymentProcessing.process(paymentId, jsonBody(request));
        return { paymentId: payment.paymentId, status: payment.status };
      });

      control.get('/clock', async () => ({ now: ctx.clock.now().toISOString() }));

      control.post('/clock', async (request) => {
        const body = jsonBody(request) as { advance?: unknown; set?: unknown };
        if (body === null || typeof body !== 'object') throw formatError('the body must be {"advance":"P1D"} or {"set":"<ISO-8601 instant>"}');
        let target: Date;
        if (typeof body.advance === 'string') {
          const duration = parseDuration(body.advance);
          if (!duration) throw formatError(`advance must be an ISO-8601 duration such as PT10M, P1D or P90D, got "${body.advance.slice(0, 40)}"`);
          target = addDuration(ctx.clock.now(), duration);
        } else if (typeof body.set === 'string') {
          if (!/^\d{4}-\d{2}-\d{2}T/.test(body.set)) throw formatError('set must be an ISO-8601 instant such as 2026-03-29T00:30:00Z');
          target = new Date(Date.parse(body.set));
        } else {
          throw formatError('the body must be {"advance":"P1D"} or {"set":"<ISO-8601 instant>"}');
        }
        if (!isSupportedInstant(target)) throw formatError('the simulated clock must stay between the years 2000 and 9999');
        ctx.clock.set(target);
        services.lifecycle.settle();
        return { now: ctx.clock.now().toISOString() };
      });

      control.post('/reset', async () => {
        options.reset();
        return { reset: true, now: ctx.clock.now().toISOString() };
      });

      control.get('/exchanges', async (request) => {
        const { limit, resource } = request.query as { limit?: unknown; resource?: unknown };
        const n = limit === undefined ? 100 : Number(limit);
        if (!Number.isInteger(n) || n < 1 || n > MAX_EXCHANGES_PAGE) throw formatError(`limit must be a whole number from 1 to ${MAX_EXCHANGES_PAGE}`);
        if (resource !== undefined && (typeof resource !== 'string' || !RESOURCE_ID.test(resource))) {
          throw formatError('resource must be one consent, payment or basket id: 1 to 100 letters, digits and . _ ~ -');
        }
        return ctx.repos.exchanges.list(n, resource);
      });

      control.get('/events', (request, reply) => streamEvents(request, reply, services));
    },
    { prefix: '/simulator/v1' },
  );
}

/** Server-sent events: one `data:` line of JSON per event, a comment every 15 s to keep proxies open. */
function streamEvents(request: FastifyRequest, reply: FastifyReply, services: Services): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  res.write(`retry: 2000\n\n`);
  const listener = (event: SimulatorEvent): void => {
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  services.ctx.events.on('event', listener);
  request.raw.on('close', () => {
    clearInterval(heartbeat);
    services.ctx.events.off('event', listener);
  });
}
