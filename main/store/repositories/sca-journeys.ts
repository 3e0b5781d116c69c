import { earliest } from '../../domain/time/earliest';
import type { InstitutionId } from '../../domain/dataset/types';
import { SCA_TIMEOUT_MS, UNOPENED_AUTHORISATION_TIMEOUT_MS, type ScaJourney, type ScaJourneyKind, type ScaJourneyStatus } from '../../domain/sca/journey';
import { isJourneyOutcome, type JourneyOutcome } from '../../domain/sca/outcome';
import type { Db } from '../database';

interface JourneyRow {
  journey_id: string;
  kind: string;
  institution: string;
  psu_id: string;
  resource_id: string;
  status: string;
  created_at: number;
  opened_at: number | null;
  finished_at: number | null;
  tpp_redirect_uri: string;
  outcome_reason: string | null;
  outcome: string | null;
}

const toJourney = (r: JourneyRow): ScaJourney => ({
  journeyId: r.journey_id,
  kind: r.kind as ScaJourneyKind,
  institution: r.institution as InstitutionId,
  psuId: r.psu_id,
  resourceId: r.resource_id,
  status: r.status as ScaJourneyStatus,
  createdAt: new Date(r.created_at),
  openedAt: r.opened_at === null ? null : new Date(r.opened_at),
  finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
  tppRedirectUri: r.tpp_redirect_uri,
  outcomeReason: r.outcome_reason,
  outcome: isJourneyOutcome(r.outcome) ? r.outcome : null,
});

/** The earliest start of a journey that can time out unopened: one entry of the index of migration 17. */
export const NEXT_UNOPENED_SQL = "SELECT min(created_at) AS at FROM sca_journeys WHERE status = 'started' AND kind <> 'consent'";

export class ScaJourneyRepository {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly openStmt;
  private readonly finishStmt;
  private readonly timedOutStmt;
  private readonly nextOpenedStmt;
  private readonly nextUnopenedStmt;
  private readonly listStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(`INSERT INTO sca_journeys (journey_id, kind, institution, psu_id, resource_id, status, created_at,
      opened_at, finished_at, tpp_redirect_uri) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)`);
    this.byIdStmt = db.prepare<[string], JourneyRow>('SELECT * FROM sca_journeys WHERE journey_id = ?');
    this.openStmt = db.prepare("UPDATE sca_journeys SET status = 'opened', opened_at = ? WHERE journey_id = ? AND status = 'started'");
    this.finishStmt = db.prepare('UPDATE sca_journeys SET status = ?, finished_at = ?, outcome_reason = ?, outcome = ? WHERE journey_id = ?');
    this.timedOutStmt = db.prepare<[number, number], JourneyRow>(
      "SELECT * FROM sca_journeys WHERE (status = 'opened' AND opened_at <= ?) OR (status = 'started' AND kind <> 'consent' AND created_at <= ?)",
    );
    this.listStmt = db.prepare<[], JourneyRow>('SELECT * FROM sca_journeys ORDER BY created_at DESC, rowid DESC');
    this.nextOpenedStmt = db.prepare<[], { at: number | null }>("SELECT min(opened_at) AS at FROM sca_journeys WHERE status = 'opened'");
    this.nextUnopenedStmt = db.prepare<[], { at: number | null }>(NEXT_UNOPENED_SQL);
  }

  insert(j: ScaJourney): void {
    this.insertStmt.run(j.journeyId, j.kind, j.institution, j.psuId, j.resourceId, j.status, j.createdAt.getTime(), j.tppRedirectUri);
  }

  find(journeyId: string): ScaJourney | undefined {
    const row = this.byIdStmt.get(journeyId);
    return row ? toJourney(row) : undefined;
  }

  /** Marks a started journey opened; false when it was not started any more (single use). */
  open(journeyId: string, at: Date): boolean {
    return this.openStmt.run(at.getTime(), journeyId).changes === 1;
  }

  finish(journeyId: string, status: 'finalised' | 'failed', at: Date, ending: { reason: string | null; outcome: JourneyOutcome | null }): void {
    this.finishStmt.run(status, at.getTime(), ending.reason, ending.outcome, journeyId);
  }

  /** Opened journeys whose approval window has passed at `now`. */
  timedOut(now: Date): ScaJourney[] {
    return this.timedOutStmt.all(now.getTime() - SCA_TIMEOUT_MS, now.getTime() - UNOPENED_AUTHORISATION_TIMEOUT_MS).map(toJourney);
  }

  /** The earliest deadline of a journey that can still time out (epoch ms), or null: the lifecycle timer's next moment. */
  nextDeadline(): number | null {
    const opened = this.nextOpenedStmt.get()?.at ?? null;
    const unopened = this.nextUnopenedStmt.get()?.at ?? null;
    return earliest([opened === null ? null : opened + SCA_TIMEOUT_MS, unopened === null ? null : unopened + UNOPENED_AUTHORISATION_TIMEOUT_MS]);
  }

  list(): ScaJourney[] {
    return this.listStmt.all().map(toJourney);
  }
}
