// The control API answers in the workbench API's own shape: one contract for the UI and automation.
import type { PaymentSummary, VopSummary } from '../../preload/api/workbench-api';
import type { VopResult } from '../domain/vop/verify';
import { CREDITOR_PREVIEW_SIZE, type PaymentListing } from '../store/repositories/payments';
import type { BankContext } from './context';
import type { PayeeVerification } from './payee-verification';

/**
 * The stored payments, newest first. The sandbox's pre-loaded payments are not among them: the
 * sandbox stores nothing and answers them from the dataset.
 */
export function paymentSummaries(ctx: BankContext, vop: PayeeVerification, limit: number): PaymentSummary[] {
  const listings = ctx.repos.payments.listings(limit);
  // The creditor preview is as long as CREDITOR_PREVIEW_SIZE or the payment, so its results are the first that many.
  const results = vop.resultsOf(listings.map((l) => l.payment.paymentId), ctx.clock.now(), CREDITOR_PREVIEW_SIZE);
  return listings.map((listing) => toSummary(listing, results.get(listing.payment.paymentId) ?? []));
}

function toSummary({ payment: p, previousStatus, transactionCount, creditors }: PaymentListing, vop: (VopResult | null)[]): PaymentSummary {
  return {
    paymentId: p.paymentId,
    product: p.product,
    institution: p.institution,
    tppId: p.tppId,
    status: p.status,
    previousStatus,
    statusChangedAt: p.statusChangedAt.toISOString(),
    creatorPsuId: p.creatorPsuId,
    debtorAccountId: p.debtorAccountId,
    currency: p.currency,
    totalAmount: p.totalAmount,
    transactionCount,
    creditors: creditors.map((creditor, i) => {
      const result = vop[i];
      return result ? { ...creditor, vop: vopSummary(result) } : creditor;
    }),
    executionDate: p.executionDate,
    authorisationsRequired: p.authorisationsRequired,
    authorisations: p.authorisations.map((a) => ({ psuId: a.psuId, signatoryGroup: a.signatoryGroup, at: a.at.toISOString(), via: a.via })),
    createdAt: p.createdAt.toISOString(),
  };
}

function vopSummary(result: VopResult): VopSummary {
  return {
    outcome: result.state === 'inProgress' ? 'inProgress' : result.outcome,
    reasonCode: result.reasonCode,
    additionalInfo: result.additionalInfo,
  };
}
