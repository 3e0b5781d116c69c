import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstitutionId, SandboxPayment } from '../../domain/dataset/types';
import { sandboxPaymentAnswersAt } from '../../domain/dataset/sandbox';
import { BankError } from '../../domain/errors';
import { localDateTime } from '../../domain/iso20022/pain001/local-time';
import { validatePain001 } from '../../domain/iso20022/pain001/validate';
import { buildPain002 } from '../../domain/iso20022/pain002/build';
import { parseBasketRequest } from '../../domain/basket/basket';
import { resourcesDir } from '../../resources-dir';
import type { BankContext } from '../context';
import type { PaymentAccess, PaymentContext } from './payment-access';
import type { AuthorisationStart } from './payment-authorisations';
import { SANDBOX_JOURNEY } from '../../domain/sca/journey';
import type { PaymentInitiation } from './payment-initiation';
import type { PaymentCreation, PaymentService } from './payments';
import type { BasketCreation } from '../signing-baskets/signing-baskets';

/**
 * The bank's documented sandbox for payments and baskets (spec "Sandbox behaviour" 5 and 6): requests
 * are validated as in simulation, nothing is stored, creation answers fixed identifiers, and the other
 * operations answer from the pre-loaded payments and baskets of the dataset.
 */
export class SandboxPaymentService implements PaymentInitiation {
  constructor(
    private readonly ctx: BankContext,
    private readonly access: PaymentAccess,
    private readonly payments: PaymentService,
  ) {}

  create(request: PaymentCreation): { paymentId: string; product: string } {
    const { product } = this.payments.check(request);
    const paymentId = this.ctx.dataset.sandbox.createdPaymentIds[product];
    if (!paymentId) throw BankError.of('PRODUCT_UNKNOWN', `the sandbox has no fixed payment for ${product}`);
    return { paymentId, product };
  }

  original(paymentId: string, product: string, request: PaymentContext): Buffer {
    return this.templateOf(this.preloaded(paymentId, product, request));
  }

  statusReport(paymentId: string, product: string, request: PaymentContext): string {
    const payment = this.preloaded(paymentId, product, request);
    const now = this.ctx.clock.now();
    const parsed = this.parsedTemplate(payment);
    const notApplicable = payment.transactionStatus === 'n.a.';
    return buildPain002({
      messageId: `SBX-${payment.paymentId}`.slice(0, 35),
      createdAt: now,
      original: parsed,
      transactions: parsed.transactions.map((tx) => ({
        endToEndId: tx.endToEndId,
        status: notApplicable ? null : payment.transactionStatus,
        reasons: notApplicable ? [{ code: 'NARR', info: ['status not applicable (n.a.): sandbox pre-loaded payment'] }] : [],
      })),
    });
  }

  startAuthorisation(request: AuthorisationStart): { authorisationId: string; journeyId: string } {
    const { paymentId, product } = request;
    const payment = this.preloaded(paymentId, product, request);
    if (payment.startAuthorisation === 'statusInvalid') {
      throw BankError.of('STATUS_INVALID', `sandbox payment ${paymentId} (${payment.transactionStatus}) does not permit another authorisation`);
    }
    return { authorisationId: `${paymentId}-AUTH`, journeyId: SANDBOX_JOURNEY };
  }

  scaStatus(paymentId: string, product: string, authorisationId: string, request: PaymentContext): 'started' | 'finalised' {
    const payment = this.preloaded(paymentId, product, request);
    if (authorisationId !== `${paymentId}-AUTH`) throw BankError.of('RESOURCE_UNKNOWN', `sandbox payment ${paymentId} has no authorisation ${authorisationId}`);
    return payment.authorisationScaStatus;
  }

  cancel(paymentId: string, product: string, request: PaymentContext): void {
    const payment = this.preloaded(paymentId, product, request);
    if (payment.cancellation === 'invalid') {
      throw BankError.of('CANCELLATION_INVALID', `sandbox payment ${paymentId} (${payment.transactionStatus}) cannot be cancelled`);
    }
  }

  createBasket(request: BasketCreation): { basketId: string; journeyId: string } {
    this.access.consentFor(request, 'signing basket creation');
    parseBasketRequest(request.body);
    return { basketId: this.ctx.dataset.sandbox.createdBasketId, journeyId: SANDBOX_JOURNEY };
  }

  /** A basket lists the payments that answer through the institution asked (the dataset guarantees at least one). */
  basket(basketId: string, request: PaymentContext): { payments: string[]; transactionStatus: string; scaStatus: string } {
    this.access.consentFor(request, 'signing basket retrieval');
    const sandbox = this.ctx.dataset.sandbox;
    const answering = (paymentIds: readonly string[]): string[] => paymentIds.filter((id) => this.answersThrough(id, request.institution));
    if (basketId === sandbox.createdBasketId) return { payments: answering(sandbox.createdBasketPaymentIds), transactionStatus: 'PATC', scaStatus: 'started' };
    const basket = sandbox.baskets.find((b) => b.basketId === basketId);
    if (!basket) throw BankError.of('RESOURCE_UNKNOWN', `the sandbox has no basket ${basketId}`);
    return { payments: answering(basket.paymentIds), transactionStatus: basket.transactionStatus, scaStatus: basket.scaStatus };
  }

  private answersThrough(paymentId: string, institution: InstitutionId): boolean {
    const product = this.ctx.dataset.sandbox.payments.find((p) => p.paymentId === paymentId)?.product;
    return product !== undefined && sandboxPaymentAnswersAt(this.ctx.dataset, product, institution);
  }

  /** A pre-loaded payment answers only through an institution offering its product, as a created one would. */
  private preloaded(paymentId: string, product: string, request: PaymentContext): SandboxPayment {
    this.access.consentFor(request, 'payment access');
    this.payments.product(request.institution, product);
    const payment = this.ctx.dataset.sandbox.payments.find((p) => p.paymentId === paymentId && p.product === product);
    if (!payment) throw BankError.of('RESOURCE_UNKNOWN', `the sandbox has no pre-loaded ${product} payment ${paymentId}`);
    return payment;
  }

  private templateOf(payment: SandboxPayment): Buffer {
    return readFileSync(join(resourcesDir(), payment.templateFile));
  }

  /** The template as the validator reads it, against whichever institution holds its debtor account. */
  private parsedTemplate(payment: SandboxPayment) {
    const xml = this.templateOf(payment);
    const now = this.ctx.clock.now();
    for (const institution of this.ctx.dataset.institutions) {
      if (!institution.products.includes(payment.product)) continue;
      const accounts = this.ctx.dataset.accounts.filter((a) => a.institution === institution.id);
      const result = validatePain001(xml, { product: payment.product, institution, accounts, today: localDateTime(now, institution.calendar.timeZone).date });
      if (result.ok) return result.payment;
    }
    throw BankError.of('RESOURCE_UNKNOWN', `the sandbox template ${payment.templateFile} does not validate against the dataset`);
  }
}
