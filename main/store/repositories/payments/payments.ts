import type { VopCheck } from '../../../domain/vop/verify';
import type { ParsedPayment } from '../../../domain/iso20022/pain001/types';
import type { Payment, StatusReason, TransactionState, TransactionStatus } from '../../../domain/payment/payment';
import type { Db } from '../../database';
import type { PaymentAttemptRepository } from './attempts';
import { creditorPreviewColumn, type PreviewedTransaction } from './creditor-preview';
import type { KeptReport, PaymentReadCaches } from './payment-caches';
import { PAYMENT_ROW_COLUMNS, paymentOf, type PaymentRow } from './payment-rows';
import { parseVopCheck, vopColumn } from './vop-checks';

/** What the store needs of a parsed pain.001: all of it is kept, its first creditors also apart for the lists. */
export type StoredMessage = { transactions: readonly PreviewedTransaction[] };

/** The payments (payments) and the states and VoP checks of their credit transfers (payment_transactions). */
export class PaymentRepository {
  private readonly insertStmt;
  private readonly insertTxStmt;
  private readonly insertOneTxStmt;
  private readonly vopStmt;
  private readonly listedVopStmt;
  private readonly byIdStmt;
  private readonly bodyStmt;
  private readonly parsedStmt;
  private readonly setStatusStmt;
  private readonly txStmt;
  private readonly setTxStmt;

  constructor(
    db: Db,
    private readonly caches: PaymentReadCaches,
    private readonly attempts: PaymentAttemptRepository,
  ) {
    // Positional: binding 23 named values looked each up on an object, twice the cost of the rest of the row's statement.
    this.insertStmt = db.prepare(`INSERT INTO payments (${PAYMENT_ROW_COLUMNS}, request_body, parsed, transaction_count, vop_settles_at, creditor_preview)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    // Every credit transfer's row in one statement: a 10,000-transaction bulk would otherwise cross into SQLite 10,000 times.
    this.insertTxStmt = db.prepare(`INSERT INTO payment_transactions (payment_id, idx, status, reasons, vop)
      SELECT ?, key, NULL, '[]', value FROM json_each(?) ORDER BY key`);
    // A single payment's one row without json_each's table and sort: a third of that payment's commit.
    this.insertOneTxStmt = db.prepare(`INSERT INTO payment_transactions (payment_id, idx, status, reasons, vop) VALUES (?, 0, NULL, '[]', ?)`);
    this.vopStmt = db.prepare<[string], { vop: string | null }>('SELECT vop FROM payment_transactions WHERE payment_id = ? ORDER BY idx');
    // The listing's ids travel as one JSON array, so a page of any size costs one statement.
    this.listedVopStmt = db.prepare<[string, number], { payment_id: string; vop: string | null }>(`SELECT payment_id, vop FROM payment_transactions
      WHERE payment_id IN (SELECT value FROM json_each(?)) AND idx < ? ORDER BY payment_id, idx`);
    this.byIdStmt = db.prepare<[string], PaymentRow>(`SELECT ${PAYMENT_ROW_COLUMNS} FROM payments WHERE payment_id = ?`);
    this.bodyStmt = db.prepare<[string], { request_body: Buffer }>('SELECT request_body FROM payments WHERE payment_id = ?');
    this.parsedStmt = db.prepare<[string], { parsed: string }>('SELECT parsed FROM payments WHERE payment_id = ?');
    // SET expressions all read the row as it was, so previous_status takes the old status.
    this.setStatusStmt = db.prepare(`UPDATE payments SET previous_status = CASE WHEN status = @status THEN previous_status ELSE status END,
      status = @status, group_reason = @group_reason, status_changed_at = @at WHERE payment_id = @payment_id`);
    this.txStmt = db.prepare<[string], { idx: number; status: string | null; reasons: string }>(
      'SELECT idx, status, reasons FROM payment_transactions WHERE payment_id = ? ORDER BY idx',
    );
    this.setTxStmt = db.prepare('UPDATE payment_transactions SET status = ?, reasons = ? WHERE payment_id = ? AND idx = ?');
  }

  /**
   * `vopChecks`: one per credit transfer where Verification of Payee applies, else none; `vopSettlesAt`:
   * when their results next become final by themselves (see vopSettlesAt), if ever.
   */
  insert(
    p: Payment,
    requestBody: Buffer,
    parsed: StoredMessage,
    transactionCount: number,
    vopChecks?: readonly VopCheck[],
    vopSettlesAt: Date | null = null,
  ): void {
    this.caches.dropAll(p.paymentId);
    // In the order of PAYMENT_ROW_COLUMNS, then request_body, parsed, transaction_count, vop_settles_at, creditor_preview.
    this.insertStmt.run(
      p.paymentId,
      p.product,
      p.institution,
      p.tppId,
      p.consentId,
      p.creatorPsuId,
      p.corporateId,
      p.debtorAccountId,
      p.currency,
      p.totalAmount,
      p.messageVersion,
      p.status,
      p.groupReason ? JSON.stringify(p.groupReason) : null,
      p.authorisationsRequired,
      p.requestedExecutionDate,
      p.executionDate,
      p.createdAt.getTime(),
      p.statusChangedAt.getTime(),
      requestBody,
      JSON.stringify(parsed),
      transactionCount,
      vopSettlesAt?.getTime() ?? null,
      // Taken from the message once, at insert, so listing a 10,000-transaction bulk never reads its JSON again.
      creditorPreviewColumn(parsed.transactions),
    );
    if (transactionCount === 1) {
      const vop = vopColumn(vopChecks?.[0]);
      this.insertOneTxStmt.run(p.paymentId, vop === null ? null : JSON.stringify(vop));
      return;
    }
    // One entry per credit transfer: its VoP check as JSON (json_each gives an object back as its text), or null.
    this.insertTxStmt.run(p.paymentId, JSON.stringify(Array.from({ length: transactionCount }, (_, i) => vopColumn(vopChecks?.[i]))));
  }

  find(paymentId: string): Payment | undefined {
    const payment = this.caches.payments.read(paymentId, () => {
      const row = this.byIdStmt.get(paymentId);
      return row ? paymentOf(row, this.attempts.authorisations(row.payment_id)) : undefined;
    });
    return payment && { ...payment, authorisations: [...payment.authorisations] };
  }

  requestBody(paymentId: string): Buffer | undefined {
    return this.bodyStmt.get(paymentId)?.request_body;
  }

  /** The pain.001 as parsed at creation; shared, never to be changed by the caller. */
  parsed(paymentId: string): Readonly<ParsedPayment> | undefined {
    return this.caches.messages.read(paymentId, () => {
      const json = this.parsedStmt.get(paymentId)?.parsed;
      return json === undefined ? undefined : (JSON.parse(json) as ParsedPayment);
    });
  }

  /** Keeps the status being left as the previous one, unless the status stays the same. */
  setStatus(paymentId: string, status: TransactionStatus, groupReason: StatusReason | null, at: Date): void {
    this.caches.dropResource(paymentId);
    this.setStatusStmt.run({ status, group_reason: groupReason ? JSON.stringify(groupReason) : null, at: at.getTime(), payment_id: paymentId });
  }

  transactions(paymentId: string): TransactionState[] {
    const states = this.caches.states.read(paymentId, () =>
      this.txStmt.all(paymentId).map((r) => ({ index: r.idx, status: r.status as TransactionStatus | null, reasons: JSON.parse(r.reasons) as StatusReason[] })),
    );
    return (states ?? []).map((state) => ({ ...state, reasons: [...state.reasons] }));
  }

  setTransaction(paymentId: string, index: number, status: TransactionStatus | null, reasons: StatusReason[]): void {
    this.caches.dropStates(paymentId);
    this.setTxStmt.run(status, JSON.stringify(reasons), paymentId, index);
  }

  /**
   * The payment's status report as kept (see PaymentService.report), else `make()`'s; dropped by every write
   * of the payment or its transaction states here. A kept report that does not hold at `now` is made anew.
   */
  statusReport(paymentId: string, now: Date, make: () => KeptReport): KeptReport {
    const reports = this.caches.reports;
    const kept = reports.read(paymentId, () => undefined);
    if (kept && now.getTime() >= kept.validFrom && now.getTime() < kept.validUntil) return kept;
    reports.drop(paymentId);
    const made = make();
    return reports.read(paymentId, () => made) ?? made;
  }

  /** The VoP checks of every credit transfer, in order; null where VoP does not apply. */
  vopChecks(paymentId: string): (VopCheck | null)[] {
    return [...(this.caches.checks.read(paymentId, () => this.vopStmt.all(paymentId).map((r) => parseVopCheck(r.vop))) ?? [])];
  }

  /** The VoP checks of the first `limit` credit transfers of each payment, in order, in one statement for all. */
  vopChecksOf(paymentIds: readonly string[], limit: number): Map<string, (VopCheck | null)[]> {
    const byPayment = new Map<string, (VopCheck | null)[]>(paymentIds.map((id) => [id, []]));
    for (const row of this.listedVopStmt.all(JSON.stringify(paymentIds), limit)) byPayment.get(row.payment_id)?.push(parseVopCheck(row.vop));
    return byPayment;
  }

  /** After the reset cleared the tables behind this repository's back. */
  forget(): void {
    this.caches.clear();
  }
}
