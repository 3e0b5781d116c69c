import type { Payment, TransactionStatus } from '../../../domain/payment/payment';
import type { Db } from '../../database';
import type { PaymentAttemptRepository } from './attempts';
import { creditorsOf, type CreditorPreview } from './creditor-preview';
import { PAYMENT_ROW_COLUMNS, paymentOf, type PaymentRow } from './payment-rows';

/** A payment as the bank's lists show it: the resource and what the store keeps for showing it without its pain.001. */
export interface PaymentListing {
  payment: Payment;
  /** The status before the last change; null while the payment has never changed status. */
  previousStatus: TransactionStatus | null;
  transactionCount: number;
  /** The first CREDITOR_PREVIEW_SIZE credit transfers, in message order. */
  creditors: CreditorPreview[];
}

interface ListingRow extends PaymentRow {
  previous_status: string | null;
  transaction_count: number;
  creditor_preview: string;
}

/** The Bank screen's list of payments, newest first: two statements however many are listed. */
export class PaymentListingRepository {
  private readonly listStmt;
  private readonly countStmt;

  constructor(
    db: Db,
    private readonly attempts: PaymentAttemptRepository,
  ) {
    this.listStmt = db.prepare<[number, number], ListingRow>(`SELECT ${PAYMENT_ROW_COLUMNS}, previous_status, transaction_count, creditor_preview
      FROM payments ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`);
    this.countStmt = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM payments');
  }

  count(): number {
    return this.countStmt.get()?.n ?? 0;
  }

  listings(limit: number, offset = 0): PaymentListing[] {
    const rows = this.listStmt.all(limit, offset);
    const authorisations = this.attempts.authorisationsOf(rows.map((r) => r.payment_id));
    return rows.map((r) => ({
      payment: paymentOf(r, authorisations.get(r.payment_id) ?? []),
      previousStatus: r.previous_status as TransactionStatus | null,
      transactionCount: r.transaction_count,
      creditors: creditorsOf(r.creditor_preview),
    }));
  }
}
