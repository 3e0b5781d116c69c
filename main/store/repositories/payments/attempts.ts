import type { AttemptStatus, AuthorisationAttempt, AuthorisationRecord } from '../../../domain/payment/payment';
import type { Db } from '../../database';
import type { PaymentReadCaches } from './payment-caches';
import { authorisationOf } from './payment-rows';

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

/** The payments' authorisation attempts (payment_authorisations): a finalised one is one of its payment's authorisations. */
export class PaymentAttemptRepository {
  private readonly attemptsStmt;
  private readonly attemptStmt;
  private readonly attemptByJourneyStmt;
  private readonly insertAttemptStmt;
  private readonly finishAttemptStmt;
  private readonly listedAuthorisationsStmt;

  constructor(
    db: Db,
    private readonly caches: PaymentReadCaches,
  ) {
    this.attemptsStmt = db.prepare<[string], AttemptRow>('SELECT * FROM payment_authorisations WHERE payment_id = ? ORDER BY created_at, rowid');
    this.attemptStmt = db.prepare<[string], AttemptRow>('SELECT * FROM payment_authorisations WHERE authorisation_id = ?');
    this.attemptByJourneyStmt = db.prepare<[string], AttemptRow>('SELECT * FROM payment_authorisations WHERE journey_id = ?');
    this.insertAttemptStmt = db.prepare(`INSERT INTO payment_authorisations (authorisation_id, payment_id, journey_id, psu_id, via, basket_id, status,
      signatory_group, refusal, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, 'started', ?, NULL, ?, NULL)`);
    this.finishAttemptStmt = db.prepare<[string, string | null, number, string], { payment_id: string }>(
      "UPDATE payment_authorisations SET status = ?, refusal = ?, finished_at = ? WHERE authorisation_id = ? AND status = 'started' RETURNING payment_id",
    );
    // The listing's ids travel as one JSON array, so a page of any size costs one statement.
    this.listedAuthorisationsStmt = db.prepare<[string], AttemptRow>(`SELECT * FROM payment_authorisations
      WHERE status = 'finalised' AND payment_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid`);
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
    if (finished) this.caches.dropResource(finished.payment_id);
  }

  /** The payment's authorisations: its finalised attempts, oldest first. */
  authorisations(paymentId: string): AuthorisationRecord[] {
    return this.attempts(paymentId)
      .filter((a) => a.status === 'finalised')
      .map(authorisationOf);
  }

  /** The authorisations of each payment, in one statement for all. */
  authorisationsOf(paymentIds: readonly string[]): Map<string, AuthorisationRecord[]> {
    const byPayment = new Map<string, AuthorisationRecord[]>(paymentIds.map((id) => [id, []]));
    for (const attempt of this.listedAuthorisationsStmt.all(JSON.stringify(paymentIds)).map(toAttempt)) {
      byPayment.get(attempt.paymentId)?.push(authorisationOf(attempt));
    }
    return byPayment;
  }
}
