import type { PaymentContext } from './payment-access';
import type { AuthorisationStart, PaymentAuthorisationService } from './payment-authorisations';
import type { PaymentCreation, PaymentService } from './payments';
import type { BasketCreation, SigningBasketService } from '../signing-baskets/signing-baskets';

/**
 * Payment initiation and signing baskets as a TPP sees them. Simulation and the documented sandbox
 * each implement it, and Behaviour.paymentInitiation() is the one place that picks one.
 */
export interface PaymentInitiation {
  create(request: PaymentCreation): { paymentId: string; product: string };
  original(paymentId: string, product: string, request: PaymentContext): Buffer;
  statusReport(paymentId: string, product: string, request: PaymentContext): string;
  cancel(paymentId: string, product: string, request: PaymentContext): void;
  startAuthorisation(request: AuthorisationStart): { authorisationId: string; journeyId: string };
  scaStatus(paymentId: string, product: string, authorisationId: string, request: PaymentContext): 'started' | 'finalised' | 'failed';
  createBasket(request: BasketCreation): { basketId: string; journeyId: string };
  basket(basketId: string, request: PaymentContext): { payments: string[]; transactionStatus: string; scaStatus: string };
}

/** The stateful bank: payments, their authorisations and baskets as the spec says of production. */
export class SimulatedPaymentInitiation implements PaymentInitiation {
  constructor(
    private readonly payments: PaymentService,
    private readonly authorisations: PaymentAuthorisationService,
    private readonly baskets: SigningBasketService,
  ) {}

  create(request: PaymentCreation): { paymentId: string; product: string } {
    return this.payments.create(request);
  }

  original(paymentId: string, product: string, request: PaymentContext): Buffer {
    return this.payments.original(paymentId, product, request);
  }

  statusReport(paymentId: string, product: string, request: PaymentContext): string {
    return this.payments.statusReport(paymentId, product, request);
  }

  cancel(paymentId: string, product: string, request: PaymentContext): void {
    this.payments.cancel(paymentId, product, request);
  }

  startAuthorisation(request: AuthorisationStart): { authorisationId: string; journeyId: string } {
    const { attempt, journey } = this.authorisations.start(request);
    return { authorisationId: attempt.authorisationId, journeyId: journey.journeyId };
  }

  scaStatus(paymentId: string, product: string, authorisationId: string, request: PaymentContext): 'started' | 'finalised' | 'failed' {
    return this.authorisations.scaStatus(paymentId, product, authorisationId, request);
  }

  createBasket(request: BasketCreation): { basketId: string; journeyId: string } {
    const { basket, journey } = this.baskets.create(request);
    return { basketId: basket.basketId, journeyId: journey.journeyId };
  }

  basket(basketId: string, request: PaymentContext): { payments: string[]; transactionStatus: string; scaStatus: string } {
    const { basket, scaStatus } = this.baskets.read(basketId, request);
    return { payments: basket.paymentIds, transactionStatus: basket.status, scaStatus };
  }
}
