import type { VopResult } from '../../domain/vop/verify';
import { CREDITOR_PREVIEW_SIZE } from '../../store/repositories/payments/creditor-preview';
import type { PaymentListing } from '../../store/repositories/payments/listings';
import type { BankContext } from '../context';
import type { PayeeVerification } from './payee-verification';

/** A payment as the operator's lists show it: the listing and the VoP result now of each previewed creditor. */
export interface PaymentOverview {
  listing: PaymentListing;
  vop: (VopResult | null)[];
}

/**
 * The stored payments, newest first. The sandbox's pre-loaded payments are not among them: the
 * sandbox stores nothing and answers them from the dataset.
 */
export function paymentOverviews(ctx: BankContext, vop: PayeeVerification, limit: number, offset = 0): PaymentOverview[] {
  const listings = ctx.repos.paymentListings.listings(limit, offset);
  // The creditor preview is as long as CREDITOR_PREVIEW_SIZE or the payment, so its results are the first that many.
  const results = vop.resultsOf(
    listings.map((l) => l.payment.paymentId),
    ctx.clock.now(),
    CREDITOR_PREVIEW_SIZE,
  );
  return listings.map((listing) => ({ listing, vop: results.get(listing.payment.paymentId) ?? [] }));
}
