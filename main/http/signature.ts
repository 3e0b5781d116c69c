import type { FastifyRequest } from 'fastify';
import type { SignedOperation } from '../domain/signing/profiles';
import type { SignatureDiagnosis } from '../domain/signing/verify';
import type { Services } from '../services';
import type { TppIdentity } from '../services/tpp-identity';
import { rawBody } from './body';

/**
 * Verifies a signed operation before it may change anything; the diagnosis goes with the exchange
 * whatever the verdict, and the first failing check decides the error. Without an identity (registration
 * over plain HTTP) the QSEAL itself tells the TPP, so no organizationIdentifier is expected of it.
 */
export function requireSignature(request: FastifyRequest, services: Services, operation: SignedOperation, identity: TppIdentity | null): SignatureDiagnosis {
  const diagnosis = services.signatures.diagnose(
    operation,
    { headers: request.headers, body: rawBody(request), requestTarget: { method: request.method, path: request.url } },
    identity?.tppId,
  );
  request.signatureDiagnosis = diagnosis;
  services.signatures.enforce(diagnosis);
  return diagnosis;
}
