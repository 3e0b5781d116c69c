import { BankError } from '../domain/errors';
import { actOnJourney, journeyStatusAt, type ScaAction, type ScaJourney, type ScaJourneyStatus } from '../domain/sca/journey';
import { bankPaths, type BankContext } from './context';

/** What the PSU's decision means for the resource a journey authorises; the rules there may still fail it. */
export type JourneyHandler = (journey: ScaJourney, approved: boolean, now: Date) => { status: 'finalised' | 'failed'; reason?: string | null };

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
  outcomeReason: string | null;
}

export class ScaService {
  private readonly handlers = new Map<ScaJourney['kind'], JourneyHandler>();

  constructor(private readonly ctx: BankContext) {}

  /** Each kind of resource (consent, payment, basket) says what a finished journey does to it. */
  handle(kind: ScaJourney['kind'], handler: JourneyHandler): void {
    this.handlers.set(kind, handler);
  }

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
      this.finish(journey, actOnJourney(journey, action, now) === 'finalised', now);
    })();
    return this.view(this.find(journeyId), now);
  }

  /** Applies the PSU's decision (or a timeout: not approved) to what the journey authorises, in the caller's transaction. */
  finish(journey: ScaJourney, approved: boolean, now: Date): void {
    const handler = this.handlers.get(journey.kind);
    const outcome = handler ? handler(journey, approved, now) : { status: approved ? ('finalised' as const) : ('failed' as const) };
    this.ctx.repos.journeys.finish(journey.journeyId, outcome.status, now, outcome.reason ?? null);
    this.ctx.events.emitEvent({ type: 'sca', journeyId: journey.journeyId, kind: journey.kind, psuId: journey.psuId, status: outcome.status });
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
      outcomeReason: j.outcomeReason ?? null,
    };
  }
}
