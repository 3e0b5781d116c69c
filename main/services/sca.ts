import { BankError } from '../domain/errors';
import { actOnJourney, journeyStatusAt, type ScaAction, type ScaJourney, type ScaJourneyStatus } from '../domain/sca/journey';
import { bankPaths, type BankContext } from './context';

export interface JourneyView {
  journeyId: string;
  kind: ScaJourney['kind'];
  institution: string;
  psuId: string;
  resourceId: string;
  status: ScaJourneyStatus;
  redirectUrl: string;
  createdAt: string;
  openedAt: string | null;
  finishedAt: string | null;
}

export class ScaService {
  constructor(private readonly ctx: BankContext) {}

  list(status?: ScaJourneyStatus): JourneyView[] {
    const now = this.ctx.clock.now();
    return this.ctx.repos.journeys
      .list()
      .map((j) => this.view(j, now))
      .filter((j) => status === undefined || j.status === status);
  }

  /** GET /sca/{id}: the link is single use; a second open changes nothing. */
  open(journeyId: string): { journey: JourneyView; firstOpen: boolean } {
    const now = this.ctx.clock.now();
    const journey = this.find(journeyId);
    const firstOpen = this.ctx.repos.journeys.open(journeyId, now);
    if (firstOpen) {
      this.ctx.events.emitEvent({ type: 'sca', journeyId, kind: journey.kind, psuId: journey.psuId, status: 'opened' });
    }
    return { journey: this.view(this.find(journeyId), now), firstOpen };
  }

  /** The PSU approves or rejects in the bank's app. */
  act(journeyId: string, action: ScaAction): JourneyView {
    const now = this.ctx.clock.now();
    this.ctx.db.transaction(() => {
      const journey = this.find(journeyId);
      this.finish(journey, actOnJourney(journey, action, now), now);
    })();
    return this.view(this.find(journeyId), now);
  }

  /** Applies the outcome of a journey to what it authorises, in the caller's transaction. */
  finish(journey: ScaJourney, status: 'finalised' | 'failed', now: Date): void {
    this.ctx.repos.journeys.finish(journey.journeyId, status, now);
    if (journey.kind === 'consent') {
      const consentStatus = status === 'finalised' ? 'valid' : 'rejected';
      this.ctx.repos.consents.setStatus(journey.resourceId, consentStatus, now);
      this.ctx.events.emitEvent({ type: 'consent', consentId: journey.resourceId, institution: journey.institution, status: consentStatus });
    }
    this.ctx.events.emitEvent({ type: 'sca', journeyId: journey.journeyId, kind: journey.kind, psuId: journey.psuId, status });
  }

  find(journeyId: string): ScaJourney {
    const journey = this.ctx.repos.journeys.find(journeyId);
    if (!journey) throw BankError.of('RESOURCE_UNKNOWN', `SCA journey ${journeyId} does not exist`);
    return journey;
  }

  private view(j: ScaJourney, now: Date): JourneyView {
    return {
      journeyId: j.journeyId,
      kind: j.kind,
      institution: j.institution,
      psuId: j.psuId,
      resourceId: j.resourceId,
      status: journeyStatusAt(j, now),
      redirectUrl: bankPaths.scaRedirect(this.ctx.origin(), j.journeyId),
      createdAt: j.createdAt.toISOString(),
      openedAt: j.openedAt?.toISOString() ?? null,
      finishedAt: j.finishedAt?.toISOString() ?? null,
    };
  }
}
