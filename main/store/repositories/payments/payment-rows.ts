import type { PaymentProduct } from '../../../domain/dataset/types';
import type { AuthorisationAttempt, AuthorisationRecord, Payment, StatusReason, TransactionStatus } from '../../../domain/payment/payment';

/** A row of the payments table, as the statements here read it. */
export interface PaymentRow {
  payment_id: string;
  product: string;
  institution: string;
  tpp_id: string;
  consent_id: string;
  creator_psu_id: string;
  corporate_id: string;
  debtor_account_id: string;
  currency: string;
  total_amount: string;
  message_version: string;
  status: string;
  group_reason: string | null;
  authorisations_required: number;
  requested_execution_date: string;
  execution_date: string;
  created_at: number;
  status_changed_at: number;
}

export const PAYMENT_ROW_COLUMNS = `payment_id, product, institution, tpp_id, consent_id, creator_psu_id, corporate_id, debtor_account_id, currency,
  total_amount, message_version, status, group_reason, authorisations_required, requested_execution_date, execution_date, created_at, status_changed_at`;

/** What a finalised attempt leaves on its payment. */
export const authorisationOf = (a: AuthorisationAttempt): AuthorisationRecord => ({
  psuId: a.psuId,
  signatoryGroup: a.signatoryGroup,
  at: a.finishedAt ?? a.createdAt,
  via: a.via,
});

export function paymentOf(r: PaymentRow, authorisations: AuthorisationRecord[]): Payment {
  return {
    paymentId: r.payment_id,
    product: r.product as PaymentProduct,
    institution: r.institution,
    tppId: r.tpp_id,
    consentId: r.consent_id,
    creatorPsuId: r.creator_psu_id,
    corporateId: r.corporate_id,
    debtorAccountId: r.debtor_account_id,
    currency: r.currency,
    totalAmount: r.total_amount,
    messageVersion: r.message_version,
    status: r.status as TransactionStatus,
    groupReason: r.group_reason ? (JSON.parse(r.group_reason) as StatusReason) : null,
    authorisationsRequired: r.authorisations_required === 1 ? 1 : 2,
    authorisations,
    requestedExecutionDate: r.requested_execution_date,
    executionDate: r.execution_date,
    createdAt: new Date(r.created_at),
    statusChangedAt: new Date(r.status_changed_at),
  };
}
