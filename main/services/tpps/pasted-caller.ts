import { formatError } from '../../domain/errors';
import type { PastedCaller, PastedFinding } from '../../domain/pasted-request/findings';
import type { PastedRequest } from '../../domain/pasted-request';
import type { SignedOperation } from '../../domain/signing/profiles';
import type { SignatureDiagnosis } from '../../domain/signing/verify';
import type { BankContext } from '../context';

/** What POST /simulator/v1/diagnose answers, before the contract's shape. */
export interface PastedDiagnosisMade {
  request: PastedRequest;
  operation: SignedOperation;
  diagnosis: SignatureDiagnosis;
  caller: PastedCaller;
  findings: PastedFinding[];
}

/** `"tpp": "certificate"` of a diagnose request: check as the TPP the pasted certificate names, not as the token's. */
export function pickedTpp(input: unknown): 'token' | 'certificate' {
  const tpp = typeof input === 'object' && input !== null ? (input as { tpp?: unknown }).tpp : undefined;
  if (tpp === undefined || tpp === 'token') return 'token';
  if (tpp === 'certificate') return 'certificate';
  throw formatError('tpp must be token (the TPP the bearer token was issued to) or certificate (the registered TPP the pasted QSEAL names)');
}

/**
 * The diagnosis of a pasted request and whom it was made as. The token's TPP where this bank issued the
 * token (expired or not), as live; a registration names its TPP by its QSEAL, as live. Otherwise no TPP is
 * identified, and on request the checks are made as the registered TPP whose organisation the certificate
 * carries (only a certificate chaining to the bank's CAs names one): QA pastes from other banks' logs,
 * where the token is foreign and the certificate is the question.
 */
export function pastedCallerDiagnosis(
  ctx: BankContext,
  operation: SignedOperation,
  bearer: { sent: boolean; holder: string | undefined },
  diagnoseAs: (tppId: string | undefined) => SignatureDiagnosis,
  pick: 'token' | 'certificate',
): { diagnosis: SignatureDiagnosis; caller: PastedCaller } {
  const { holder } = bearer;
  const token = !bearer.sent ? 'absent' : holder === undefined ? 'unknown' : 'known';
  const diagnosis = diagnoseAs(holder);
  const certificateTpp = registeredTppOf(ctx, diagnosis);
  if (operation === 'registration') return { diagnosis, caller: { tppId: diagnosis.certificate?.organizationId ?? null, by: 'qseal', token, certificateTpp } };
  if (holder !== undefined) return { diagnosis, caller: { tppId: holder, by: 'token', token, certificateTpp } };
  if (pick === 'certificate' && certificateTpp !== null)
    return { diagnosis: diagnoseAs(certificateTpp), caller: { tppId: certificateTpp, by: 'certificate', token, certificateTpp } };
  return { diagnosis, caller: { tppId: null, by: null, token, certificateTpp } };
}

/** The registered TPP a trusted certificate's organizationIdentifier names; null for any other certificate. */
function registeredTppOf(ctx: BankContext, diagnosis: SignatureDiagnosis): string | null {
  const certificate = diagnosis.certificate;
  const organizationId = certificate?.organizationId;
  if (!certificate?.parsed || certificate.trustProblem !== null || organizationId === undefined) return null;
  return ctx.repos.oauth.clientNameOf(organizationId) === null ? null : organizationId;
}
