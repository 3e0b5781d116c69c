import type { FastifyRequest } from 'fastify';
import { TLSSocket } from 'node:tls';
import type { InstitutionId } from '../domain/dataset/types';
import { BankError } from '../domain/errors';
import type { TokenGrant } from '../domain/oauth/tokens';
import { areaOf, type RoleBankOperation } from '../domain/operations/registry';
import { assertRole } from '../domain/tpp/roles';
import type { Services } from '../services';
import type { TppIdentity } from '../services/tpps/tpp-identity';

/** The QWAC's identity where the request came over mutual TLS; null over plain HTTP. */
export function connectionIdentity(request: FastifyRequest, services: Services, institution: InstitutionId | null): TppIdentity | null {
  const socket = request.raw.socket;
  if (!(socket instanceof TLSSocket)) return null;
  const raw = socket.getPeerCertificate(false)?.raw;
  if (!raw) throw BankError.of('CERTIFICATE_INVALID', 'mutual TLS: the connection presented no client certificate (QWAC)');
  const identity = services.identity.fromQwac(raw, institution);
  request.tppId = identity.tppId;
  return identity;
}

/** Token, TPP identity and role of a bank operation, in that order; the role area is the operation's in the registry. */
export function authenticate(
  request: FastifyRequest,
  services: Services,
  institution: InstitutionId,
  token: 'tpp' | 'psu',
  operation: RoleBankOperation,
): { grant: TokenGrant; identity: TppIdentity } {
  const connection = connectionIdentity(request, services, institution);
  const grant = services.oauth.bearer(request.headers.authorization, institution, token);
  const identity = services.identity.forToken(grant, connection);
  request.tppId = identity.tppId;
  services.rateLimits.admit(identity.tppId);
  assertRole(identity.roles, areaOf(operation));
  return { grant, identity };
}
