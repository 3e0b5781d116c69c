import type { BasketStatus, SigningBasket } from '../../domain/basket/basket';
import type { Db } from '../database';

interface BasketRow {
  basket_id: string;
  institution: string;
  tpp_id: string;
  consent_id: string;
  psu_id: string;
  journey_id: string;
  status: string;
  payment_ids: string;
  created_at: number;
  status_changed_at: number;
}

const toBasket = (r: BasketRow): SigningBasket => ({
  basketId: r.basket_id,
  institution: r.institution,
  tppId: r.tpp_id,
  consentId: r.consent_id,
  psuId: r.psu_id,
  journeyId: r.journey_id,
  status: r.status as BasketStatus,
  paymentIds: JSON.parse(r.payment_ids) as string[],
  createdAt: new Date(r.created_at),
  statusChangedAt: new Date(r.status_changed_at),
});

export class SigningBasketRepository {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly byJourneyStmt;
  private readonly setStatusStmt;
  private readonly listStmt;
  private readonly countStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(`INSERT INTO signing_baskets (basket_id, institution, tpp_id, consent_id, psu_id, journey_id, status, payment_ids,
      created_at, status_changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.byIdStmt = db.prepare<[string], BasketRow>('SELECT * FROM signing_baskets WHERE basket_id = ?');
    this.byJourneyStmt = db.prepare<[string], BasketRow>('SELECT * FROM signing_baskets WHERE journey_id = ?');
    this.setStatusStmt = db.prepare('UPDATE signing_baskets SET status = ?, status_changed_at = ? WHERE basket_id = ?');
    this.listStmt = db.prepare<[number, number], BasketRow>('SELECT * FROM signing_baskets ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?');
    this.countStmt = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM signing_baskets');
  }

  insert(b: SigningBasket): void {
    this.insertStmt.run(
      b.basketId,
      b.institution,
      b.tppId,
      b.consentId,
      b.psuId,
      b.journeyId,
      b.status,
      JSON.stringify(b.paymentIds),
      b.createdAt.getTime(),
      b.statusChangedAt.getTime(),
    );
  }

  find(basketId: string): SigningBasket | undefined {
    const row = this.byIdStmt.get(basketId);
    return row ? toBasket(row) : undefined;
  }

  byJourney(journeyId: string): SigningBasket | undefined {
    const row = this.byJourneyStmt.get(journeyId);
    return row ? toBasket(row) : undefined;
  }

  setStatus(basketId: string, status: BasketStatus, at: Date): void {
    this.setStatusStmt.run(status, at.getTime(), basketId);
  }

  list(limit: number, offset = 0): SigningBasket[] {
    return this.listStmt.all(limit, offset).map(toBasket);
  }

  count(): number {
    return this.countStmt.get()?.n ?? 0;
  }
}
