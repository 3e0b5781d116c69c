// Verification of Payee (spec "Verification of Payee result"): which credit transfers it applies
// to, what the responding PSP answers for a creditor name, and the result a status report shows
// at a given moment (RECI while the answer is awaited, NOAP once the time limit has passed).
import type { Payee } from '../dataset/types';
import { exactForm, isSimilar, looseForm } from './names';

/** What the payee's PSP answered. */
export type VopAnswer =
  | { outcome: 'match' }
  | { outcome: 'closeMatch'; registeredName: string }
  | { outcome: 'noMatch' }
  | { outcome: 'notApplicable'; why: string }
  | { outcome: 'serviceUnavailable' };

/** The result on a credit transfer at one moment, as pain.002 reports it. */
export type VopResult =
  | { state: 'inProgress'; reasonCode: 'RECI'; additionalInfo: string }
  | { state: 'completed'; outcome: VopAnswer['outcome'] | 'timeout'; reasonCode: 'CMTC' | 'NMTC' | 'NOAP' | null; additionalInfo: string | null };

/** One credit transfer's request to the payee's PSP: when it was asked, and what came back when. */
export interface VopCheck {
  requestedAt: Date;
  answeredAt: Date | undefined;
  answer: VopAnswer | undefined;
}

/**
 * The EPC VOP scheme rulebook (EPC218-23 v1.0) gives a check at most 5 seconds; after that the result is
 * the completed NOAP outcome (spec rule 2).
 */
export const VOP_TIME_LIMIT_MS = 5_000;

/** Loose forms this close (after folding accents and dropping legal forms) are a close match: typos, not other names. */
export const CLOSE_MATCH_THRESHOLD = 0.85;

/** SEPA credit transfers only, from an institution in scope (London is not). */
export function vopApplies(product: string, institutionVerifiesPayees: boolean): boolean {
  return product === 'pain.001-sepa-credit-transfers' && institutionVerifiesPayees;
}

/**
 * The responding PSP's answer for a creditor name and account; `undefined` when it never
 * answers (the dataset's timeout payees). `payee` is the registry entry of the creditor IBAN.
 */
export function payeeAnswer(payee: Payee | undefined, creditorName: string): VopAnswer | undefined {
  if (!payee) return { outcome: 'notApplicable', why: 'the account is not known to the payee’s PSP' };
  switch (payee.forcedOutcome) {
    case 'timeout':
      return undefined;
    case 'serviceUnavailable':
      return { outcome: 'serviceUnavailable' };
    case 'notApplicable':
      return { outcome: 'notApplicable', why: 'VoP is not possible for this account' };
    case undefined:
      return compareNames(creditorName, payee.registeredName);
  }
}

function compareNames(given: string, registered: string): VopAnswer {
  if (exactForm(given) === exactForm(registered)) return { outcome: 'match' };
  const a = looseForm(given);
  const b = looseForm(registered);
  if (a.length > 0 && isSimilar(a, b, CLOSE_MATCH_THRESHOLD)) return { outcome: 'closeMatch', registeredName: registered };
  return { outcome: 'noMatch' };
}

/**
 * The check made when the payment is created. The simulated PSPs answer at once; the dataset's
 * timeout payees never do, so their result stays RECI until the time limit.
 */
export function vopCheck(payee: Payee | undefined, creditorName: string, now: Date): VopCheck {
  const answer = payeeAnswer(payee, creditorName);
  return { requestedAt: now, answeredAt: answer ? now : undefined, answer };
}

/** A check the payee's PSP never answers, whoever the payee (the payee-bank-silent fault preset): RECI until the time limit, then NOAP. */
export function unansweredCheck(now: Date): VopCheck {
  return { requestedAt: now, answeredAt: undefined, answer: undefined };
}

/**
 * The result at `now` of a check requested at `requestedAt`, whose answer arrives at
 * `answeredAt` (never, for `undefined`). Past `requestedAt + timeLimitMs` without an answer the
 * result is the completed NOAP outcome (rule 2); before that it is RECI (rules 3 and 5).
 */
export function vopResultAt(check: VopCheck, now: Date, timeLimitMs = VOP_TIME_LIMIT_MS): VopResult {
  const { answer, answeredAt } = check;
  const deadline = check.requestedAt.getTime() + timeLimitMs;
  if (answer && answeredAt && answeredAt.getTime() <= deadline && now.getTime() >= answeredAt.getTime()) return completed(answer);
  if (now.getTime() >= deadline) {
    return {
      state: 'completed',
      outcome: 'timeout',
      reasonCode: 'NOAP',
      additionalInfo: 'VoP not possible: no response from the payee’s PSP within the time limit',
    };
  }
  return { state: 'inProgress', reasonCode: 'RECI', additionalInfo: 'VoP in progress' };
}

function completed(answer: VopAnswer): VopResult {
  switch (answer.outcome) {
    case 'match':
      return { state: 'completed', outcome: 'match', reasonCode: null, additionalInfo: null };
    case 'closeMatch':
      return { state: 'completed', outcome: 'closeMatch', reasonCode: 'CMTC', additionalInfo: answer.registeredName };
    case 'noMatch':
      return { state: 'completed', outcome: 'noMatch', reasonCode: 'NMTC', additionalInfo: 'No match: the name does not match the account holder' };
    case 'notApplicable':
      return { state: 'completed', outcome: 'notApplicable', reasonCode: 'NOAP', additionalInfo: `VoP not applicable: ${answer.why}` };
    case 'serviceUnavailable':
      return { state: 'completed', outcome: 'serviceUnavailable', reasonCode: 'NOAP', additionalInfo: 'VoP not possible: service unavailable' };
  }
}

/**
 * The moment the last of these results becomes final by itself (an answer arriving, or the time
 * limit passing), when that is later than the request; undefined when all are final at once.
 */
export function vopSettlesAt(checks: readonly VopCheck[], timeLimitMs = VOP_TIME_LIMIT_MS): Date | undefined {
  let latest: number | undefined;
  for (const check of checks) {
    const deadline = check.requestedAt.getTime() + timeLimitMs;
    const answered = check.answer && check.answeredAt ? check.answeredAt.getTime() : Infinity;
    const final = Math.min(answered, deadline);
    if (final > check.requestedAt.getTime()) latest = Math.max(latest ?? final, final);
  }
  return latest === undefined ? undefined : new Date(latest);
}

/** Rule 5: while any result is RECI, starting authorisation is blocked. */
export function vopBlocksAuthorisation(results: readonly VopResult[]): boolean {
  return results.some((r) => r.state === 'inProgress');
}
