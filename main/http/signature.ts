import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatError } from '../domain/errors';
import { repeatedHeaderProblem, repeatedInRaw, withRepeated } from '../domain/headers/header-lines';
import { BANK_OPERATIONS, profileOf, type SignedBankOperation } from '../domain/operations/registry';
import type { SignedOperation } from '../domain/signing/profiles';
import type { SignatureDiagnosis } from '../domain/signing/verify';
import type { Services } from '../services';
import type { TppIdentity } from '../services/tpps/tpp-identity';
import { rawBody } from './body';
import { operationOfRequest } from './route-operations';

/**
 * Verifies a signed operation before it may change anything; the diagnosis goes with the exchange
 * whatever the verdict, and the first failing check decides the error. Without an identity (registration
 * over plain HTTP) the QSEAL itself tells the TPP, so no organizationIdentifier is expected of it.
 */
export function requireSignature(
  request: FastifyRequest,
  services: Services,
  operation: SignedBankOperation,
  identity: TppIdentity | null,
): SignatureDiagnosis {
  return diagnoseAndEnforce(request, services, profileOf(operation), identity?.tppId, identity?.source === 'qwac' ? 'qwac' : 'token');
}

function diagnoseAndEnforce(
  request: FastifyRequest,
  services: Services,
  operation: SignedOperation,
  tppId: string | undefined,
  identifiedBy: 'qwac' | 'token' = 'token',
): SignatureDiagnosis {
  const diagnosis = services.signatures.diagnose(operation, signedRequestOf(request), tppId, { identifiedBy });
  request.signatureDiagnosis = diagnosis;
  services.signatures.enforce(diagnosis);
  return diagnosis;
}

/**
 * A preHandler ahead of every other check: a header the bank reads as one value, sent twice, gets the
 * one diagnosis "X-Request-ID is sent more than once" (FORMAT_ERROR) before a format check reads Node's
 * joined "a, b" as one malformed value. On a signed operation the whole signature diagnosis is made
 * and kept with the exchange, so the Inspector shows every check and the certificate; the TPP is the one
 * its bearer token was issued to, as for a pasted request (the request is refused before it is authenticated).
 */
export function refuseRepeatedHeaders(services: Services): (request: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  return (request, _reply, done) => {
    const repeated = repeatedInRaw(request.raw.rawHeaders);
    if (repeated.length === 0) return done();
    // The operation of the route matched, not of the path as spelled (a percent-encoded letter reaches the same route).
    const matched = operationOfRequest(request);
    const operation = matched === null ? null : BANK_OPERATIONS[matched].profile;
    if (operation !== null) {
      const tppId = services.signatures.tokenHolder(request.headers.authorization);
      if (tppId !== undefined) request.tppId = tppId;
      diagnoseAndEnforce(request, services, operation, tppId);
    }
    throw formatError(repeatedHeaderProblem(repeated));
  };
}

/** The headers as the bank's checks read them: a repeated header as every value sent, not Node's "a, b". */
export function headersAsSent(request: FastifyRequest): Record<string, string | string[] | undefined> {
  const raw = request.raw.rawHeaders;
  return withRepeated(request.headers, raw, repeatedInRaw(raw));
}

/** The request as the bank's checks read it: headers as sent, the exact body, the request line. */
export function signedRequestOf(request: FastifyRequest): {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  requestTarget: { method: string; path: string };
} {
  return { headers: headersAsSent(request), body: rawBody(request), requestTarget: { method: request.method, path: request.url } };
}
