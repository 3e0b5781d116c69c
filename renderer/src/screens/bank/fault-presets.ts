import type { FaultRuleInput } from '../../../../preload/api/workbench-api';

/** What a fault rule does, as the Bank screen offers it: the common answers of a bank that misbehaves. */
export const FAULT_ACTIONS: { label: string; action: FaultRuleInput['action'] }[] = [
  { label: '503 Service Unavailable, Retry-After 5 s', action: { status: 503, retryAfter: 5 } },
  { label: '500 Internal Server Error', action: { status: 500 } },
  { label: '429 Too Many Requests, Retry-After 2 s', action: { status: 429, retryAfter: 2 } },
  { label: '504 Gateway Timeout', action: { status: 504 } },
  { label: 'Slow: 2 s before the answer', action: { delayMs: 2000 } },
  { label: 'Jittery: 100-900 ms before the answer', action: { delay: { uniform: [100, 900] } } },
  { label: 'Dribbled: the answer over 3 s', action: { dribbleMs: 3000 } },
  { label: 'Connection reset', action: { drop: 'reset' } },
  { label: 'Connection closed, no answer', action: { drop: 'empty' } },
  { label: 'Answer cut halfway', action: { drop: 'partial' } },
];

/** The requests a rule is most often for, in the bank's operation names; '' is every request. */
export const FAULT_OPERATIONS: { label: string; operation: string }[] = [
  { label: 'every request to the bank', operation: '' },
  { label: 'payment status reads', operation: 'payment-status' },
  { label: 'payment creation', operation: 'payment-create' },
  { label: 'authorisation start', operation: 'authorisation-start' },
  { label: 'consent creation', operation: 'consent-create' },
  { label: 'consent status reads', operation: 'consent-status' },
  { label: 'account reads', operation: 'accounts-list' },
  { label: 'TPP token requests', operation: 'token-client-credentials' },
];
