import type { ConductQueryInput } from '../../services/conduct/conduct';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BankError } from '../../domain/errors';
import type { Services } from '../../services';
import type { SimulatorEvent } from '../../services/events';
import type { ExchangeQueryInput } from '../../services/logs/exchange-log';
import {
  toBasketSummary,
  toClockReading,
  toConsentSummary,
  toDecisionExchange,
  toInstitutionSummary,
  toExchange,
  toExchangeSummary,
  toInfo,
  toJourney,
  toPaymentSummary,
  toPhoneLink,
  toPsuSummary,
  toServiceBlock,
  toVopRegistry,
  toWorkbenchEvent,
} from '../contract';
import { decisionHooks } from '../sca-decisions';
import { exactAnswers } from '../exact-answers';
import { readListPage, type Paged } from '../../services/list-page';
import { grantControlCookie, hasControlAccess } from '../control-access';
import { checkPhoneReach, grantPhoneCookie, ownJourneys, ownResources, phoneLinkOf, phoneSees } from '../phone-scope';
import { controlOpenApi } from '../control-openapi';
import { datasetJsonSchema } from '../dataset-schema';
import { CONTROL_PREFIX, controlRouteSchema } from '../control-operations';
import { controlValidatorCompiler, readJsonBody } from '../control-validation';
import type { FlowRuns } from '../../flows/runs/flow-runs';
import { exchangeFileRoutes, type ExchangeFileBuilders } from './exchange-files';
import { flowRunRoutes } from './flow-runs';
import { inspectorToolRoutes, type ExchangeResender } from './inspector-tools';
import { lessonPrepRoutes } from './lesson-prep';

export interface ControlOptions {
  version: string;
  /** Set when the simulator listens beyond loopback: the control API then needs this bearer token. */
  requiredToken: string | null;
  /** The Flows screen's runs; absent where no flow runs are hosted. */
  flowRuns?: FlowRuns | undefined;
  /** The built-in TPP that sends an exchange again for the Inspector; absent: no resend route. */
  resender?: ExchangeResender | undefined;
  /** The HAR and cURL builders the page uses too; absent: no `exchanges/har` and `exchanges/{id}/curl` routes. */
  exchangeFiles?: ExchangeFileBuilders | undefined;
  /** Refuse (500) an answer its schema would cut instead of sending the cut answer (exact-answers.ts): for tests. */
  exactAnswers?: boolean | undefined;
}

type ListQuery = { limit?: string; offset?: string };

function paged<T, R>(reply: FastifyReply, page: Paged<T>, toSummary: (item: T) => R): R[] {
  reply.header('x-total-count', String(page.total));
  return page.items.map(toSummary);
}

/** The control API (`/simulator/v1`): the PSU's app, the bank's operator and automation. Each route calls one service. */
export function controlRoutes(app: FastifyInstance, services: Services, options: ControlOptions): void {
  const origin = (): string => services.ctx.origin();

  app.register(
    async (control) => {
      // Each route answers through its documented schema (control-operations.ts): exactly the
      // published fields go out, whatever else the engine's values carry.
      // Each request is checked against the same table's request schemas (control-validation.ts).
      control.setValidatorCompiler(controlValidatorCompiler);
      control.addHook('onRoute', (route) => {
        const schema = controlRouteSchema([route.method].flat()[0] ?? '', route.url);
        if (schema === null) return;
        route.schema = { ...schema, ...route.schema };
        if (schema.body !== undefined) route.preValidation = [readJsonBody, ...[route.preValidation ?? []].flat()];
      });
      if (options.exactAnswers) exactAnswers(control);
      control.decorateRequest('phone', null);
      control.addHook('onRequest', async (request) => {
        if (options.requiredToken !== null && hasControlAccess(request, options.requiredToken)) return;
        // A phone link reaches its customer's approvals only, on loopback too: the link says what it is for.
        const phone = phoneLinkOf(request, services.phoneLinks);
        if (phone !== undefined) {
          request.phone = phone;
          checkPhoneReach(request, phone, services);
        } else if (options.requiredToken !== null) {
          throw BankError.of(
            'TOKEN_INVALID',
            'the control API needs Authorization: Bearer <the token printed at start> when the simulator listens beyond loopback',
          );
        }
      });

      // The browser UI opened with #token=... trades it here for a cookie its event stream carries too.
      control.post('/session', async (_request, reply) => {
        if (options.requiredToken !== null) grantControlCookie(reply, options.requiredToken);
        return reply.code(204).send();
      });
      // "Approve on your own phone": a link for one customer (phone-scope.ts), and its page's trade for a cookie.
      control.post('/phone-links', async (request, reply) => {
        const { token, link } = services.phoneLinks.create(request.body);
        const reachable = options.requiredToken !== null;
        return reply.code(201).send(toPhoneLink(link, `${origin()}/#phone=${token}`, reachable));
      });
      control.post('/phone-session', async (request, reply) => {
        grantPhoneCookie(request, reply);
        return reply.code(204).send();
      });

      control.get('/dataset-schema.json', async () => datasetJsonSchema(origin()));
      control.get('/openapi.json', async () =>
        controlOpenApi(options.version, origin(), {
          flowRuns: options.flowRuns !== undefined,
          resend: options.resender !== undefined,
          exchangeFiles: options.exchangeFiles !== undefined,
        }),
      );
      control.get('/info', async () => toInfo(services.operator.info(), options.version));
      control.get('/psus', async (request) =>
        services.operator
          .psus()
          .filter(({ psu }) => request.phone === null || psu.psuId === request.phone.psuId)
          .map(toPsuSummary),
      );
      control.get('/institutions', async () => services.operator.institutions().map(toInstitutionSummary));
      // Newest first, a page at a time (`limit` 1-500, default 500; `offset`), with the list's length in X-Total-Count.
      const listed = <T>(request: FastifyRequest, page: Paged<T>, idOf: (item: T) => string): Paged<T> => ownResources(request, services, page, idOf);
      control.get('/consents', async (request, reply) =>
        paged(
          reply,
          listed(request, services.operator.consents(readListPage(request.query as ListQuery)), (c) => c.consent.consentId),
          toConsentSummary,
        ),
      );
      control.post('/consents/:consentId/revoke', async (request) => {
        const { consentId } = request.params as { consentId: string };
        return toConsentSummary(services.consents.revokeByPsu(consentId));
      });
      control.get('/payments', async (request, reply) =>
        paged(
          reply,
          listed(request, services.operator.payments(readListPage(request.query as ListQuery)), (p) => p.listing.payment.paymentId),
          toPaymentSummary,
        ),
      );
      control.get('/baskets', async (request, reply) =>
        paged(
          reply,
          listed(request, services.operator.baskets(readListPage(request.query as ListQuery)), (b) => b.basketId),
          toBasketSummary,
        ),
      );

      control.get('/sca', async (request) =>
        ownJourneys(request, services.sca.list((request.query as { status?: unknown }).status)).map((j) => toJourney(j, origin())),
      );
      control.get('/sca/:journeyId', async (request) => toJourney(services.sca.get((request.params as { journeyId: string }).journeyId), origin()));
      control.get('/sca/:journeyId/decision', async (request) =>
        toDecisionExchange(services.sca.decision((request.params as { journeyId: string }).journeyId)),
      );
      control.post('/sca/:journeyId', decisionHooks(services), async (request) => {
        const { journeyId } = request.params as { journeyId: string };
        return toJourney(services.sca.act(journeyId, request.body), origin());
      });

      control.post('/tpps', async (request, reply) => reply.code(201).send(services.tpps.register(request.body)));

      control.post('/mode', async (request) => ({ mode: services.behaviour.switchTo(request.body) }));

      control.post('/payments/:paymentId/processing', async (request) => {
        const { paymentId } = request.params as { paymentId: string };
        const payment = services.paymentProcessing.process(paymentId, request.body);
        return { paymentId: payment.paymentId, status: payment.status };
      });

      control.get('/faults', async () => services.faults.list());
      control.post('/faults', async (request, reply) => reply.code(201).send(services.faults.add(request.body)));
      control.delete('/faults', async (_request, reply) => {
        services.faults.clear();
        return reply.code(204).send();
      });
      control.delete('/faults/:faultId', async (request, reply) => {
        services.faults.remove((request.params as { faultId: string }).faultId);
        return reply.code(204).send();
      });

      control.get('/conduct', async (request) => services.conduct.report(request.query as ConductQueryInput));

      control.get('/rate-limit', async () => services.rateLimits.current());
      control.post('/rate-limit', async (request) => services.rateLimits.set(request.body));

      control.get('/service-blocks', async () => services.serviceBlocks.list().map(toServiceBlock));
      control.post('/service-blocks', async (request, reply) => {
        const { block, created } = services.serviceBlocks.block(request.body);
        return reply.code(created ? 201 : 200).send(toServiceBlock(block));
      });
      control.delete('/service-blocks', async (request, reply) => {
        services.serviceBlocks.unblock(request.body);
        return reply.code(204).send();
      });

      const xml = (reply: FastifyReply, body: string | Buffer): FastifyReply => reply.type('application/xml; charset=utf-8').send(body);
      control.get('/payments/:paymentId/pain001', async (request, reply) =>
        xml(reply, services.paymentDocuments.original((request.params as { paymentId: string }).paymentId)),
      );
      control.get('/payments/:paymentId/pain002', async (request, reply) =>
        xml(reply, services.paymentDocuments.statusReport((request.params as { paymentId: string }).paymentId)),
      );
      control.get('/vop-registry', async (request) =>
        toVopRegistry(services.paymentDocuments.vopRegistry((request.query as { institution?: unknown }).institution)),
      );

      control.get('/templates', async (request) => services.templates.forInstitution((request.query as { institution?: unknown }).institution));

      control.get('/clock', async () => toClockReading(services.clock.reading()));
      control.post('/clock', async (request) => toClockReading(services.clock.move(request.body)));

      // No body at all is `{}`, as before "New class" existed.
      control.post('/reset', async (request) => {
        services.operator.reset(request.body ?? undefined);
        return { reset: true, now: services.clock.now().toISOString() };
      });

      // The body stays the array it always was; the counts travel in headers (X-Total-Count: every match, X-Kept-Count: the whole log,
      // X-Discarded-Count: what pruning took since the log was last cleared, X-Discarded-Failure-Count: the failures among them,
      // X-Discarded-Signature-Failure-Count: the signature failures among those, each budget's own).
      // view=summary: each as a list row shows it (no bodies, no diagnosis), a fraction of the bytes.
      control.get('/exchanges', async (request, reply) => {
        const { view, ...query } = request.query as ExchangeQueryInput & { view?: 'summary' | 'full' };
        const page = services.exchangeLog.search(query);
        return reply
          .header('x-total-count', String(page.total))
          .header('x-kept-count', String(page.kept))
          .header('x-discarded-count', String(page.discarded.all))
          .header('x-discarded-failure-count', String(page.discarded.failures))
          .header('x-discarded-signature-failure-count', String(page.discarded.signatureFailures))
          .send(view === 'summary' ? page.records.map(toExchangeSummary) : page.records.map(toExchange));
      });
      const exchangeId = (request: FastifyRequest): unknown => (request.params as { exchangeId?: unknown }).exchangeId;
      control.get('/exchanges/:exchangeId', async (request) => toExchange(services.exchangeLog.get(exchangeId(request))));
      control.post('/exchanges/:exchangeId/pin', async (request) => toExchange(services.exchangeLog.pin(exchangeId(request))));
      control.delete('/exchanges/:exchangeId/pin', async (request) => toExchange(services.exchangeLog.unpin(exchangeId(request))));

      lessonPrepRoutes(control, services, options.flowRuns);
      if (options.exchangeFiles) exchangeFileRoutes(control, services, options.exchangeFiles);
      if (options.flowRuns) flowRunRoutes(control, options.flowRuns, options.version);
      inspectorToolRoutes(control, services, options.resender);

      control.get('/events', (request, reply) => streamEvents(request, reply, services));
    },
    { prefix: CONTROL_PREFIX },
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
  const { phone } = request;
  const listener = (event: SimulatorEvent): void => {
    if (phone !== null && !phoneSees(event, phone.psuId)) return;
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(toWorkbenchEvent(event))}\n\n`);
  };
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  services.ctx.events.on('event', listener);
  request.raw.on('close', () => {
    clearInterval(heartbeat);
    services.ctx.events.off('event', listener);
  });
}
