import { parseBasketRequest, type SigningBasket } from '../../domain/basket/basket';
import { BankError } from '../../domain/errors';
import { afterAuthorisation, authorisationRefusalOf } from '../../domain/payment/authorisation-rules';
import { paymentStatusAt } from '../../domain/payment/lifecycle';
import type { Payment } from '../../domain/payment/payment';
import { startedJourney, journeyStatusAt, type ScaJourney } from '../../domain/sca/journey';
import type { BankContext } from '../context';
import { newId } from '../ids';
import type { PaymentAccess, PaymentContext } from '../payments/payment-access';
import type { PaymentAttempts } from '../payments/payment-attempts';
import type { JourneyEnding } from '../sca/sca';
import type { Refusal } from '../../domain/sca/outcome';
import type { PaymentService } from '../payments/payments';
import type { BasketCreation, SigningBaskets } from './basket-operations';

/**
 * Signing baskets: eligibility is checked for every payment at creation and creation is atomic (spec
 * "Endpoints > Signing baskets"); the basket's one SCA then gives one authorisation to each payment,
 * or to none.
 */
export class SigningBasketService implements SigningBaskets {
  constructor(
    private readonly ctx: BankContext,
    private readonly access: PaymentAccess,
    private readonly payments: PaymentService,
    private readonly attempts: PaymentAttempts,
  ) {}

  create(request: BasketCreation): { basketId: string; journeyId: string } {
    const now = this.ctx.clock.now();
    const consent = this.access.consentFor(request, 'signing basket creation');
    const paymentIds = parseBasketRequest(request.body);
    const psu = this.ctx.psus.get(consent.psuId);
    if (!psu || !psu.scaEnrolled) throw BankError.of('PSU_CREDENTIALS_INVALID', `PSU-ID ${consent.psuId} cannot complete SCA`);
    return this.ctx.transact(() => {
      for (const paymentId of paymentIds) this.assertEligible(paymentId, request, psu.psuId, now);
      const basketId = newId();
      const journey = startedJourney(
        newId(),
        'signing-basket',
        { institution: request.institution, psuId: psu.psuId, resourceId: basketId, tppRedirectUri: request.tppRedirectUri },
        now,
      );
      const basket: SigningBasket = {
        basketId,
        institution: request.institution,
        tppId: request.grant.tppId,
        consentId: consent.consentId,
        psuId: psu.psuId,
        journeyId: journey.journeyId,
        status: 'PATC',
        paymentIds,
        createdAt: now,
        statusChangedAt: now,
      };
      this.ctx.repos.journeys.insert(journey);
      this.ctx.repos.baskets.insert(basket);
      for (const paymentId of paymentIds) {
        this.ctx.repos.paymentAttempts.insertAttempt({
          authorisationId: newId(),
          paymentId,
          journeyId: journey.journeyId,
          psuId: psu.psuId,
          via: 'basket',
          basketId,
          status: 'started',
          signatoryGroup: psu.signatoryGroup,
          refusal: null,
          createdAt: now,
          finishedAt: null,
        });
      }
      this.ctx.events.emitEvent({ type: 'sca', journeyId: journey.journeyId, kind: 'signing-basket', psuId: psu.psuId, status: 'started' });
      return { basketId, journeyId: journey.journeyId };
    });
  }

  /** GET /signing-baskets/{id}: the Payment IDs, transactionStatus and scaStatus. */
  read(basketId: string, request: PaymentContext): { payments: string[]; transactionStatus: string; scaStatus: 'started' | 'finalised' | 'failed' } {
    const consent = this.access.consentFor(request, 'signing basket retrieval');
    const basket = this.ctx.repos.baskets.find(basketId);
    const unknown = (): BankError => BankError.of('RESOURCE_UNKNOWN', `signing basket ${basketId} does not exist`);
    if (!basket) throw unknown();
    if (basket.institution !== request.institution || basket.tppId !== request.grant.tppId) {
      throw BankError.of('RESOURCE_UNKNOWN', `signing basket ${basketId} is not accessible through this institution and TPP`, 403);
    }
    // A basket shows its payments: a PSU who may not see each of them learns not even that it exists.
    const payments = basket.paymentIds.map((id) => this.ctx.repos.payments.find(id));
    if (payments.some((p) => p === undefined || !this.access.sees(consent, p))) throw unknown();
    const journey = this.ctx.repos.journeys.find(basket.journeyId);
    const status = journey ? journeyStatusAt(journey, this.ctx.clock.now()) : 'failed';
    return { payments: basket.paymentIds, transactionStatus: basket.status, scaStatus: status === 'opened' ? 'started' : status };
  }

  /** The basket's SCA ended: every payment takes its authorisation (ACTC), or none does (RJCT). */
  onScaFinished(journey: ScaJourney, approved: boolean, now: Date): JourneyEnding {
    const basket = this.ctx.repos.baskets.byJourney(journey.journeyId);
    if (!basket) return { status: 'failed', reason: 'the basket no longer exists', outcome: 'resourceGone' };
    const attempts = this.ctx.repos.paymentAttempts.attemptsByJourney(journey.journeyId);
    const psu = this.ctx.psus.get(basket.psuId);
    const payments = attempts.map((a) => this.ctx.repos.payments.find(a.paymentId)).filter((p): p is Payment => p !== undefined);
    const refusal = !approved
      ? null
      : !psu
        ? ({ outcome: 'resourceGone', text: 'the PSU no longer exists' } satisfies Refusal)
        : (payments.map((p) => this.refusalNow(p, psu.psuId, now)).find((r) => r !== null) ?? null);
    if (!approved || refusal) {
      for (const a of attempts) this.ctx.repos.paymentAttempts.finishAttempt(a.authorisationId, 'failed', refusal?.text ?? null, now);
      this.ctx.repos.baskets.setStatus(basket.basketId, 'RJCT', now);
      return { status: 'failed', reason: refusal?.text ?? null, outcome: refusal?.outcome ?? 'rejected' };
    }
    for (const attempt of attempts) {
      const payment = payments.find((p) => p.paymentId === attempt.paymentId) as Payment;
      this.ctx.repos.paymentAttempts.finishAttempt(attempt.authorisationId, 'finalised', null, now);
      const next = afterAuthorisation(
        { ...payment, status: paymentStatusAt(payment, now) },
        { psuId: basket.psuId, signatoryGroup: attempt.signatoryGroup, at: now, via: 'basket' },
      );
      if (next.status !== payment.status) this.payments.setStatus(payment, next.status, null, now);
    }
    this.ctx.repos.baskets.setStatus(basket.basketId, 'ACTC', now);
    return { status: 'finalised' };
  }

  /** What the bank would answer the basket's PSU approving now: the first payment a rule refuses. */
  refusalIfApproved(journey: ScaJourney, now: Date): Refusal | null {
    const basket = this.ctx.repos.baskets.byJourney(journey.journeyId);
    if (!basket) return null;
    for (const attempt of this.ctx.repos.paymentAttempts.attemptsByJourney(journey.journeyId)) {
      const payment = this.ctx.repos.payments.find(attempt.paymentId);
      const refusal = payment && this.refusalNow(payment, basket.psuId, now);
      if (refusal) return refusal;
    }
    return null;
  }

  private assertEligible(paymentId: string, request: PaymentContext, psuId: string, now: Date): void {
    const payment = this.accessible(paymentId, request, psuId);
    const active = this.attempts.active(paymentId, now);
    if (active) throw BankError.of('STATUS_INVALID', `payment ${paymentId} is in another active authorisation attempt; no basket was created`);
    const refusal = this.refusalNow(payment, psuId, now);
    if (refusal) throw BankError.of('STATUS_INVALID', `payment ${paymentId} is not eligible: ${refusal.text}; no basket was created`);
    this.payments.vop.assertCompleted(paymentId, now, 'no basket was created');
  }

  /** Spec "Errors": a Payment ID unknown, inaccessible or invalid makes the basket request FORMAT_ERROR; the text says which. */
  private accessible(paymentId: string, request: PaymentContext, psuId: string): Payment {
    const refuse = (why: string): BankError => BankError.of('FORMAT_ERROR', `Payment ID ${paymentId} ${why}; no basket was created`);
    const payment = this.ctx.repos.payments.find(paymentId);
    if (!payment) throw refuse('is unknown');
    if (payment.institution !== request.institution) throw refuse('belongs to another institution endpoint');
    if (payment.tppId !== request.grant.tppId) throw refuse('belongs to another TPP');
    const grant = this.ctx.psus.get(psuId)?.accounts.find((a) => a.resourceId === payment.debtorAccountId);
    if (!grant?.permissions.includes('paymentAuthorisation'))
      throw refuse(`is not accessible: the consent's PSU ${psuId} may not authorise payments from its debtor account`);
    return payment;
  }

  private refusalNow(payment: Payment, psuId: string, now: Date): Refusal | null {
    const psu = this.ctx.psus.get(psuId);
    const rules = this.ctx.dataset.corporates.find((c) => c.id === payment.corporateId)?.approvalRules;
    if (!psu || !rules) return { outcome: 'resourceGone', text: 'the PSU or the corporate customer no longer exists' };
    const refusal = authorisationRefusalOf({ ...payment, status: paymentStatusAt(payment, now) }, psu, rules);
    return refusal === null ? null : { outcome: refusal.outcome, text: `payment ${payment.paymentId}: ${refusal.text}` };
  }
}
