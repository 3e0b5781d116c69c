import type { PaymentCategory, PaymentProduct } from '../dataset/types';

export type TransactionStatus = 'PATC' | 'PDNG' | 'ACCP' | 'RJCT';

/** One customer authorisation given to a payment, individually or through a signing basket. */
export interface AuthorisationRecord {
  psuId: string;
  signatoryGroup: string | null;
  at: Date;
  via: 'individual' | 'basket';
}

/** What the authorisation rules need to know of a payment. */
export interface PaymentForRules {
  status: TransactionStatus;
  creatorPsuId: string;
  corporateId: string;
  debtorAccountId: string;
  product: PaymentProduct;
  currency: string;
  /** Sum of all credit transfers, decimal string. */
  totalAmount: string;
  authorisationsRequired: 1 | 2;
  authorisations: readonly AuthorisationRecord[];
}

/** Approval limits are set per category (dataset); each product falls in one. */
export function categoryOf(product: PaymentProduct): PaymentCategory {
  switch (product) {
    case 'pain.001-sepa-credit-transfers':
      return 'sepa';
    case 'pain.001-internal-transfers':
      return 'internal';
    case 'pain.001-swift-transfers':
      return 'international';
    case 'pain.001-chaps-payments':
    case 'pain.001-faster-payments':
      return 'domestic';
  }
}

export interface StatusReason {
  code: string;
  info?: string[];
}

/** A payment resource: one accepted pain.001 with exactly one PmtInf (spec "What the service does" 6). */
export interface Payment extends PaymentForRules {
  paymentId: string;
  institution: string;
  tppId: string;
  consentId: string;
  messageVersion: string;
  groupReason: StatusReason | null;
  requestedExecutionDate: string;
  executionDate: string;
  createdAt: Date;
  statusChangedAt: Date;
}

/** A credit transfer's own status where it differs from the payment's (bulk processing), with its reasons. */
export interface TransactionState {
  index: number;
  status: TransactionStatus | null;
  reasons: StatusReason[];
}

export type AttemptStatus = 'started' | 'finalised' | 'failed';

/** One authorisation attempt: an SCA journey of one PSU for one payment, individually or in a basket. */
export interface AuthorisationAttempt {
  authorisationId: string;
  paymentId: string;
  journeyId: string;
  psuId: string;
  via: 'individual' | 'basket';
  basketId: string | null;
  status: AttemptStatus;
  signatoryGroup: string | null;
  refusal: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}
