import { parseBasketRequest } from '../../domain/basket/basket';
import type { InstitutionId } from '../../domain/dataset/types';
import { sandboxPaymentAnswersAt } from '../../domain/dataset/sandbox';
import { BankError } from '../../domain/errors';
import { SANDBOX_JOURNEY } from '../../domain/sca/journey';
import type { BankContext } from '../context';
import type { PaymentAccess, PaymentContext } from '../payments/payment-access';
import type { BasketCreation, SigningBaskets } from './basket-operations';

/**
 * The documented sandbox's signing baskets (spec "Sandbox behaviour" 6): the request is checked as in
 * simulation, nothing is stored, creation answers the fixed basket, and reading answers the dataset's.
 */
export class SandboxSigningBasketService implements SigningBaskets {
  constructor(
    private readonly ctx: BankContext,
    private readonly access: PaymentAccess,
  ) {}

  create(request: BasketCreation): { basketId: string; journeyId: string } {
    this.access.consentFor(request, 'signing basket creation');
    parseBasketRequest(request.body);
    return { basketId: this.ctx.dataset.sandbox.createdBasketId, journeyId: SANDBOX_JOURNEY };
  }

  /** A basket lists the payments that answer through the institution asked (the dataset guarantees at least one). */
  read(basketId: string, request: PaymentContext): { payments: string[]; transactionStatus: string; scaStatus: 'started' | 'finalised' | 'failed' } {
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
}
