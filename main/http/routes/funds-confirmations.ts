import type { FastifyInstance } from 'fastify';
import { optionalHeader, requireHeaders, requireJsonContentType } from '../../domain/headers/require';
import type { Services } from '../../services';
import { jsonBody } from '../body';
import { institutionParam } from '../institution';
import { requireSignature } from '../signature';
import { authenticate } from '../tpp-context';

export function fundsConfirmationRoutes(app: FastifyInstance, services: Services): void {
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
