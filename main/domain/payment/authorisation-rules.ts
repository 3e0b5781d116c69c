import type { ApprovalRules, Psu } from '../dataset/types';
import { compareAmounts } from '../money';
import type { Refusal } from '../sca/outcome';
import { categoryOf, type AuthorisationRecord, type PaymentForRules, type TransactionStatus } from './payment';

/** One or two authorisations (spec "Limits"), two unless the customer lets small payments pass with one. */
export function authorisationsRequired(rules: ApprovalRules, currency: string, totalAmount: string): 1 | 2 {
  if (rules.authorisationsRequired === 1) return 1;
  const threshold = rules.singleAuthorisationUpTo?.find((m) => m.currency === currency);
  return threshold && compareAmounts(totalAmount, threshold.amount) <= 0 ? 1 : 2;
}

/** Why this PSU may not give the payment's next authorisation, in words, or null when they may (see authorisationRefusalOf). */
export function authorisationRefusal(payment: PaymentForRules, psu: Psu, rules: ApprovalRules): string | null {
  return authorisationRefusalOf(payment, psu, rules)?.text ?? null;
}

/**
 * Why this PSU may not give the payment's next authorisation, with the kind of rule, or null when they
 * may. These are the corporate customer's rules (spec "Authorisation rules for payments"), checked when
 * the PSU approves in the bank's app; the configuration is not exposed, so a refusal fails the SCA journey.
 */
export function authorisationRefusalOf(payment: PaymentForRules, psu: Psu, rules: ApprovalRules): Refusal | null {
  const refuse = (outcome: Refusal['outcome'], text: string): Refusal => ({ outcome, text });
  if (payment.status !== 'PATC') return refuse('notNeeded', `the payment is ${payment.status}; only a PATC payment can be authorised`);
  const given = payment.authorisations;
  if (given.length >= payment.authorisationsRequired) return refuse('notNeeded', 'the payment already has all the authorisations it needs');
  if (psu.corporateId !== payment.corporateId) return refuse('notEntitled', `${psu.psuId} is not a user of the payment's corporate customer`);
  const grant = psu.accounts.find((a) => a.resourceId === payment.debtorAccountId);
  if (!grant?.permissions.includes('paymentAuthorisation')) return refuse('notEntitled', `${psu.psuId} may not authorise payments from the debtor account`);
  if (given.some((a) => a.psuId === psu.psuId))
    return refuse('approvedTwice', `separation of duty: ${psu.psuId} already authorised this payment; one PSU never gives both authorisations`);
  if (psu.psuId === payment.creatorPsuId) {
    if (given.length === 0) return refuse('separationOfDuty', `separation of duty: ${psu.psuId} created the payment and cannot give its first authorisation`);
    if (!rules.creatorMayAuthoriseSecond)
      return refuse('separationOfDuty', `separation of duty: the customer does not let the creator give the second authorisation`);
  }
  if (rules.distinctSignatoryGroups && payment.authorisationsRequired === 2) {
    if (psu.signatoryGroup === null) return refuse('signatoryGroup', `${psu.psuId} belongs to no signatory group`);
    const first = given[0];
    if (first && first.signatoryGroup === psu.signatoryGroup) {
      return refuse(
        'signatoryGroup',
        `signatory groups: the first authorisation came from group ${first.signatoryGroup}; the second must come from another group`,
      );
    }
  }
  const limit = limitRefusal(payment, psu);
  return limit === null ? null : refuse('aboveLimit', limit);
}

function limitRefusal(payment: PaymentForRules, psu: Psu): string | null {
  const category = categoryOf(payment.product);
  const limit = psu.approvalLimits[category];
  if (!limit) return `approval limit: ${psu.psuId} may not authorise ${category} payments`;
  // The simulator has no FX rates: an amount in another currency is held against the limit at face value.
  if (compareAmounts(payment.totalAmount, limit.amount) > 0) {
    const faceValue = limit.currency === payment.currency ? '' : ' (compared at face value: no FX rates)';
    return `approval limit: ${payment.currency} ${payment.totalAmount} is above ${psu.psuId}'s ${category} limit of ${limit.currency} ${limit.amount}${faceValue}`;
  }
  return null;
}

/** A finalised authorisation: PATC → PATC while a second is needed, PATC → PDNG when all are done. */
export function afterAuthorisation(
  payment: PaymentForRules,
  record: AuthorisationRecord,
): { status: TransactionStatus; authorisations: AuthorisationRecord[] } {
  const authorisations = [...payment.authorisations, record];
  return { status: authorisations.length >= payment.authorisationsRequired ? 'PDNG' : 'PATC', authorisations };
}
