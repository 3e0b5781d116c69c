import type { AuthorisationAttempt, Payment } from '../domain/payment/payment';
import { journeyStatusAt } from '../domain/sca/journey';
import type { BankContext } from './context';

/** A payment's authorisation attempts: which one is active, and ending it when the payment ends. */
export class PaymentAttempts {
  constructor(private readonly ctx: BankContext) {}

  /** The attempt whose SCA journey is still started or opened (at most one, spec "Concurrent attempts"). */
  active(paymentId: string, now: Date): AuthorisationAttempt | undefined {
    return this.ctx.repos.payments.attempts(paymentId).find((a) => {
      if (a.status !== 'started') return false;
      const journey = this.ctx.repos.journeys.find(a.journeyId);
      return journey !== undefined && ['started', 'opened'].includes(journeyStatusAt(journey, now));
    });
  }

  /** Ends the active attempt of a payment that was cancelled or expired, in the caller's transaction. */
  closeActive(payment: Payment, now: Date, reason: string): void {
    const active = this.active(payment.paymentId, now);
    if (!active) return;
    this.ctx.repos.payments.finishAttempt(active.authorisationId, 'failed', reason, now);
    this.ctx.repos.journeys.finish(active.journeyId, 'failed', now, reason);
  }
}
