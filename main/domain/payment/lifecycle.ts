import { BankError } from '../errors';
import type { TransactionStatus } from './payment';

/** A PATC payment not fully authorised this long after creation is rejected (spec "Limits"). */
export const PATC_EXPIRY_DAYS = 90;
const DAY_MS = 86_400_000;

/** Status reasons the simulator writes into the pain.002 (ISO 20022 external status reason codes). */
export const REASON = {
  /** DS02: order cancelled by an authorised person (the TPP's DELETE). */
  cancelled: 'DS02',
  /** NARR with text: the 90 days ran out before all authorisations were given. */
  expired: 'NARR',
  /** AM04: insufficient funds when the bank processes the payment. */
  insufficientFunds: 'AM04',
} as const;

export const patcExpiry = (createdAt: Date): Date => new Date(createdAt.getTime() + PATC_EXPIRY_DAYS * DAY_MS);

/** The status at `now` with the time-driven move PATC → RJCT after 90 days applied. */
export function paymentStatusAt(payment: { status: TransactionStatus; createdAt: Date }, now: Date): TransactionStatus {
  if (payment.status === 'PATC' && now.getTime() >= patcExpiry(payment.createdAt).getTime()) return 'RJCT';
  return payment.status;
}

/** DELETE: only a PATC payment can be cancelled; anything else is 405 CANCELLATION_INVALID. */
export function assertCancellable(status: TransactionStatus, paymentId: string): void {
  if (status !== 'PATC') {
    throw BankError.of('CANCELLATION_INVALID', `payment ${paymentId} is ${status}; only a PATC payment can be cancelled`);
  }
}

/** Starting an authorisation: the payment must be PATC with no attempt active (spec "Concurrent attempts"). */
export function assertAuthorisationMayStart(status: TransactionStatus, activeAttempt: string | null, paymentId: string): void {
  if (status !== 'PATC') throw BankError.of('STATUS_INVALID', `payment ${paymentId} is ${status}; authorisation is possible only while PATC`);
  if (activeAttempt) {
    throw BankError.of(
      'STATUS_INVALID',
      `payment ${paymentId} already has an active authorisation attempt (${activeAttempt}); start a new one when it has ended`,
    );
  }
}
