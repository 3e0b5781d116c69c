// The control API answers in the workbench API's own shape: one contract for the UI and automation.
import type { PaymentSummary } from '../../preload/api/workbench-api';
import type { PaymentListing } from '../store/repositories/payments';
import type { BankContext } from './context';

/**
 * The stored payments, newest first. The sandbox's pre-loaded payments are not among them: the
 * sandbox stores nothing and answers them from the dataset.
 */
export function paymentSummaries(ctx: BankContext, limit: number): PaymentSummary[] {
  return ctx.repos.payments.listings(limit).map(toSummary);
}

function toSummary({ payment: p, previousStatus, transactionCount, creditors }: PaymentListing): PaymentSummary {
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
    creditors,
    executionDate: p.executionDate,
    authorisationsRequired: p.authorisationsRequired,
    authorisations: p.authorisations.map((a) => ({ psuId: a.psuId, signatoryGroup: a.signatoryGroup, at: a.at.toISOString(), via: a.via })),
    createdAt: p.createdAt.toISOString(),
  };
}
