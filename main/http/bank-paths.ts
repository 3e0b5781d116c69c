import type { InstitutionId } from '../domain/dataset/types';

/** The bank's resource paths as its answers link them (`_links`, Location) and the contract names them. */
export const bankPaths = {
  consent: (institution: InstitutionId, consentId: string): string => `/${institution}/berlingroup/v1/consents/${encodeURIComponent(consentId)}`,
  payment: (institution: string, product: string, paymentId: string): string =>
    `/${institution}/berlingroup/v1/payments/${product}/${encodeURIComponent(paymentId)}`,
  basket: (institution: string, basketId: string): string => `/${institution}/berlingroup/v1/signing-baskets/${encodeURIComponent(basketId)}`,
  account: (institution: string, accountId: string): string => `/${institution}/berlingroup/v1/accounts/${encodeURIComponent(accountId)}`,
  scaRedirect: (origin: string, journeyId: string): string => `${origin}/sca/${encodeURIComponent(journeyId)}`,
};
