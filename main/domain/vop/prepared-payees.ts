// A payee a trainer added to an institution's VoP registry ahead of a lesson (docs/teaching.md,
// "Lessons prepared ahead"): the account holder's registered name, its IBAN, and what the payee's
// bank answers when a payment names it with the trainer's creditor name. Pure: the payment's check
// (services/payments/payee-verification.ts) asks it for the answer, the registry lists it.
import type { InstitutionId, Payee, VopOutcome } from '../dataset/types';
import { exactForm } from './names';
import { payeeAnswer, type VopAnswer, type VopCheck } from './verify';

export interface PreparedPayee {
  institution: InstitutionId;
  iban: string;
  /** The account holder's name as the payee's bank holds it: what a close match suggests. */
  registeredName: string;
  /** The name the payer writes (Cdtr/Nm) for which the payee's bank gives `outcome`. */
  creditorName: string;
  outcome: VopOutcome;
  demonstrates: string;
}

/** What a payee's entry says of itself when the trainer wrote nothing: the outcome, in words. */
const OUTCOME_NOTES: Record<VopOutcome, string> = {
  match: 'the name matches the account holder',
  closeMatch: 'a close match: the payee’s bank suggests the registered name',
  noMatch: 'no match: the name is not the account holder’s',
  notApplicable: 'the name cannot be checked for this account',
  serviceUnavailable: 'the payee’s bank is unavailable',
  timeout: 'the payee’s bank does not answer',
};

export const preparedNote = (outcome: VopOutcome): string => `Added for a lesson: ${OUTCOME_NOTES[outcome]}`;

/** The payee as the dataset's registry would hold it, for the dataset's own checks (a valid IBAN, unique in the registry). */
export function asDatasetPayee(payee: Pick<PreparedPayee, 'iban' | 'registeredName' | 'demonstrates' | 'outcome'>): Payee {
  const forced = payee.outcome === 'notApplicable' || payee.outcome === 'serviceUnavailable' || payee.outcome === 'timeout' ? payee.outcome : undefined;
  return {
    iban: payee.iban,
    registeredName: payee.registeredName,
    demonstrates: payee.demonstrates,
    ...(forced === undefined ? {} : { forcedOutcome: forced }),
  };
}

/**
 * The payee's bank's answer for a creditor name: the trainer's outcome for the trainer's creditor name
 * (whatever a name comparison would say); for another name the registered name is compared as for any
 * payee. Undefined: it never answers (the time limit decides).
 */
export function preparedPayeeAnswer(payee: PreparedPayee, creditorName: string): VopAnswer | undefined {
  const asRegistered = payeeAnswer(asDatasetPayee(payee), creditorName);
  if (payee.outcome === 'timeout' || payee.outcome === 'serviceUnavailable' || payee.outcome === 'notApplicable') return asRegistered;
  if (exactForm(creditorName) !== exactForm(payee.creditorName)) return asRegistered;
  switch (payee.outcome) {
    case 'match':
      return { outcome: 'match' };
    case 'closeMatch':
      return { outcome: 'closeMatch', registeredName: payee.registeredName };
    case 'noMatch':
      return { outcome: 'noMatch' };
  }
}

/** The check made when a payment to the prepared payee is created: answered at once, or never (no answer). */
export function preparedCheck(payee: PreparedPayee, creditorName: string, now: Date): VopCheck {
  const answer = preparedPayeeAnswer(payee, creditorName);
  return { requestedAt: now, answeredAt: answer ? now : undefined, answer };
}
