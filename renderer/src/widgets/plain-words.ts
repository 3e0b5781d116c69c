// The bank app's words for the statuses the wire carries as codes; the codes stay for trainers.
import type { FlowPending, JourneyStatus, PaymentSummary } from '../../../preload/api/workbench-api';

const JOURNEY_WORDS: Record<JourneyStatus, string> = {
  started: 'Link not opened yet',
  opened: 'Waiting for you',
  finalised: 'Approved',
  failed: 'Not approved',
};

export function journeyStatusWords(status: JourneyStatus): string {
  return JOURNEY_WORDS[status];
}

const PAYMENT_WORDS: Record<PaymentSummary['status'], string> = {
  PATC: 'Waiting for approvals',
  PDNG: 'Approved, the bank is processing it',
  ACCP: 'Processed by the bank',
  RJCT: 'Rejected',
};

export function paymentStatusWords(status: PaymentSummary['status']): string {
  return PAYMENT_WORDS[status];
}

/** Approvals done and needed, as the PSU counts them: "1 of 2 approvals". */
export function approvalsText(done: number, needed: number): string {
  return `${done} of ${needed} approval${needed === 1 ? '' : 's'}`;
}

const PERMISSION_WORDS: Record<string, string> = {
  ais: 'see balances and transactions',
  paymentCreation: 'create payments',
  paymentAuthorisation: 'approve payments',
};

/** What an account's permissions let the consent do, in words; an unknown one as the dataset names it. */
export function permissionWords(permissions: readonly string[]): string {
  return permissions.map((p) => PERMISSION_WORDS[p] ?? p).join(', ');
}

/** What a run waits for the PSU to do: the one decision the step expects, or either when the choice is the PSU's. */
export function awaitedDecisionWords(pending: Extract<FlowPending, { kind: 'psu' }>): string {
  return pending.either === true ? 'approve or reject' : pending.expected;
}
