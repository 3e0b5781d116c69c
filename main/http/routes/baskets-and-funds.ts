import type { FastifyInstance } from 'fastify';
import { optionalHeader, requireHeaders, requireJsonContentType } from '../../domain/headers/require';
import type { Services } from '../../services';
import { bankPaths } from '../../services/context';
import { jsonBody } from '../body';
import { institutionParam } from '../institution';
import { requireSignature } from '../signature';
import { authenticate } from '../tpp-context';
import { SANDBOX_JOURNEY } from './payments';

export function basketAndFundsRoutes(app: FastifyInstance, services: Services): void {
  app.post('/:institution/berlingroup/v1/signing-baskets', async (request, reply) => {
    const institution = institutionParam(request.params);
    const { grant, identity } = authenticate(request, services, institution, 'psu', 'payment-initiation');
    const h = requireHeaders(request.headers, ['consent-id', 'x-request-id', 'psu-id', 'tpp-redirect-uri']);
    optionalHeader(request.headers, 'psu-ip-address');
    optionalHeader(request.headers, 'psu-device-id');
    requireSignature(request, services, 'signing-basket', identity);
    requireJsonContentType(request.headers);
    const context = { institution, grant, consentIdHeader: h['consent-id'], psuId: h['psu-id'] };
    const created =
      services.ctx.mode() === 'sandbox'
        ? { basketId: services.sandbox.createBasket(context, jsonBody(request)).basketId, journeyId: SANDBOX_JOURNEY }
        : (({ basket, journey }) => ({ basketId: basket.basketId, journeyId: journey.journeyId }))(
            services.baskets.create({ ...context, tppRedirectUri: h['tpp-redirect-uri'], body: jsonBody(request) }),
          );
    const self = bankPaths.basket(institution, created.basketId);
    return reply
      .code(201)
      .header('location', self)
      .header('aspsp-sca-approach', 'REDIRECT')
      .send({ transactionStatus: 'PATC', basketId: created.basketId, _links: { self: { href: self }, scaRedirect: { href: bankPaths.scaRedirect(services.ctx.origin(), created.journeyId) } } });
  });

  app.get('/:institution/berlingroup/v1/signing-baskets/:basketId', async (request) => {
    const institution = institutionParam(request.params);
    const { grant } = authenticate(request, services, institution, 'psu', 'payment-initiation');
    const consentIdHeader = requireHeaders(request.headers, ['consent-id'])['consent-id'];
    const { basketId } = request.params as { basketId: string };
    const context = { institution, grant, consentIdHeader };
    const view =
      services.ctx.mode() === 'sandbox'
        ? services.sandbox.basket(basketId, context)
        : (({ basket, scaStatus }) => ({ payments: basket.paymentIds, transactionStatus: basket.status, scaStatus }))(services.baskets.read(basketId, context));
    return { ...view, _links: { self: { href: bankPaths.basket(institution, basketId) } } };
  });

  app.post('/:institution/berlingroup/v1/funds-confirmations', async (request) => {
    const institution = institutionParam(request.params);
    const { grant, identity } = authenticate(request, services, institution, 'psu', 'funds-confirmation');
    const consentIdHeader = requireHeaders(request.headers, ['consent-id', 'x-request-id'])['consent-id'];
    const psuId = optionalHeader(request.headers, 'psu-id');
    optionalHeader(request.headers, 'tpp-redirect-uri');
    requireSignature(request, services, 'funds-confirmation', identity);
    requireJsonContentType(request.headers);
    return services.funds.confirm({ institution, grant, consentIdHeader, psuId }, jsonBody(request));
  });
}
