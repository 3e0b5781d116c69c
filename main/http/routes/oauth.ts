import type { FastifyInstance } from 'fastify';
import { BankError } from '../../domain/errors';
import type { Services } from '../../services';
import { formParams, queryParams, rawBody } from '../body';
import { institutionParam } from '../institution';
import { connectionIdentity } from '../tpp-context';

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

  /** The sandbox's authorisation service answers 200 with a Location header instead of a 302 (spec "Sandbox behaviour" 3). */
  app.get('/:institution/sandboxauth/v1/authorize', async (request, reply) => {
    const institution = institutionParam(request.params);
    const location = services.oauth.authorize(queryParams(request.url), institution);
    return reply.code(200).header('location', location).header('cache-control', 'no-store').send({ location });
  });
}
