// Every way an SCA journey can end, in the words the PSU reads on the phone: one place, so the Phone
// screen, the inline phones and the warning before a decision always say the same.
import type { JourneyOutcome, ScaJourney } from '../../../../preload/api/workbench-api';

export interface OutcomeWords {
  /** The banner's headline. */
  title: string;
  /** What happened and what it means, in a sentence or two. */
  sentence: string;
}

/** A basket is approved as a whole or not at all: one payment of it ending fails it. */
function basketEnded(what: string): OutcomeWords {
  return {
    title: 'Basket not approved',
    sentence: `One payment in the basket ${what}, so the basket cannot be approved as a whole. Nothing in it was approved.`,
  };
}

const WORDS: Record<JourneyOutcome, OutcomeWords> = {
  approved: { title: 'Approved', sentence: 'You approved it. The provider can go on.' },
  rejected: { title: 'Rejected', sentence: 'You rejected it. Nothing was approved.' },
  timedOutAfterOpening: {
    title: 'Time is up',
    sentence: 'You did not decide within 5 minutes of opening the link, so nothing was approved. Ask the provider to start again.',
  },
  timedOutAfterStart: {
    title: 'Time is up',
    sentence: 'The link was not opened within 15 minutes of the request, so nothing was approved. Ask the provider to start again.',
  },
  separationOfDuty: {
    title: 'Refused: you created this payment',
    sentence: 'The person who creates a payment cannot give its first approval (separation of duty). Someone else must approve it.',
  },
  approvedTwice: {
    title: 'Refused: you already approved it',
    sentence: 'You already gave this payment one approval; the second must come from someone else (separation of duty).',
  },
  aboveLimit: {
    title: 'Refused: above your limit',
    sentence: 'This payment is above your approval limit. Someone with a higher limit must approve it.',
  },
  signatoryGroup: {
    title: 'Refused: another signatory group is needed',
    sentence: 'The first approval came from your signatory group; the second must come from someone in another group.',
  },
  notEntitled: { title: 'Refused: not yours to approve', sentence: 'You may not approve payments from this account.' },
  notNeeded: { title: 'Nothing left to approve', sentence: 'This payment needs no more approvals.' },
  paymentCancelled: { title: 'Payment cancelled', sentence: 'The provider cancelled the payment, so there is nothing to approve any more.' },
  paymentExpired: { title: 'Payment expired', sentence: 'The payment waited too long for its approvals and expired.' },
  paymentProcessed: { title: 'Payment already processed', sentence: 'The bank processed the payment, so there is nothing to approve any more.' },
  basketMemberCancelled: basketEnded('was cancelled'),
  basketMemberExpired: basketEnded('expired'),
  basketMemberProcessed: basketEnded('was already processed'),
  resourceGone: { title: 'Not approved', sentence: 'What you were asked to approve no longer exists.' },
};

/** The headline and sentence for how the journey ended; a journey from before kinds were kept says its status and reason. */
export function outcomeWords(journey: Pick<ScaJourney, 'status' | 'outcome' | 'outcomeReason'>): OutcomeWords {
  if (journey.outcome) return WORDS[journey.outcome];
  if (journey.status === 'finalised') return WORDS.approved;
  return { title: 'Not approved', sentence: journey.outcomeReason ? `The bank did not approve it: ${journey.outcomeReason}.` : 'Nothing was approved.' };
}

/**
 * What the PSU reads before deciding when the bank already knows it will refuse the approval: the same
 * words as the outcome, said as what will happen.
 */
export function refusalWarning(refusal: NonNullable<ScaJourney['approvalRefusal']>): OutcomeWords {
  const words = WORDS[refusal.outcome];
  return {
    title: words.title.replace(/^Refused: /, 'You cannot approve this: '),
    sentence: `${words.sentence} If you press Approve anyway, the bank will refuse it.`,
  };
}
