import type { PreparedRequest } from '../types';
import { bankPath, prepared, psuHeaders, type PsuAccess, type PsuContext } from './request';

/** `body` defaults to {"paymentIds":[...]}; a given one goes as is, so QA can send a malformed basket. */
export const createBasket = (access: PsuAccess, paymentIds: readonly string[], psu: PsuContext, tppRedirectUri: string, body?: string): PreparedRequest =>
  prepared(
    'basket-create',
    access.institution,
    bankPath(access.institution, 'signing-baskets'),
    { ...psuHeaders(access), 'psu-id': access.psuId, 'tpp-redirect-uri': tppRedirectUri, 'psu-ip-address': psu.ipAddress, 'content-type': 'application/json' },
    body ?? JSON.stringify({ paymentIds }),
  );

export const getBasket = (access: PsuAccess, basketId: string): PreparedRequest =>
  prepared('basket-get', access.institution, bankPath(access.institution, `signing-baskets/${basketId}`), psuHeaders(access));

export interface FundsQuestion {
  iban: string;
  amount: string;
  currency: string;
}

export const confirmFunds = (access: PsuAccess, question: FundsQuestion): PreparedRequest =>
  prepared(
    'funds-confirmation',
    access.institution,
    bankPath(access.institution, 'funds-confirmations'),
    { ...psuHeaders(access), 'content-type': 'application/json' },
    JSON.stringify({ account: { iban: question.iban }, instructedAmount: { currency: question.currency, amount: question.amount } }),
  );
