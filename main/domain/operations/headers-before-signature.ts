import { BankError } from '../errors';
import { optionalHeader, requireHeaders, type HeaderMap, type KnownHeader } from '../headers/require';
import type { SignedOperation } from '../signing/profiles';

type HeaderStep = { required: readonly KnownHeader[] } | { optional: readonly KnownHeader[] };

/** Every Berlin Group route requires X-Request-ID ahead of its own checks (http/server.ts, requireRequestId). */
const REQUEST_ID: HeaderStep = { required: ['x-request-id'] };

/**
 * The header checks the route of each signed operation (by its signing profile row) makes before it checks the signature, in the route's
 * order (http/routes/payments.ts, signing-baskets.ts, funds-confirmations.ts, oauth.ts). The token's check,
 * which comes between some of them, is left out: a pasted request's token is told apart (the calling TPP).
 * test/api/diagnose-caller.test.ts holds each missing header's answer equal live and in Diagnose.
 */
const HEADERS_BEFORE_SIGNATURE: Record<SignedOperation, readonly HeaderStep[]> = {
  'payment-initiation': [
    REQUEST_ID,
    { required: ['x-request-id', 'psu-id'] },
    { optional: ['psu-ip-address', 'tpp-redirect-uri'] },
    { required: ['consent-id'] },
  ],
  'payment-cancellation': [REQUEST_ID, { required: ['x-request-id'] }, { optional: ['psu-id', 'tpp-redirect-uri'] }, { required: ['consent-id'] }],
  'start-authorisation': [
    REQUEST_ID,
    { required: ['x-request-id', 'psu-id', 'psu-device-id', 'psu-ip-address', 'tpp-redirect-uri'] },
    { required: ['consent-id'] },
  ],
  'signing-basket': [REQUEST_ID, { required: ['consent-id', 'x-request-id', 'psu-id', 'tpp-redirect-uri'] }, { optional: ['psu-ip-address', 'psu-device-id'] }],
  'funds-confirmation': [REQUEST_ID, { required: ['consent-id', 'x-request-id'] }, { optional: ['psu-id', 'tpp-redirect-uri'] }],
  registration: [],
};

/**
 * The refusal the operation's route answers before it checks the signature, when one of its header checks
 * fails (a header missing, or not in its format); null when they all pass. Headers sent twice are not read
 * here: a route diagnoses those first, with the signature (http/signature.ts refuseRepeatedHeaders).
 */
export function headerRefusalBeforeSignature(operation: SignedOperation, headers: HeaderMap): BankError | null {
  try {
    for (const step of HEADERS_BEFORE_SIGNATURE[operation]) {
      if ('required' in step) requireHeaders(headers, step.required);
      else for (const name of step.optional) optionalHeader(headers, name);
    }
    return null;
  } catch (error) {
    if (error instanceof BankError) return error;
    throw error;
  }
}
