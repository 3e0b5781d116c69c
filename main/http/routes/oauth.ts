import type { FastifyInstance } from 'fastify';
import { BankError } from '../../domain/errors';
import type { Services } from '../../services';
import { requireJsonContentType } from '../../domain/headers/require';
import { formParams, jsonBody, queryParams, rawBody } from '../body';
import { requireSignature } from '../signature';
import { institutionParam } from '../institution';
import { connectionIdentity } from '../tpp-context';
import { escapeHtml, scaPage } from '../sca-page-html';

export function oauthRoutes(app: FastifyInstance, services: Services): void {
  app.post('/:institution/oauth/v1/token', async (request, reply) => {
    const institution = institutionParam(request.params);
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/x-www-form-urlencoded') {
      throw BankError.oauth('invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    }
    const connection = connectionIdentity(request, services, institution);
    const tokens = services.oauth.token(request.headers.authorization, formParams(rawBody(request).toString('utf8')), institution, connection?.tppId ?? null);
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
  });

  /** RFC 7591 dynamic client registration, signed with the TPP's QSEAL (and over its QWAC under --tls). */
  app.post('/:institution/oauth/v1/register', async (request, reply) => {
    const institution = institutionParam(request.params);
    const connection = connectionIdentity(request, services, institution);
    const signature = requireSignature(request, services, 'client-registration', connection);
    requireJsonContentType(request.headers);
    const { tppId, client } = services.registration.register({ institution, signature, body: jsonBody(request) });
    request.tppId = tppId;
    return reply.code(201).header('cache-control', 'no-store').header('pragma', 'no-cache').send(client);
  });

  /** The sandbox's authorisation service answers 200 with a Location header instead of a 302 (spec "Sandbox behaviour" 3). */
  app.get('/:institution/sandboxauth/v1/authorize', async (request, reply) => {
    const institution = institutionParam(request.params);
    try {
      const location = services.oauth.authorize(queryParams(request.url), institution);
      return reply.code(200).header('location', location).header('cache-control', 'no-store').send({ location });
    } catch (err) {
      // A PSU's browser is shown the refusal on a page, never sent to a redirect_uri (RFC 6749 4.1.2.1).
      if (!(err instanceof BankError) || err.protocol !== 'oauth' || !/\btext\/html\b/.test(request.headers.accept ?? '')) throw err;
      const page = scaPage(
        'The bank cannot continue',
        `<h1>The bank cannot continue</h1><p>${escapeHtml(err.message)}</p><p class="note">${escapeHtml(err.code)}: go back to the provider's site and start again.</p>`,
      );
      return reply
        .code(err.status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', page.contentSecurityPolicy)
        .header('cache-control', 'no-store')
        .send(page.html);
    }
  });
}
