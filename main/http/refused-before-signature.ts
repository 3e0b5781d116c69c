import type { FastifyRequest } from 'fastify';
import type { BankError } from '../domain/errors';
import { BANK_OPERATIONS } from '../domain/operations/registry';
import { refusedBeforeSignature } from '../domain/signing/refused-before';
import type { Services } from '../services';
import { operationOfRequest } from './route-operations';
import { signedRequestOf } from './signature';

/**
 * A signed operation refused before its signature was checked (a header its route requires, the token, a
 * role, a fault rule) is logged with that answer as its signature's verdict, so the Inspector tells the
 * story the row tells, and the signature chips count it as signed and refused, not as unsigned. The log names
 * the TPP its token was issued to, as for any early refusal (faults.ts). Called with every error answered.
 */
export function noteRefusedBeforeSignature(request: FastifyRequest, services: Services, error: BankError): void {
  if (request.exchange === null || request.signatureDiagnosis !== undefined) return;
  const matched = operationOfRequest(request);
  const operation = matched === null ? null : BANK_OPERATIONS[matched].profile;
  if (operation === null) return;
  const tppId = request.tppId ?? services.signatures.tokenHolder(request.headers.authorization);
  if (tppId !== undefined) request.tppId = tppId;
  const sent = services.signatures.diagnose(operation, signedRequestOf(request), tppId);
  request.signatureDiagnosis = refusedBeforeSignature(sent, { code: error.code, status: error.status, text: error.message });
}
