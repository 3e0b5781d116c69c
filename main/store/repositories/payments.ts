import type { VopAnswer, VopCheck } from '../../domain/vop/verify';
import type { ParsedPayment, ParsedTransaction } from '../../domain/iso20022/pain001/types';
import type { Pain002Parts } from '../../domain/iso20022/pain002/build';
import type { PaymentProduct } from '../../domain/dataset/types';
import type {
  AuthorisationAttempt,
  AuthorisationRecord,
  AttemptStatus,
  Payment,
  StatusReason,
  TransactionState,
  TransactionStatus,
} from '../../domain/payment/payment';
import type { Db } from '../database';
import { ReadCache } from '../read-cache';

interface PaymentRow {
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

interface AttemptRow {
  authorisation_id: string;
  payment_id: string;
  journey_id: string;
  psu_id: string;
  via: string;
  basket_id: string | null;
  status: string;
  signatory_group: string | null;
  refusal: string | null;
  created_at: number;
  finished_at: number | null;
}

/** A payment as the bank's lists show it: the resource and what the store keeps for showing it without its pain.001. */
/**
 * A payment's status report and the moments (ms) between which time alone does not change it: a PATC
 * payment expires, VoP results settle (see PaymentService.report).
 */
export interface KeptReport {
  parts: Pain002Parts;
  validFrom: number;
  validUntil: number;
}

export interface PaymentListing {
  payment: Payment;
  /** The status before the last change; null while the payment has never changed status. */
  previousStatus: TransactionStatus | null;
  transactionCount: number;
  /** The first CREDITOR_PREVIEW_SIZE credit transfers, in message order. */
  creditors: CreditorPreview[];
}

export interface CreditorPreview {
  name: string;
  iban?: string;
  otherId?: string;
  amount: string;
  currency: string;
}

export const CREDITOR_PREVIEW_SIZE = 20;

/** A PDNG payment from one debtor account with all its credit transfers, or a processed (ACCP) one with those accepted. */
export interface AccountPostingRow {
  paymentId: string;
  product: PaymentProduct;
  status: 'PDNG' | 'ACCP';
  executionDate: string;
  statusChangedAt: Date;
  transactions: (ParsedTransaction & { /** 0-based position in the PmtInf. */ position: number })[];
}

interface ListingRow extends PaymentRow {
  previous_status: string | null;
  transaction_count: number;
  creditor_preview: string;
}

/** What the store needs of a parsed pain.001: all of it is kept, its first creditors also apart for the lists. */
export type StoredMessage = { transactions: readonly Pick<ParsedTransaction, 'creditorName' | 'creditorIban' | 'creditorOtherId' | 'amount' | 'currency'>[] };

/** As stored in creditor_preview (the form SQLite's json_object wrote before): absent accounts are null. */
interface StoredCreditor {
  name: string;
  iban: string | null;
  otherId: string | null;
  amount: string;
  currency: string;
}

const storedCreditor = (tx: StoredMessage['transactions'][number]): StoredCreditor => ({
  name: tx.creditorName,
  iban: tx.creditorIban ?? null,
  otherId: tx.creditorOtherId ?? null,
  amount: tx.amount,
  currency: tx.currency,
});

const toCreditor = (c: StoredCreditor): CreditorPreview => ({
  name: c.name,
  ...(c.iban === null ? {} : { iban: c.iban }),
  ...(c.otherId === null ? {} : { otherId: c.otherId }),
  amount: c.amount,
  currency: c.currency,
});

const PAYMENT_COLUMNS = `payment_id, product, institution, tpp_id, consent_id, creator_psu_id, corporate_id, debtor_account_id, currency,
  total_amount, message_version, status, group_reason, authorisations_required, requested_execution_date, execution_date, created_at, status_changed_at`;

const toAttempt = (r: AttemptRow): AuthorisationAttempt => ({
  authorisationId: r.authorisation_id,
  paymentId: r.payment_id,
  journeyId: r.journey_id,
  psuId: r.psu_id,
  via: r.via as AuthorisationAttempt['via'],
  basketId: r.basket_id,
  status: r.status as AttemptStatus,
  signatoryGroup: r.signatory_group,
  refusal: r.refusal,
  createdAt: new Date(r.created_at),
  finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
});

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
  private readonly attemptsStmt;
  private readonly attemptStmt;
  private readonly attemptByJourneyStmt;
  private readonly insertAttemptStmt;
  private readonly finishAttemptStmt;
  private readonly dueToExpireStmt;
  private readonly dueForProcessingStmt;
  private readonly oldestPatcStmt;
  private readonly nextVopSettlementStmt;
  private readonly pendingStmt;
  private readonly listStmt;
  private readonly countStmt;
  private readonly listedAuthorisationsStmt;
  private readonly vopSettledStmt;
  private readonly clearVopSettlementStmt;
  private readonly balanceStmt;
  private readonly setBalanceStmt;
  private readonly postingsStmt;

  // What a status request reads, kept once read (see ReadCache). The resource and its transaction states
  // are dropped by every write here that changes them; the message and its VoP checks never change.
  private readonly payments: ReadCache<Payment>;
  private readonly states: ReadCache<TransactionState[]>;
  private readonly messages: ReadCache<ParsedPayment>;
  private readonly checks: ReadCache<(VopCheck | null)[]>;
  private readonly reports: ReadCache<KeptReport>;

  constructor(private readonly db: Db) {
    // The payments being asked about at one time (a CI run's, a QA burst's) are a few thousand at most; each
    // entry of these costs a kilobyte or more, and a simulator that made 100,000 payments stays under 200 MB.
    this.payments = new ReadCache(db, 2_000);
    // Weighed by credit transfers, so a 10,000-transaction bulk takes the room of many single payments.
    this.states = new ReadCache(db, 20_000, (states) => 1 + states.length);
    this.messages = new ReadCache(db, 12_000, (parsed) => 1 + parsed.transactions.length);
    this.checks = new ReadCache(db, 20_000, (checks) => 1 + checks.length);
    // Weighed by characters: some 6,000 single payments' reports, or one 10,000-transaction bulk's.
    this.reports = new ReadCache(db, 8 * 1024 * 1024, (kept) => kept.parts.opening.length + kept.parts.rest.length);
    // Positional: binding 23 named values looked each up on an object, twice the cost of the rest of the row's statement.
    this.insertStmt = db.prepare(`INSERT INTO payments (${PAYMENT_COLUMNS}, request_body, parsed, transaction_count, vop_settles_at, creditor_preview)
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
    this.byIdStmt = db.prepare<[string], PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE payment_id = ?`);
    this.bodyStmt = db.prepare<[string], { request_body: Buffer }>('SELECT request_body FROM payments WHERE payment_id = ?');
    this.parsedStmt = db.prepare<[string], { parsed: string }>('SELECT parsed FROM payments WHERE payment_id = ?');
    // SET expressions all read the row as it was, so previous_status takes the old status.
    this.setStatusStmt = db.prepare(`UPDATE payments SET previous_status = CASE WHEN status = @status THEN previous_status ELSE status END,
      status = @status, group_reason = @group_reason, status_changed_at = @at WHERE payment_id = @payment_id`);
    this.txStmt = db.prepare<[string], { idx: number; status: string | null; reasons: string }>(
      'SELECT idx, status, reasons FROM payment_transactions WHERE payment_id = ? ORDER BY idx',
    );
    this.setTxStmt = db.prepare('UPDATE payment_transactions SET status = ?, reasons = ? WHERE payment_id = ? AND idx = ?');
    this.attemptsStmt = db.prepare<[string], AttemptRow>('SELECT * FROM payment_authorisations WHERE payment_id = ? ORDER BY created_at, rowid');
    this.attemptStmt = db.prepare<[string], AttemptRow>('SELECT * FROM payment_authorisations WHERE authorisation_id = ?');
    this.attemptByJourneyStmt = db.prepare<[string], AttemptRow>('SELECT * FROM payment_authorisations WHERE journey_id = ?');
    this.insertAttemptStmt = db.prepare(`INSERT INTO payment_authorisations (authorisation_id, payment_id, journey_id, psu_id, via, basket_id, status,
      signatory_group, refusal, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, 'started', ?, NULL, ?, NULL)`);
    this.finishAttemptStmt = db.prepare<[string, string | null, number, string], { payment_id: string }>(
      "UPDATE payment_authorisations SET status = ?, refusal = ?, finished_at = ? WHERE authorisation_id = ? AND status = 'started' RETURNING payment_id",
    );
    this.dueToExpireStmt = db.prepare<[number], PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE status = 'PATC' AND created_at <= ?`);
    this.dueForProcessingStmt = db.prepare<[string], PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE status = 'PDNG' AND execution_date <= ?`);
    this.oldestPatcStmt = db.prepare<[], { at: number | null }>("SELECT min(created_at) AS at FROM payments WHERE status = 'PATC'");
    this.nextVopSettlementStmt = db.prepare<[], { at: number | null }>('SELECT min(vop_settles_at) AS at FROM payments WHERE vop_settles_at IS NOT NULL');
    this.pendingStmt = db.prepare<[], PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE status = 'PDNG'`);
    this.vopSettledStmt = db.prepare<[number], { payment_id: string; institution: string; status: string }>(
      'SELECT payment_id, institution, status FROM payments WHERE vop_settles_at IS NOT NULL AND vop_settles_at <= ?',
    );
    this.clearVopSettlementStmt = db.prepare('UPDATE payments SET vop_settles_at = NULL WHERE payment_id = ?');
    this.listStmt = db.prepare<[number, number], ListingRow>(`SELECT ${PAYMENT_COLUMNS}, previous_status, transaction_count, creditor_preview
      FROM payments ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`);
    this.countStmt = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM payments');
    this.listedAuthorisationsStmt = db.prepare<[string], AttemptRow>(`SELECT * FROM payment_authorisations
      WHERE status = 'finalised' AND payment_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid`);
    this.balanceStmt = db.prepare<[string], { available: string }>('SELECT available FROM account_balances WHERE resource_id = ?');
    this.setBalanceStmt = db.prepare(
      'INSERT INTO account_balances (resource_id, available) VALUES (?, ?) ON CONFLICT (resource_id) DO UPDATE SET available = excluded.available',
    );
    this.postingsStmt = db.prepare<[string], PaymentRow & { parsed: string }>(`SELECT ${PAYMENT_COLUMNS}, parsed FROM payments
      WHERE status IN ('PDNG', 'ACCP') AND debtor_account_id = ? ORDER BY status_changed_at, rowid`);
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
    this.forgetPayment(p.paymentId);
    // In the order of PAYMENT_COLUMNS, then request_body, parsed, transaction_count, vop_settles_at, creditor_preview.
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
      JSON.stringify(parsed.transactions.slice(0, CREDITOR_PREVIEW_SIZE).map(storedCreditor)),
    );
    const vopOf = (i: number): StoredVopCheck | null => {
      const check = vopChecks?.[i];
      return check ? storedVopCheck(check) : null;
    };
    if (transactionCount === 1) {
      const vop = vopOf(0);
      this.insertOneTxStmt.run(p.paymentId, vop === null ? null : JSON.stringify(vop));
      return;
    }
    // One entry per credit transfer: its VoP check as JSON (json_each gives an object back as its text), or null.
    this.insertTxStmt.run(p.paymentId, JSON.stringify(Array.from({ length: transactionCount }, (_, i) => vopOf(i))));
  }

  find(paymentId: string): Payment | undefined {
    const payment = this.payments.read(paymentId, () => {
      const row = this.byIdStmt.get(paymentId);
      return row ? this.toPayment(row) : undefined;
    });
    return payment && { ...payment, authorisations: [...payment.authorisations] };
  }

  requestBody(paymentId: string): Buffer | undefined {
    return this.bodyStmt.get(paymentId)?.request_body;
  }

  /** The pain.001 as parsed at creation; shared, never to be changed by the caller. */
  parsed(paymentId: string): Readonly<ParsedPayment> | undefined {
    return this.messages.read(paymentId, () => {
      const json = this.parsedStmt.get(paymentId)?.parsed;
      return json === undefined ? undefined : (JSON.parse(json) as ParsedPayment);
    });
  }

  /** Keeps the status being left as the previous one, unless the status stays the same. */
  setStatus(paymentId: string, status: TransactionStatus, groupReason: StatusReason | null, at: Date): void {
    this.payments.drop(paymentId);
    this.reports.drop(paymentId);
    this.setStatusStmt.run({ status, group_reason: groupReason ? JSON.stringify(groupReason) : null, at: at.getTime(), payment_id: paymentId });
  }

  transactions(paymentId: string): TransactionState[] {
    const states = this.states.read(paymentId, () =>
      this.txStmt.all(paymentId).map((r) => ({ index: r.idx, status: r.status as TransactionStatus | null, reasons: JSON.parse(r.reasons) as StatusReason[] })),
    );
    return (states ?? []).map((state) => ({ ...state, reasons: [...state.reasons] }));
  }

  /**
   * The payment's status report as kept (see PaymentService.report), else `make()`'s; dropped by every write
   * of the payment or its transaction states here. A kept report that does not hold at `now` is made anew.
   */
  statusReport(paymentId: string, now: Date, make: () => KeptReport): KeptReport {
    const kept = this.reports.read(paymentId, () => undefined);
    if (kept && now.getTime() >= kept.validFrom && now.getTime() < kept.validUntil) return kept;
    this.reports.drop(paymentId);
    const made = make();
    return this.reports.read(paymentId, () => made) ?? made;
  }

  /** Payments whose VoP results became final by `now` and were not announced yet; each is marked announced. */
  takeVopSettled(now: Date): { paymentId: string; institution: string; status: TransactionStatus }[] {
    const due = this.vopSettledStmt.all(now.getTime());
    for (const row of due) this.clearVopSettlementStmt.run(row.payment_id);
    return due.map((r) => ({ paymentId: r.payment_id, institution: r.institution, status: r.status as TransactionStatus }));
  }

  /** The VoP checks of every credit transfer, in order; null where VoP does not apply. */
  vopChecks(paymentId: string): (VopCheck | null)[] {
    return [...(this.checks.read(paymentId, () => this.vopStmt.all(paymentId).map((r) => parseVopCheck(r.vop))) ?? [])];
  }

  /** The VoP checks of the first `limit` credit transfers of each payment, in order, in one statement for all. */
  vopChecksOf(paymentIds: readonly string[], limit: number): Map<string, (VopCheck | null)[]> {
    const byPayment = new Map<string, (VopCheck | null)[]>(paymentIds.map((id) => [id, []]));
    for (const row of this.listedVopStmt.all(JSON.stringify(paymentIds), limit)) byPayment.get(row.payment_id)?.push(parseVopCheck(row.vop));
    return byPayment;
  }

  setTransaction(paymentId: string, index: number, status: TransactionStatus | null, reasons: StatusReason[]): void {
    this.states.drop(paymentId);
    this.reports.drop(paymentId);
    this.setTxStmt.run(status, JSON.stringify(reasons), paymentId, index);
  }

  attempts(paymentId: string): AuthorisationAttempt[] {
    return this.attemptsStmt.all(paymentId).map(toAttempt);
  }

  attempt(authorisationId: string): AuthorisationAttempt | undefined {
    const row = this.attemptStmt.get(authorisationId);
    return row ? toAttempt(row) : undefined;
  }

  attemptByJourney(journeyId: string): AuthorisationAttempt | undefined {
    return this.attemptsByJourney(journeyId)[0];
  }

  /** A basket's journey holds one attempt per included payment. */
  attemptsByJourney(journeyId: string): AuthorisationAttempt[] {
    return this.attemptByJourneyStmt.all(journeyId).map(toAttempt);
  }

  /** Throws SQLITE_CONSTRAINT_UNIQUE when the payment already has an active attempt. */
  // A started attempt is not among the payment's authorisations: nothing kept changes until finishAttempt.
  insertAttempt(a: AuthorisationAttempt): void {
    this.insertAttemptStmt.run(a.authorisationId, a.paymentId, a.journeyId, a.psuId, a.via, a.basketId, a.signatoryGroup, a.createdAt.getTime());
  }

  finishAttempt(authorisationId: string, status: 'finalised' | 'failed', refusal: string | null, at: Date): void {
    const finished = this.finishAttemptStmt.get(status, refusal, at.getTime(), authorisationId);
    if (finished) {
      this.payments.drop(finished.payment_id);
      this.reports.drop(finished.payment_id);
    }
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

  /** Every PDNG payment: waiting for its execution date or its processing delay. */
  pending(): Payment[] {
    return this.pendingStmt.all().map((r) => this.toPayment(r));
  }

  /** PDNG payments whose execution date has come (ISO date, compared as text). */
  dueForProcessing(today: string): Payment[] {
    return this.dueForProcessingStmt.all(today).map((r) => this.toPayment(r));
  }

  /** The newest payments first: two statements however many are listed. */
  count(): number {
    return this.countStmt.get()?.n ?? 0;
  }

  listings(limit: number, offset = 0): PaymentListing[] {
    const rows = this.listStmt.all(limit, offset);
    const authorisations = new Map<string, AuthorisationRecord[]>(rows.map((r) => [r.payment_id, []]));
    for (const attempt of this.listedAuthorisationsStmt.all(JSON.stringify(rows.map((r) => r.payment_id))).map(toAttempt)) {
      authorisations.get(attempt.paymentId)?.push(authorisationOf(attempt));
    }
    return rows.map((r) => ({
      payment: paymentOf(r, authorisations.get(r.payment_id) ?? []),
      previousStatus: r.previous_status as TransactionStatus | null,
      transactionCount: r.transaction_count,
      creditors: (JSON.parse(r.creditor_preview) as StoredCreditor[]).map(toCreditor),
    }));
  }

  balance(resourceId: string): string | undefined {
    return this.balanceStmt.get(resourceId)?.available;
  }

  setBalance(resourceId: string, available: string): void {
    this.setBalanceStmt.run(resourceId, available);
  }

  /**
   * What the account's report shows of the bank's payments: PDNG ones whole, processed ones as far as
   * accepted. Each message is parsed once, in full: for a 10,000-transaction bulk several times faster
   * than SQLite's JSON functions.
   */
  postings(debtorAccountId: string): AccountPostingRow[] {
    return this.postingsStmt.all(debtorAccountId).map((r) => {
      const status = r.status === 'ACCP' ? 'ACCP' : 'PDNG';
      const accepted =
        status === 'ACCP'
          ? new Set(
              this.txStmt
                .all(r.payment_id)
                .filter((t) => t.status === 'ACCP')
                .map((t) => t.idx),
            )
          : null;
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

  /** After the reset cleared the tables behind this repository's back. */
  forget(): void {
    for (const cache of [this.payments, this.states, this.messages, this.checks, this.reports]) cache.clear();
  }

  private forgetPayment(paymentId: string): void {
    for (const cache of [this.payments, this.states, this.messages, this.checks, this.reports]) cache.drop(paymentId);
  }

  private toPayment(r: PaymentRow): Payment {
    return paymentOf(
      r,
      this.attempts(r.payment_id)
        .filter((a) => a.status === 'finalised')
        .map(authorisationOf),
    );
  }
}

const authorisationOf = (a: AuthorisationAttempt): AuthorisationRecord => ({
  psuId: a.psuId,
  signatoryGroup: a.signatoryGroup,
  at: a.finishedAt ?? a.createdAt,
  via: a.via,
});

function paymentOf(r: PaymentRow, authorisations: AuthorisationRecord[]): Payment {
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

interface StoredVopCheck {
  requestedAt: number;
  answeredAt: number | null;
  answer: VopAnswer | null;
}

const storedVopCheck = (c: VopCheck): StoredVopCheck => ({
  requestedAt: c.requestedAt.getTime(),
  answeredAt: c.answeredAt?.getTime() ?? null,
  answer: c.answer ?? null,
});

function parseVopCheck(json: string | null): VopCheck | null {
  if (json === null) return null;
  const c = JSON.parse(json) as StoredVopCheck;
  return {
    requestedAt: new Date(c.requestedAt),
    answeredAt: c.answeredAt === null ? undefined : new Date(c.answeredAt),
    answer: c.answer ?? undefined,
  };
}
