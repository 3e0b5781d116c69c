import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BankError, formatError } from '../../domain/errors';
import { headerValue, optionalHeader, requireHeaders } from '../../domain/headers/require';
import type { Services } from '../../services';
import { bankPaths } from '../bank-paths';
import type { PaymentContext } from '../../services/payments/payment-access';
import { rawBody } from '../body';
import { institutionParam } from '../institution';
import { requireSignature } from '../signature';
import { authenticate } from '../tpp-context';
import { absoluteLocation } from '../location';
import type { RoleBankOperation } from '../../domain/operations/registry';

const BASE = '/:institution/berlingroup/v1/payments/:product';

interface PaymentParams {
  product: string;
  paymentId: string;
  authorisationId: string;
}

/** The PSU token, the TPP's identity and role, and the consent context every payment operation needs. */
function paymentContext(
  request: FastifyRequest,
  services: Services,
  operation: RoleBankOperation,
  psuId?: string,
): PaymentContext & { identity: ReturnType<typeof authenticate>['identity'] } {
  const institution = institutionParam(request.params);
  const { grant, identity } = authenticate(request, services, institution, 'psu', operation);
  const consentIdHeader = requireHeaders(request.headers, ['consent-id'])['consent-id'];
  return { institution, grant, identity, consentIdHeader, psuId };
}

function requireXmlAccept(request: FastifyRequest): void {
  const accept = headerValue(request.headers, 'accept') ?? '';
  if (!/\b(application|text)\/xml\b/i.test(accept)) {
    throw BankError.of(
      'REQUESTED_FORMATS_INVALID',
      `Accept must be application/xml: payment resources and status reports are ISO 20022 XML (got "${accept.slice(0, 60)}")`,
    );
  }
}

/** Signing profile rule 7: POST …/authorisations and DELETE have no body; one that carries any data is refused. */
function refuseBody(request: FastifyRequest, operation: string): void {
  if (rawBody(request).length > 0) throw formatError(`${operation} takes no body; send none and sign zero bytes (rule 7)`);
}

const xml = (reply: FastifyReply, body: string | Buffer): FastifyReply => reply.type('application/xml; charset=utf-8').send(body);

export function paymentRoutes(app: FastifyInstance, services: Services): void {
  app.post(BASE, async (request, reply) => {
    const h = requireHeaders(request.headers, ['x-request-id', 'psu-id']);
    optionalHeader(request.headers, 'psu-ip-address');
    optionalHeader(request.headers, 'tpp-redirect-uri');
    const context = paymentContext(request, services, 'payment-create', h['psu-id']);
    requireSignature(request, services, 'payment-create', context.identity);
    const { product } = request.params as PaymentParams;
    services.payments.product(context.institution, product);
    const type = headerValue(request.headers, 'content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/xml' && type !== 'text/xml') throw formatError('Content-Type must be application/xml: the body is a pain.001 message');
    const creation = { ...context, product, body: rawBody(request) };
    const payment = services.behaviour.tppFacing().payments.create(creation);
    const self = bankPaths.payment(context.institution, payment.product, payment.paymentId);
    return reply
      .code(201)
      .header('location', absoluteLocation(services, self))
      .header('aspsp-sca-approach', 'REDIRECT')
      .send({
        transactionStatus: 'PATC',
        paymentId: payment.paymentId,
        _links: { self: { href: self }, status: { href: `${self}/status` }, startAuthorisation: { href: `${self}/authorisations` } },
      });
  });

  app.get(`${BASE}/:paymentId`, async (request, reply) => {
    requireXmlAccept(request);
    const { product, paymentId } = request.params as PaymentParams;
    const context = paymentContext(request, services, 'payment-get');
    return xml(reply, services.behaviour.tppFacing().payments.original(paymentId, product, context));
  });

  // Synchronous (the most polled operation: an async handler costs a promise each), and it returns nothing: a
  // reply returned would be awaited as a promise all the same (Fastify's Reply has `then`).
  app.get(`${BASE}/:paymentId/status`, (request, reply) => {
    requireXmlAccept(request);
    const { product, paymentId } = request.params as PaymentParams;
    const context = paymentContext(request, services, 'payment-status');
    xml(reply, services.behaviour.tppFacing().payments.statusReport(paymentId, product, context));
  });

  app.delete(`${BASE}/:paymentId`, async (request, reply) => {
    requireHeaders(request.headers, ['x-request-id']);
    const psuId = optionalHeader(request.headers, 'psu-id');
    optionalHeader(request.headers, 'tpp-redirect-uri');
    const context = paymentContext(request, services, 'payment-cancel', psuId);
    requireSignature(request, services, 'payment-cancel', context.identity);
    refuseBody(request, 'cancelling a payment');
    const { product, paymentId } = request.params as PaymentParams;
    services.behaviour.tppFacing().payments.cancel(paymentId, product, context);
    return reply.code(204).send();
  });

  app.post(`${BASE}/:paymentId/authorisations`, async (request, reply) => {
    const h = requireHeaders(request.headers, ['x-request-id', 'psu-id', 'psu-device-id', 'psu-ip-address', 'tpp-redirect-uri']);
    const context = paymentContext(request, services, 'authorisation-start', h['psu-id']);
    requireSignature(request, services, 'authorisation-start', context.identity);
    refuseBody(request, 'starting an authorisation');
    const { product, paymentId } = request.params as PaymentParams;
    const started = services.behaviour
      .tppFacing()
      .paymentAuthorisations.start({ ...context, paymentId, product, psuId: h['psu-id'], tppRedirectUri: h['tpp-redirect-uri'] });
    const self = `${bankPaths.payment(context.institution, product, paymentId)}/authorisations/${started.authorisationId}`;
    return reply
      .code(201)
      .header('location', absoluteLocation(services, self))
      .header('aspsp-sca-approach', 'REDIRECT')
      .send({
        scaStatus: 'started',
        authorisationId: started.authorisationId,
        _links: { scaRedirect: { href: bankPaths.scaRedirect(services.ctx.origin(), started.journeyId) }, scaStatus: { href: self } },
      });
  });

  app.get(`${BASE}/:paymentId/authorisations/:authorisationId`, async (request) => {
    const { product, paymentId, authorisationId } = request.params as PaymentParams;
    const context = paymentContext(request, services, 'authorisation-get');
    return { scaStatus: services.behaviour.tppFacing().paymentAuthorisations.scaStatus(paymentId, product, authorisationId, context) };
  });
}
