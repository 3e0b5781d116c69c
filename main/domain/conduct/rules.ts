// The spec's rules of conduct for a TPP (shared/spec/bank-interface.md), each with the id the conduct
// report and its users key on (fixed: CI steps name them), how grave a breach is, and the spec's own words.

export const CONDUCT_RULE_IDS = [
  'polling-after-final-status',
  'concurrent-status-polling',
  'status-polling-without-reason',
  'duplicate-payment-while-pending',
  'resubmission-after-rejection',
  'temporary-error-treated-as-rejection',
  'retry-before-retry-after',
  'retry-unchanged-after-service-blocked',
  'x-request-id-reused',
  'consent-per-request',
  'signature-on-unsigned-operation',
  'signature-missing-on-signed-operation',
] as const;

export type ConductRuleId = (typeof CONDUCT_RULE_IDS)[number];

export type ConductSeverity = 'error' | 'warning';

export interface ConductRule {
  id: ConductRuleId;
  severity: ConductSeverity;
  /** The rule in plain words, as a heading. */
  title: string;
  /** The spec's words the rule rests on, and where they are. */
  spec: string;
}

const STATUS_RETRIEVAL =
  'Payments rule 6: "Controlled status retrieval means checking only when needed to decide the next action, without continuous or overlapping requests. Check: after creating a payment; while VoP is RECI; after each individual or basket SCA journey; while PDNG; after cancellation where confirmation is required; after a status request that could not be completed. Do not run concurrent polling loops, treat a temporary API error as RJCT, duplicate a payment because it stays in PDNG or PATC, or poll routinely after RJCT or ACCP."';

export const CONDUCT_RULES: Record<ConductRuleId, ConductRule> = {
  'polling-after-final-status': {
    id: 'polling-after-final-status',
    severity: 'error',
    title: 'Status read again and again after the final status was known',
    spec:
      'Payment transaction status: RJCT and ACCP are final, further status retrieval "No routine polling". Consent status: rejected, expired, revoked and terminated consents do not come back. ' +
      STATUS_RETRIEVAL,
  },
  'concurrent-status-polling': {
    id: 'concurrent-status-polling',
    severity: 'error',
    title: 'Overlapping status reads of one resource',
    spec: STATUS_RETRIEVAL,
  },
  'status-polling-without-reason': {
    id: 'status-polling-without-reason',
    severity: 'warning',
    title: 'A PATC payment polled with nothing to wait for',
    spec: 'Payment transaction status: PATC, further status retrieval "Yes, after authorisation, cancellation or another lifecycle event". ' + STATUS_RETRIEVAL,
  },
  'duplicate-payment-while-pending': {
    id: 'duplicate-payment-while-pending',
    severity: 'error',
    title: 'The same payment created again while the first is PATC or PDNG',
    spec: 'Payment transaction status: PDNG, next action "Let processing continue; do not authorise, cancel or duplicate". ' + STATUS_RETRIEVAL,
  },
  'resubmission-after-rejection': {
    id: 'resubmission-after-rejection',
    severity: 'error',
    title: 'A rejected payment sent again unchanged',
    spec: 'Payment transaction status: RJCT, next action "Read reason, stop lifecycle actions, do not resubmit automatically".',
  },
  'temporary-error-treated-as-rejection': {
    id: 'temporary-error-treated-as-rejection',
    severity: 'error',
    title: 'A temporary error on a status read taken for a rejection',
    spec: 'Errors, other rules 2: "a temporary API error is not RJCT". ' + STATUS_RETRIEVAL,
  },
  'retry-before-retry-after': {
    id: 'retry-before-retry-after',
    severity: 'error',
    title: 'A request sooner than the Retry-After the bank asked for',
    spec: 'Errors: TOO_MANY_REQUESTS (429), TPP action "reduce request rate before retrying"; a 503 with Retry-After says when the service is back (RFC 9110 section 10.2.3).',
  },
  'retry-unchanged-after-service-blocked': {
    id: 'retry-unchanged-after-service-blocked',
    severity: 'error',
    title: 'The same request sent again after SERVICE_BLOCKED',
    spec: 'Errors: SERVICE_BLOCKED (403), "consent service blocked for the request context", TPP action "do not retry unchanged".',
  },
  'x-request-id-reused': {
    id: 'x-request-id-reused',
    severity: 'error',
    title: 'One X-Request-ID on two different requests',
    spec: 'Berlin Group NextGenPSD2 (psd2-api 1.3.11), X-Request-ID: "ID of the request, unique to the call, as determined by the initiating party." Application-layer signing signs it as that request\'s.',
  },
  'consent-per-request': {
    id: 'consent-per-request',
    severity: 'warning',
    title: 'A new consent for access a valid consent already gives',
    spec: 'Consents rule 6: "A consent is used by sending Consent-ID on every later account-information and payment-related request, through the same institution endpoint." Consent status: only rejected and expired consents call for "create a new consent".',
  },
  'signature-on-unsigned-operation': {
    id: 'signature-on-unsigned-operation',
    severity: 'warning',
    title: 'A signature on a request that is not signed',
    spec: 'Application-layer signing: "Signed requests: POST /payments/{payment-product}, POST /payments/{payment-product}/{paymentId}/authorisations, POST /signing-baskets, DELETE /payments/{payment-product}/{paymentId}."',
  },
  'signature-missing-on-signed-operation': {
    id: 'signature-missing-on-signed-operation',
    severity: 'error',
    title: 'A request that must be signed sent without a signature',
    spec: 'Application-layer signing: "Each signed request carries headers Digest, Signature, TPP-Signature-Certificate."',
  },
};
