import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InstitutionId } from '../../domain/dataset/types';
import type { TokenGrant } from '../../domain/oauth/tokens';
import { BankError } from '../../domain/errors';
import { optionalHeader, requireHeaders, requireJsonContentType } from '../../domain/headers/require';
import { bankPaths } from '../bank-paths';
import type { Services } from '../../services';
import { jsonBody } from '../body';
import { institutionParam } from '../institution';
import { authenticate } from '../tpp-context';
import { absoluteLocation } from '../location';

const BASE = '/:institution/berlingroup/v1/consents';

export function consentRoutes(app: FastifyInstance, services: Services): void {
  app.post(BASE, async (request, reply) => {
    const institution = institutionParam(request.params);
    const { grant } = authenticate(request, services, institution, 'tpp', 'consent-create');
    const h = requireHeaders(request.headers, ['x-request-id', 'psu-id', 'tpp-redirect-uri', 'psu-ip-address', 'psu-device-id']);
    requireJsonContentType(request.headers);
    const { consent, journeyId } = services.consents.create({
      institution,
      tppId: grant.tppId,
      psuId: h['psu-id'],
      tppRedirectUri: h['tpp-redirect-uri'],
      body: jsonBody(request),
    });
    const self = bankPaths.consent(institution, consent.consentId);
    const links = { scaRedirect: { href: bankPaths.scaRedirect(services.ctx.origin(), journeyId) }, self: { href: self }, status: { href: `${self}/status` } };
    return reply
      .code(201)
      .header('location', absoluteLocation(services, self))
      .header('aspsp-sca-approach', 'REDIRECT')
      .send({ consentStatus: services.consents.status(consent.consentId, institution, grant.tppId).status, consentId: consent.consentId, _links: links });
  });

  // Synchronous, as is the payment status read: the most polled operations, and an async handler costs a promise each.
  app.get(`${BASE}/:consentId/status`, (request) => {
    const institution = institutionParam(request.params);
    const { grant } = authenticate(request, services, institution, 'tpp', 'consent-status');
    optionalHeader(request.headers, 'x-request-id');
    const { consentId } = request.params as { consentId: string };
    const view = services.consents.status(consentId, institution, grant.tppId);
    return { consentStatus: view.status, scaStatus: view.scaStatus };
  });

  /** GET and DELETE of a consent: a PSU token of that consent, and a Consent-ID header (if sent) naming it too. */
  const psuConsentRequest = (
    request: FastifyRequest,
    operation: 'consent-get' | 'consent-delete',
  ): { institution: InstitutionId; grant: TokenGrant; consentId: string } => {
    const institution = institutionParam(request.params);
    const { grant } = authenticate(request, services, institution, 'psu', operation);
    optionalHeader(request.headers, 'x-request-id');
    const { consentId } = request.params as { consentId: string };
    const header = optionalHeader(request.headers, 'consent-id');
    if (header !== undefined && header !== consentId) {
      throw BankError.of('CONSENT_UNKNOWN', `Consent-ID ${header} does not match the consent ${consentId} of the path`);
    }
    return { institution, grant, consentId };
  };

  app.get(`${BASE}/:consentId`, async (request) => {
    const { institution, grant, consentId } = psuConsentRequest(request, 'consent-get');
    const view = services.consents.read(consentId, grant);
    const self = bankPaths.consent(institution, consentId);
    return {
      access: view.access,
      recurringIndicator: view.consent.recurringIndicator,
      validUntil: view.consent.validUntil,
      frequencyPerDay: view.consent.frequencyPerDay,
      combinedServiceIndicator: view.consent.combinedServiceIndicator,
      lastActionDate: view.consent.statusChangedAt.toISOString().slice(0, 10),
      consentStatus: view.status,
      _links: { self: { href: self }, status: { href: `${self}/status` } },
    };
  });

  app.delete(`${BASE}/:consentId`, async (request, reply) => {
    const { grant, consentId } = psuConsentRequest(request, 'consent-delete');
    services.consents.terminate(consentId, grant);
    return reply.code(204).send();
  });
}
