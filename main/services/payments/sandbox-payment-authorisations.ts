import { BankError } from '../../domain/errors';
import { SANDBOX_JOURNEY } from '../../domain/sca/journey';
import type { PaymentContext } from './payment-access';
import type { AuthorisationStart, PaymentAuthorisations } from './payment-initiation';
import type { SandboxPaymentService } from './sandbox-payments';

/** The documented sandbox's payment authorisations (spec "Sandbox behaviour" 5): fixed answers per pre-loaded payment. */
export class SandboxPaymentAuthorisationService implements PaymentAuthorisations {
  constructor(private readonly payments: SandboxPaymentService) {}

  start(request: AuthorisationStart): { authorisationId: string; journeyId: string } {
    const { paymentId, product } = request;
    const payment = this.payments.preloaded(paymentId, product, request);
    if (payment.startAuthorisation === 'statusInvalid') {
      throw BankError.of('STATUS_INVALID', `sandbox payment ${paymentId} (${payment.transactionStatus}) does not permit another authorisation`);
    }
    return { authorisationId: `${paymentId}-AUTH`, journeyId: SANDBOX_JOURNEY };
  }

  scaStatus(paymentId: string, product: string, authorisationId: string, request: PaymentContext): 'started' | 'finalised' {
    const payment = this.payments.preloaded(paymentId, product, request);
    if (authorisationId !== `${paymentId}-AUTH`) throw BankError.of('RESOURCE_UNKNOWN', `sandbox payment ${paymentId} has no authorisation ${authorisationId}`);
    return payment.authorisationScaStatus;
  }
}
