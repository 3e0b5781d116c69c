import type { AuthorisationAttempt, Payment } from '../../domain/payment/payment';
import { journeyStatusAt } from '../../domain/sca/journey';
import { endingOutcome, type PaymentEnding } from '../../domain/sca/outcome';
import type { BankContext } from '../context';

const ENDING_WORDS: Record<PaymentEnding, string> = {
  cancelled: 'the payment was cancelled',
  expired: 'the payment expired',
  processed: 'the payment was processed',
};

/** A payment's authorisation attempts: which one is active, and ending it when the payment ends. */
export class PaymentAttempts {
  constructor(private readonly ctx: BankContext) {}

  /** The attempt whose SCA journey is still started or opened (at most one, spec "Concurrent attempts"). */
  active(paymentId: string, now: Date): AuthorisationAttempt | undefined {
    return this.ctx.repos.paymentAttempts.attempts(paymentId).find((a) => {
      if (a.status !== 'started') return false;
      const journey = this.ctx.repos.journeys.find(a.journeyId);
      return journey !== undefined && ['started', 'opened'].includes(journeyStatusAt(journey, now));
    });
  }

  /**
   * Ends the active attempt of a payment that was cancelled, expired or processed, in the caller's
   * transaction. A basket cannot complete without that payment, and gives all its authorisations or
   * none, so its whole SCA fails (RJCT) and its other payments are free to be authorised again.
   */
  closeActive(payment: Payment, now: Date, ending: PaymentEnding): void {
    const active = this.active(payment.paymentId, now);
    if (!active) return;
    const journey = this.ctx.repos.journeys.find(active.journeyId);
    const attempts = active.basketId === null ? [active] : this.ctx.repos.paymentAttempts.attemptsByJourney(active.journeyId);
    const reason = ENDING_WORDS[ending];
    const why = active.basketId === null ? reason : `payment ${payment.paymentId} of the basket ended: ${reason}`;
    for (const attempt of attempts) this.ctx.repos.paymentAttempts.finishAttempt(attempt.authorisationId, 'failed', why, now);
    this.ctx.repos.journeys.finish(active.journeyId, 'failed', now, { reason: why, outcome: endingOutcome(ending, active.basketId !== null) });
    if (active.basketId !== null) this.ctx.repos.baskets.setStatus(active.basketId, 'RJCT', now);
    if (journey) this.ctx.events.emitEvent({ type: 'sca', journeyId: journey.journeyId, kind: journey.kind, psuId: journey.psuId, status: 'failed' });
  }
}
