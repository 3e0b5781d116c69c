/**
 * How a journey ended, as a kind the PSU's app can put in words (the free-text reason stays beside it
 * for trainers). Decided where the outcome is decided: the PSU's action, a time limit, a rule of the
 * corporate customer, or the payment ending under the journey.
 */
export const JOURNEY_OUTCOMES = [
  'approved',
  'rejected',
  /** No decision within 5 minutes of opening the link. */
  'timedOutAfterOpening',
  /** The link was not opened within 15 minutes of the journey starting. */
  'timedOutAfterStart',
  /** The PSU created the payment: not its first authorisation (nor its second, where the customer says so). */
  'separationOfDuty',
  /** The PSU already gave this payment an authorisation: one PSU never gives both. */
  'approvedTwice',
  /** Above the PSU's approval limit, or a category the PSU may not authorise at all. */
  'aboveLimit',
  /** The second authorisation must come from another signatory group (or the PSU is in none). */
  'signatoryGroup',
  /** The PSU may not authorise payments of this customer or from this account. */
  'notEntitled',
  /** The payment no longer needs an authorisation (not PATC, or all given). */
  'notNeeded',
  /** The payment under the journey was cancelled, expired or was processed. */
  'paymentCancelled',
  'paymentExpired',
  'paymentProcessed',
  /** One payment of the basket was cancelled, expired or was processed: the whole basket fails. */
  'basketMemberCancelled',
  'basketMemberExpired',
  'basketMemberProcessed',
  /** What the journey authorises is gone (or its PSU). */
  'resourceGone',
] as const;

export type JourneyOutcome = (typeof JOURNEY_OUTCOMES)[number];

export const isJourneyOutcome = (value: unknown): value is JourneyOutcome => (JOURNEY_OUTCOMES as readonly unknown[]).includes(value);

/** A rule that refuses the PSU's approval: its kind and the reason in words. */
export interface Refusal {
  outcome: JourneyOutcome;
  text: string;
}

/** How a payment ended under an active attempt. */
export type PaymentEnding = 'cancelled' | 'expired' | 'processed';

/** The journey's outcome when the payment under it ends: of the payment itself, or of a basket it is in. */
export function endingOutcome(ending: PaymentEnding, inBasket: boolean): JourneyOutcome {
  switch (ending) {
    case 'cancelled':
      return inBasket ? 'basketMemberCancelled' : 'paymentCancelled';
    case 'expired':
      return inBasket ? 'basketMemberExpired' : 'paymentExpired';
    case 'processed':
      return inBasket ? 'basketMemberProcessed' : 'paymentProcessed';
  }
}
