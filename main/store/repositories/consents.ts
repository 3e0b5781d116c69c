import type { Consent, ConsentStatus } from '../../domain/consent/consent';
import type { InstitutionId } from '../../domain/dataset/types';
import type { Db } from '../database';
import { ReadCache } from '../read-cache';

interface ConsentRow {
  consent_id: string;
  institution: string;
  tpp_id: string;
  psu_id: string;
  status: string;
  recurring: number;
  valid_until: string;
  frequency_per_day: number;
  combined_service: number;
  created_at: number;
  expires_at: number;
  status_changed_at: number;
  sca_journey_id: string;
}

const toConsent = (r: ConsentRow): Consent => ({
  consentId: r.consent_id,
  institution: r.institution as InstitutionId,
  tppId: r.tpp_id,
  psuId: r.psu_id,
  status: r.status as ConsentStatus,
  recurringIndicator: r.recurring === 1,
  validUntil: r.valid_until,
  frequencyPerDay: r.frequency_per_day,
  combinedServiceIndicator: r.combined_service === 1,
  createdAt: new Date(r.created_at),
  expiresAt: new Date(r.expires_at),
  statusChangedAt: new Date(r.status_changed_at),
  scaJourneyId: r.sca_journey_id,
});

export class ConsentRepository {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly setStatusStmt;
  private readonly dueToExpireStmt;
  private readonly nextExpiryStmt;
  private readonly nextExpiryOfOthersStmt;
  private readonly listStmt;
  private readonly countStmt;
  /** Every consent and payment request reads its consent: kept once read (see ReadCache); insert, status change and reset drop it. */
  private readonly kept: ReadCache<Consent>;

  constructor(db: Db) {
    this.kept = new ReadCache(db, 10_000);
    this.insertStmt = db.prepare(`INSERT INTO consents (consent_id, institution, tpp_id, psu_id, status, recurring, valid_until,
      frequency_per_day, combined_service, created_at, expires_at, status_changed_at, sca_journey_id)
      VALUES (@consent_id, @institution, @tpp_id, @psu_id, @status, @recurring, @valid_until,
      @frequency_per_day, @combined_service, @created_at, @expires_at, @status_changed_at, @sca_journey_id)`);
    this.byIdStmt = db.prepare<[string], ConsentRow>('SELECT * FROM consents WHERE consent_id = ?');
    this.setStatusStmt = db.prepare('UPDATE consents SET status = ?, status_changed_at = ? WHERE consent_id = ?');
    this.dueToExpireStmt = db.prepare<[number], ConsentRow>("SELECT * FROM consents WHERE status = 'valid' AND expires_at <= ?");
    this.nextExpiryStmt = db.prepare<[], { at: number | null }>("SELECT min(expires_at) AS at FROM consents WHERE status = 'valid'");
    this.nextExpiryOfOthersStmt = db.prepare<[string], { at: number | null }>(
      "SELECT min(expires_at) AS at FROM consents WHERE status = 'valid' AND tpp_id <> ?",
    );
    // `exceptTpp`: the sandbox's static consents belong to no TPP and are listed only in the sandbox behaviour.
    this.listStmt = db.prepare<[string, number, number], ConsentRow>(
      'SELECT * FROM consents WHERE tpp_id != ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
    );
    this.countStmt = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM consents WHERE tpp_id != ?');
  }

  insert(c: Consent): void {
    this.kept.drop(c.consentId);
    this.insertStmt.run({
      consent_id: c.consentId,
      institution: c.institution,
      tpp_id: c.tppId,
      psu_id: c.psuId,
      status: c.status,
      recurring: c.recurringIndicator ? 1 : 0,
      valid_until: c.validUntil,
      frequency_per_day: c.frequencyPerDay,
      combined_service: c.combinedServiceIndicator ? 1 : 0,
      created_at: c.createdAt.getTime(),
      expires_at: c.expiresAt.getTime(),
      status_changed_at: c.statusChangedAt.getTime(),
      sca_journey_id: c.scaJourneyId,
    });
  }

  find(consentId: string): Consent | undefined {
    const consent = this.kept.read(consentId, () => {
      const row = this.byIdStmt.get(consentId);
      return row ? toConsent(row) : undefined;
    });
    return consent && { ...consent };
  }

  setStatus(consentId: string, status: ConsentStatus, at: Date): void {
    this.kept.drop(consentId);
    this.setStatusStmt.run(status, at.getTime(), consentId);
  }

  /** When the next valid consent expires (epoch ms), or null: the lifecycle timer's next moment. */
  nextExpiry(): number | null {
    return this.nextExpiryStmt.get()?.at ?? null;
  }

  /** The next expiry among the consents of every TPP but one (the sandbox's static consents, which wait on nothing). */
  nextExpiryExcept(tppId: string): number | null {
    return this.nextExpiryOfOthersStmt.get(tppId)?.at ?? null;
  }

  /** Valid consents whose exclusive end has been reached. */
  dueToExpire(now: Date): Consent[] {
    return this.dueToExpireStmt.all(now.getTime()).map(toConsent);
  }

  /** Newest first; `exceptTpp` leaves out one TPP's consents (none: pass a value no TPP has). */
  list(limit: number, offset = 0, exceptTpp = ''): Consent[] {
    return this.listStmt.all(exceptTpp, limit, offset).map(toConsent);
  }

  count(exceptTpp = ''): number {
    return this.countStmt.get(exceptTpp)?.n ?? 0;
  }

  /** After the reset cleared the table behind this repository's back. */
  forget(): void {
    this.kept.clear();
  }
}
