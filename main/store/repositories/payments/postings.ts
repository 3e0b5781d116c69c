import type { PaymentProduct } from '../../../domain/dataset/types';
import type { ParsedPayment, ParsedTransaction } from '../../../domain/iso20022/pain001/types';
import type { Db } from '../../database';
import { PAYMENT_ROW_COLUMNS, type PaymentRow } from './payment-rows';

/** A PDNG payment from one debtor account with all its credit transfers, or a processed (ACCP) one with those accepted. */
export interface AccountPostingRow {
  paymentId: string;
  product: PaymentProduct;
  status: 'PDNG' | 'ACCP';
  executionDate: string;
  statusChangedAt: Date;
  transactions: (ParsedTransaction & { /** 0-based position in the PmtInf. */ position: number })[];
}

/** What an account's report shows of the bank's payments from it. */
export class AccountPostingRepository {
  private readonly postingsStmt;
  private readonly acceptedStmt;

  constructor(db: Db) {
    this.postingsStmt = db.prepare<[string], PaymentRow & { parsed: string }>(`SELECT ${PAYMENT_ROW_COLUMNS}, parsed FROM payments
      WHERE status IN ('PDNG', 'ACCP') AND debtor_account_id = ? ORDER BY status_changed_at, rowid`);
    this.acceptedStmt = db.prepare<[string], { idx: number }>("SELECT idx FROM payment_transactions WHERE payment_id = ? AND status = 'ACCP'");
  }

  /**
   * PDNG payments whole, processed ones as far as accepted. Each message is parsed once, in full: for a
   * 10,000-transaction bulk several times faster than SQLite's JSON functions.
   */
  postings(debtorAccountId: string): AccountPostingRow[] {
    return this.postingsStmt.all(debtorAccountId).map((r) => {
      const status = r.status === 'ACCP' ? 'ACCP' : 'PDNG';
      const accepted = status === 'ACCP' ? new Set(this.acceptedStmt.all(r.payment_id).map((t) => t.idx)) : null;
      const { transactions } = JSON.parse(r.parsed) as Pick<ParsedPayment, 'transactions'>;
      return {
        paymentId: r.payment_id,
        product: r.product as PaymentProduct,
        status,
        executionDate: r.execution_date,
        statusChangedAt: new Date(r.status_changed_at),
        transactions: transactions.map((tx, position) => ({ ...tx, position })).filter((tx) => accepted === null || accepted.has(tx.position)),
      };
    });
  }
}
