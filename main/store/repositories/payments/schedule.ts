import type { Payment, TransactionStatus } from '../../../domain/payment/payment';
import type { Db } from '../../database';
import type { PaymentAttemptRepository } from './attempts';
import { PAYMENT_ROW_COLUMNS, paymentOf, type PaymentRow } from './payment-rows';

/** The payments that time moves: PATC ones expiring, PDNG ones due for processing, VoP results settling. */
export class PaymentScheduleRepository {
  private readonly dueToExpireStmt;
  private readonly dueForProcessingStmt;
  private readonly oldestPatcStmt;
  private readonly nextVopSettlementStmt;
  private readonly pendingStmt;
  private readonly vopSettledStmt;
  private readonly clearVopSettlementStmt;

  constructor(
    db: Db,
    private readonly attempts: PaymentAttemptRepository,
  ) {
    this.dueToExpireStmt = db.prepare<[number], PaymentRow>(`SELECT ${PAYMENT_ROW_COLUMNS} FROM payments WHERE status = 'PATC' AND created_at <= ?`);
    this.dueForProcessingStmt = db.prepare<[string], PaymentRow>(`SELECT ${PAYMENT_ROW_COLUMNS} FROM payments WHERE status = 'PDNG' AND execution_date <= ?`);
    this.oldestPatcStmt = db.prepare<[], { at: number | null }>("SELECT min(created_at) AS at FROM payments WHERE status = 'PATC'");
    this.nextVopSettlementStmt = db.prepare<[], { at: number | null }>('SELECT min(vop_settles_at) AS at FROM payments WHERE vop_settles_at IS NOT NULL');
    this.pendingStmt = db.prepare<[], PaymentRow>(`SELECT ${PAYMENT_ROW_COLUMNS} FROM payments WHERE status = 'PDNG'`);
    this.vopSettledStmt = db.prepare<[number], { payment_id: string; institution: string; status: string }>(
      'SELECT payment_id, institution, status FROM payments WHERE vop_settles_at IS NOT NULL AND vop_settles_at <= ?',
    );
    this.clearVopSettlementStmt = db.prepare('UPDATE payments SET vop_settles_at = NULL WHERE payment_id = ?');
  }

  /** PATC payments created at or before `createdBefore`. */
  dueToExpire(createdBefore: Date): Payment[] {
    return this.dueToExpireStmt.all(createdBefore.getTime()).map((r) => this.toPayment(r));
  }

  /** When the oldest PATC payment was created (epoch ms), or null: its 90-day expiry is the next of its kind. */
  oldestPatc(): number | null {
    return this.oldestPatcStmt.get()?.at ?? null;
  }

  /** When the next VoP result reaches its time limit (epoch ms), or null. */
  nextVopSettlement(): number | null {
    return this.nextVopSettlementStmt.get()?.at ?? null;
  }

  /** Payments whose VoP results became final by `now` and were not announced yet; each is marked announced. */
  takeVopSettled(now: Date): { paymentId: string; institution: string; status: TransactionStatus }[] {
    const due = this.vopSettledStmt.all(now.getTime());
    for (const row of due) this.clearVopSettlementStmt.run(row.payment_id);
    return due.map((r) => ({ paymentId: r.payment_id, institution: r.institution, status: r.status as TransactionStatus }));
  }

  /** Every PDNG payment: waiting for its execution date or its processing delay. */
  pending(): Payment[] {
    return this.pendingStmt.all().map((r) => this.toPayment(r));
  }

  /** PDNG payments whose execution date has come (ISO date, compared as text). */
  dueForProcessing(today: string): Payment[] {
    return this.dueForProcessingStmt.all(today).map((r) => this.toPayment(r));
  }

  private toPayment(r: PaymentRow): Payment {
    return paymentOf(r, this.attempts.authorisations(r.payment_id));
  }
}
