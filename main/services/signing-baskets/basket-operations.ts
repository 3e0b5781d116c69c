import type { PaymentContext } from '../payments/payment-access';

export interface BasketCreation extends PaymentContext {
  psuId: string;
  tppRedirectUri: string;
  body: unknown;
}

/**
 * A TPP's signing baskets (POST and GET /signing-baskets) as one behaviour answers them: SigningBasketService
 * in simulation, SandboxSigningBasketService in the documented sandbox.
 */
export interface SigningBaskets {
  create(request: BasketCreation): { basketId: string; journeyId: string };
  read(basketId: string, request: PaymentContext): { payments: string[]; transactionStatus: string; scaStatus: 'started' | 'finalised' | 'failed' };
}
