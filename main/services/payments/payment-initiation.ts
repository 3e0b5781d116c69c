import type { PaymentContext } from './payment-access';

export interface PaymentCreation extends PaymentContext {
  product: string;
  body: Buffer;
}

export interface AuthorisationStart extends PaymentContext {
  paymentId: string;
  product: string;
  psuId: string;
  tppRedirectUri: string;
}

/**
 * A TPP's payments (POST, GET, GET …/status, DELETE) as one behaviour answers them: PaymentService in
 * simulation, SandboxPaymentService in the documented sandbox (docs/architecture.md#two-behaviours-simulation-and-sandbox).
 */
export interface PaymentInitiation {
  create(request: PaymentCreation): { paymentId: string; product: string };
  original(paymentId: string, product: string, request: PaymentContext): Buffer;
  statusReport(paymentId: string, product: string, request: PaymentContext): string;
  cancel(paymentId: string, product: string, request: PaymentContext): void;
}

/** A payment's authorisations (POST and GET …/authorisations): PaymentAuthorisationService, SandboxPaymentAuthorisationService. */
export interface PaymentAuthorisations {
  start(request: AuthorisationStart): { authorisationId: string; journeyId: string };
  scaStatus(paymentId: string, product: string, authorisationId: string, request: PaymentContext): 'started' | 'finalised' | 'failed';
}
