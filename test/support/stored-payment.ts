import type { Payment } from '../../main/domain/payment/payment';

/** A payment as the payments repository stores it: a single SEPA transfer of FRA-CREATOR, PATC, unless told otherwise. */
export function storedPayment(paymentId: string, at: Date, overrides: Partial<Payment> = {}): Payment {
  return {
    paymentId,
    product: 'pain.001-sepa-credit-transfers',
    institution: 'frankfurt',
    tppId: 'TPP',
    consentId: 'C1',
    creatorPsuId: 'FRA-CREATOR',
    corporateId: 'CORP',
    debtorAccountId: 'ACC',
    currency: 'EUR',
    totalAmount: '10.00',
    messageVersion: 'pain.001.001.03',
    status: 'PATC',
    groupReason: null,
    authorisationsRequired: 1,
    authorisations: [],
    requestedExecutionDate: '2026-11-23',
    executionDate: '2026-11-23',
    createdAt: at,
    statusChangedAt: at,
    ...overrides,
  };
}
