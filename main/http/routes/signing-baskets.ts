import type { FastifyInstance } from 'fastify';
import { optionalHeader, requireHeaders, requireJsonContentType } from '../../domain/headers/require';
import type { Services } from '../../services';
import { bankPaths } from '../bank-paths';
import { jsonBody } from '../body';
import { institutionParam } from '../institution';
import { requireSignature } from '../signature';
import { authenticate } from '../tpp-context';
import { absoluteLocation } from '../location';

export function signingBasketRoutes(app: FastifyInstance, services: Services): void {
  app.post('/:institution/berlingroup/v1/signing-baskets', async (request, reply) => {
    const institution = institutionParam(request.params);
    const { grant, identity } = authenticate(request, services, institution, 'psu', 'basket-create');
    const h = requireHeaders(request.headers, ['consent-id', 'x-request-id', 'psu-id', 'tpp-redirect-uri']);
    optionalHeader(request.headers, 'psu-ip-address');
    optionalHeader(request.headers, 'psu-device-id');
    requireSignature(request, services, 'basket-create', identity);
    requireJsonContentType(request.headers);
    const created = services.behaviour.tppFacing().signingBaskets.create({
      institution,
      grant,
      consentIdHeader: h['consent-id'],
      psuId: h['psu-id'],
      tppRedirectUri: h['tpp-redirect-uri'],
      body: jsonBody(request),
    });
    const self = bankPaths.basket(institution, created.basketId);
    return reply
      .code(201)
      .header('location', absoluteLocation(services, self))
      .header('aspsp-sca-approach', 'REDIRECT')
      .send({
        transactionStatus: 'PATC',
        basketId: created.basketId,
        _links: { self: { href: self }, scaRedirect: { href: bankPaths.scaRedirect(services.ctx.origin(), created.journeyId) } },
      });
  });

  app.get('/:institution/berlingroup/v1/signing-baskets/:basketId', async (request) => {
    const institution = institutionParam(request.params);
    const { grant } = authenticate(request, services, institution, 'psu', 'basket-get');
    const consentIdHeader = requireHeaders(request.headers, ['consent-id'])['consent-id'];
    const { basketId } = request.params as { basketId: string };
    const view = services.behaviour.tppFacing().signingBaskets.read(basketId, { institution, grant, consentIdHeader });
    return { ...view, _links: { self: { href: bankPaths.basket(institution, basketId) } } };
  });
}
