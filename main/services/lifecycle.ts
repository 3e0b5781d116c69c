import { earliest } from '../domain/time/earliest';
import { journeyDeadline, timeoutOf } from '../domain/sca/journey';
import type { BankContext } from './context';
import type { ScaService } from './sca';
import type { PaymentProcessingService } from './payment-processing';

/**
 * Writes the time-driven moves that are due at the clock's now (consent expiry, SCA timeout, payment
 * expiry and processing, VoP results reaching their time limit), so
 * the store and the events agree with what the rules already report. Runs on a timer armed for the next
 * due moment (lifecycle-timer.ts) and whenever the clock is moved, not before each request: reads and
 * actions apply the rules themselves, so a settle a few milliseconds late never shows a stale status.
 */
export class LifecycleService {
  constructor(
    private readonly ctx: BankContext,
    private readonly sca: ScaService,
    private readonly payments: PaymentProcessingService,
  ) {}

  /** The next moment (epoch ms, simulated time) something falls due, or null when nothing waits on time. */
  nextDue(now: Date): number | null {
    const { consents, journeys, payments } = this.ctx.repos;
    return earliest([consents.nextExpiry(), journeys.nextDeadline(), payments.nextVopSettlement(), this.payments.nextDue(now)]);
  }

  settle(): void {
    const now = this.ctx.clock.now();
    const { consents, journeys } = this.ctx.repos;
    const expiring = consents.dueToExpire(now);
    // Payments first: one that ends during a basket's SCA fails that journey, which then has not timed out.
    this.payments.settle(now);
    const timedOut = journeys.timedOut(now);
    // A RECI turning final changes nothing stored, but the Bank and the Phone show it: announce it.
    const vopSettled = this.ctx.transact(() => this.ctx.repos.payments.takeVopSettled(now));
    for (const p of vopSettled) this.ctx.events.emitEvent({ type: 'payment', paymentId: p.paymentId, institution: p.institution, status: p.status });
    if (expiring.length === 0 && timedOut.length === 0) return;
    this.ctx.transact(() => {
      for (const consent of expiring) {
        consents.setStatus(consent.consentId, 'expired', consent.expiresAt);
        this.ctx.events.emitEvent({ type: 'consent', consentId: consent.consentId, institution: consent.institution, status: 'expired' });
      }
      for (const journey of timedOut) {
        this.sca.finish(journey, false, journeyDeadline(journey) ?? now, timeoutOf(journey));
      }
    });
  }
}
