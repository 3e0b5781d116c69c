import { formatError } from '../errors';

export type BasketStatus = 'PATC' | 'ACTC' | 'RJCT';

/** A signing basket: one SCA journey that gives one authorisation to each included payment (spec "Signing basket"). */
export interface SigningBasket {
  basketId: string;
  institution: string;
  tppId: string;
  consentId: string;
  psuId: string;
  journeyId: string;
  status: BasketStatus;
  paymentIds: string[];
  createdAt: Date;
  statusChangedAt: Date;
}

/** The sandbox's documented maximum; production's is not shown, so the simulator keeps the same. */
export const MAX_BASKET_PAYMENTS = 100;
const PAYMENT_ID = /^[A-Za-z0-9._~-]{1,100}$/;

/** POST /signing-baskets body: `{"paymentIds":[…]}`, 1 to 100 distinct Payment IDs. */
export function parseBasketRequest(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw formatError('the body must be {"paymentIds":["…"]}');
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => k !== 'paymentIds');
  if (unknown.length > 0) throw formatError(`unknown field ${unknown.map((k) => `"${k}"`).join(', ')} in the basket request`);
  const ids = record.paymentIds;
  if (!Array.isArray(ids) || ids.length === 0) throw formatError('paymentIds must list at least one Payment ID');
  if (ids.length > MAX_BASKET_PAYMENTS) throw formatError(`a basket holds at most ${MAX_BASKET_PAYMENTS} Payment IDs, got ${ids.length}`);
  for (const id of ids) {
    if (typeof id !== 'string' || !PAYMENT_ID.test(id)) throw formatError(`Payment ID ${JSON.stringify(id).slice(0, 60)} is not a Payment ID`);
  }
  if (new Set(ids).size !== ids.length) throw formatError('paymentIds lists a Payment ID twice');
  return ids as string[];
}
