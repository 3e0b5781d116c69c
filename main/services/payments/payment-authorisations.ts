import { BankError } from '../../domain/errors';
import { afterAuthorisation, authorisationRefusalOf } from '../../domain/payment/authorisation-rules';
import { assertAuthorisationMayStart, paymentStatusAt } from '../../domain/payment/lifecycle';
import type { AuthorisationAttempt, Payment } from '../../domain/payment/payment';
import { startedJourney, journeyStatusAt, type ScaJourney } from '../../domain/sca/journey';
import type { BankContext } from '../context';
import { newId } from '../ids';
import type { PaymentAccess, PaymentContext } from './payment-access';
import type { AuthorisationStart, PaymentAuthorisations } from './payment-initiation';
import type { PaymentService } from './payments';
import type { PaymentAttempts } from './payment-attempts';
import type { JourneyEnding } from '../sca/sca';
import type { Refusal } from '../../domain/sca/outcome';

/**
 * Payment authorisation: starting refuses what the request itself shows (status, an active attempt,
 * an unknown PSU); the corporate customer's rules (separation of duty, signatory groups, approval
 * limits) are applied when the PSU approves in the bank's app, and a breach fails that SCA journey,
 * since the bank does not expose its configuration (spec "Authorisation rules for payments").
 */
export class PaymentAuthorisationService implements PaymentAuthorisations {
  constructor(
    private readonly ctx: BankContext,
    private readonly access: PaymentAccess,
    private readonly payments: PaymentService,
    private readonly attempts: PaymentAttempts,
  ) {}

  start(request: AuthorisationStart): { authorisationId: string; journeyId: string } {
    const now = this.ctx.clock.now();
    const consent = this.access.consentFor(request, 'payment authorisation');
    const psu = this.ctx.psus.get(request.psuId);
    if (!psu || psu.institution !== request.institution || !psu.scaEnrolled) {
      throw BankError.of('PSU_CREDENTIALS_INVALID', `PSU-ID ${request.psuId} cannot complete SCA at ${request.institution}`);
    }
    return this.ctx.transact(() => {
      const payment = this.access.payment(request.paymentId, request.product, request, consent);
      const active = this.attempts.active(payment.paymentId, now);
      assertAuthorisationMayStart(paymentStatusAt(payment, now), active?.authorisationId ?? null, payment.paymentId);
      this.payments.vop.assertCompleted(payment.paymentId, now, 'no SCA journey was started');
      const journey = startedJourney(
        newId(),
        'payment-authorisation',
        { institution: request.institution, psuId: psu.psuId, resourceId: payment.paymentId, tppRedirectUri: request.tppRedirectUri },
        now,
      );
      const attempt: AuthorisationAttempt = {
        authorisationId: newId(),
        paymentId: payment.paymentId,
        journeyId: journey.journeyId,
        psuId: psu.psuId,
        via: 'individual',
        basketId: null,
        status: 'started',
        signatoryGroup: psu.signatoryGroup,
        refusal: null,
        createdAt: now,
        finishedAt: null,
      };
      this.ctx.repos.journeys.insert(journey);
      this.ctx.repos.paymentAttempts.insertAttempt(attempt);
      this.ctx.events.emitEvent({ type: 'sca', journeyId: journey.journeyId, kind: journey.kind, psuId: psu.psuId, status: 'started' });
      return { authorisationId: attempt.authorisationId, journeyId: journey.journeyId };
    });
  }

  /** GET …/authorisations/{id}: that journey's scaStatus only. */
  scaStatus(paymentId: string, product: string, authorisationId: string, request: PaymentContext): 'started' | 'finalised' | 'failed' {
    const consent = this.access.consentFor(request, 'authorisation status retrieval');
    this.access.payment(paymentId, product, request, consent);
    const attempt = this.ctx.repos.paymentAttempts.attempt(authorisationId);
    if (!attempt || attempt.paymentId !== paymentId) {
      throw BankError.of('RESOURCE_UNKNOWN', `payment ${paymentId} has no authorisation ${authorisationId}`);
    }
    const journey = this.ctx.repos.journeys.find(attempt.journeyId);
    const status = journey ? journeyStatusAt(journey, this.ctx.clock.now()) : 'failed';
    return status === 'opened' ? 'started' : status;
  }

  /** What the bank would answer the journey's PSU approving now (the bank's app says it before the PSU acts). */
  refusalIfApproved(journey: ScaJourney, now: Date): Refusal | null {
    const attempt = this.ctx.repos.paymentAttempts.attemptByJourney(journey.journeyId);
    const payment = attempt && this.ctx.repos.payments.find(attempt.paymentId);
    if (!attempt || !payment) return null;
    return this.refusal({ ...payment, status: paymentStatusAt(payment, now) }, attempt.psuId);
  }

  /** The customer's rules on this PSU authorising the payment as it stands now. */
  private refusal(current: Payment, psuId: string): Refusal | null {
    const psu = this.ctx.psus.get(psuId);
    const rules = this.ctx.dataset.corporates.find((c) => c.id === current.corporateId)?.approvalRules;
    if (!psu || !rules) return { outcome: 'resourceGone', text: 'the PSU or the corporate customer no longer exists' };
    return authorisationRefusalOf(current, psu, rules);
  }

  /** The PSU decided in the bank's app (or the journey timed out): apply the customer's rules, then the authorisation. */
  onScaFinished(journey: ScaJourney, approved: boolean, now: Date): JourneyEnding {
    const attempt = this.ctx.repos.paymentAttempts.attemptByJourney(journey.journeyId);
    const payment = attempt && this.ctx.repos.payments.find(attempt.paymentId);
    if (!attempt || !payment) return { status: 'failed', reason: 'the payment no longer exists', outcome: 'resourceGone' };
    const fail = (refusal: Refusal | null): JourneyEnding => {
      this.ctx.repos.paymentAttempts.finishAttempt(attempt.authorisationId, 'failed', refusal?.text ?? null, now);
      return refusal === null ? { status: 'failed', reason: null, outcome: 'rejected' } : { status: 'failed', reason: refusal.text, outcome: refusal.outcome };
    };
    if (!approved) return fail(null);
    const psu = this.ctx.psus.get(attempt.psuId);
    const current: Payment = { ...payment, status: paymentStatusAt(payment, now) };
    const refusal = this.refusal(current, attempt.psuId);
    if (refusal || !psu) return fail(refusal);
    this.ctx.repos.paymentAttempts.finishAttempt(attempt.authorisationId, 'finalised', null, now);
    const next = afterAuthorisation(current, { psuId: psu.psuId, signatoryGroup: psu.signatoryGroup, at: now, via: attempt.via });
    if (next.status !== payment.status) this.payments.setStatus(payment, next.status, null, now);
    return { status: 'finalised' };
  }
}
