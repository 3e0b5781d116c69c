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
