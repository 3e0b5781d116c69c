import { earliest } from '../../domain/time/earliest';
import { journeyDeadline, timeoutOf } from '../../domain/sca/journey';
import type { BankContext } from '../context';
import { SANDBOX_OWNER } from '../consents/consents';
import type { ScaService } from '../sca/sca';
import type { PaymentProcessingService } from '../payments/payment-processing';

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
    const { consents, journeys, paymentSchedule } = this.ctx.repos;
    return earliest([consents.nextExpiry(), journeys.nextDeadline(), paymentSchedule.nextVopSettlement(), this.payments.nextDue(now)]);
  }

  /**
   * The next moment something waiting on time falls due, with what it is in words, for the trainer's "to the
   * next time limit": the moments the lifecycle settles, and the tokens' lifetimes, which no settle writes.
   */
  nextTimeLimit(now: Date): { at: Date; what: string } | null {
    const { consents, journeys, paymentSchedule, oauth } = this.ctx.repos;
    const moments: [number | null, string][] = [
      [paymentSchedule.nextVopSettlement(), "the VoP time limit: the payee's bank's answer is given up on"],
      [journeys.nextDeadline(), 'an SCA time limit: the PSU has not decided'],
      [oauth.nextTokenExpiry(now), 'a token runs out'],
      [this.payments.nextDue(now), 'the bank processes or expires a payment'],
      [consents.nextExpiryExcept(SANDBOX_OWNER), 'a consent expires'],
    ];
    const ahead = moments.filter((m): m is [number, string] => m[0] !== null && m[0] > now.getTime());
    const at = earliest(ahead.map(([moment]) => moment));
    const first = ahead.find(([moment]) => moment === at);
    return first === undefined ? null : { at: new Date(first[0]), what: first[1] };
  }

  settle(): void {
    const now = this.ctx.clock.now();
    const { consents, journeys } = this.ctx.repos;
    const expiring = consents.dueToExpire(now);
    // Payments first: one that ends during a basket's SCA fails that journey, which then has not timed out.
    this.payments.settle(now);
    const timedOut = journeys.timedOut(now);
    // A RECI turning final changes nothing stored, but the Bank and the Phone show it: announce it.
    const vopSettled = this.ctx.transact(() => this.ctx.repos.paymentSchedule.takeVopSettled(now));
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
