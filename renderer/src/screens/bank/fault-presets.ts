import type { FaultRuleInput } from '../../../../preload/api/workbench-api';

type ActionRuleInput = Extract<FaultRuleInput, { action: unknown }>;
export type ScenarioInput = Extract<FaultRuleInput, { preset: unknown }>;

/** What a fault rule does, as the Bank screen offers it: the common answers of a bank that misbehaves. */
export const FAULT_ACTIONS: { label: string; action: ActionRuleInput['action'] }[] = [
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

/**
 * The bank-level scenarios (fault presets), in a trainer's words: what the class will see, and whether it
 * lasts N minutes of simulated time (moving the clock past them ends it) and is for one institution.
 */
export const FAULT_SCENARIOS: { preset: ScenarioInput['preset']; label: string; minutes: 'needed' | 'optional'; institution: 'needed' | 'optional' }[] = [
  {
    preset: 'pending-processing',
    label: 'Payments stay pending (PDNG) for N minutes before the bank processes them',
    minutes: 'needed',
    institution: 'optional',
  },
  {
    preset: 'payee-bank-silent',
    label: "The payee's bank does not answer the name check: in progress (RECI), then not possible (NOAP)",
    minutes: 'optional',
    institution: 'optional',
  },
  {
    preset: 'sca-abandoned',
    label: 'The customer abandons the approval in the app: it ends when the time limit runs out',
    minutes: 'optional',
    institution: 'optional',
  },
  { preset: 'maintenance', label: 'The bank is under maintenance for N minutes: every request answers 503', minutes: 'needed', institution: 'needed' },
];
