import { BankError, formatError } from '../domain/errors';
import { actOnJourney, journeyStatusAt, type ScaAction, type ScaJourney, type ScaJourneyStatus } from '../domain/sca/journey';
import type { BankContext } from './context';

const JOURNEY_STATUSES: readonly ScaJourneyStatus[] = ['started', 'opened', 'finalised', 'failed'];
const isScaAction = (value: unknown): value is ScaAction => value === 'approve' || value === 'reject';

/** What the PSU's decision means for the resource a journey authorises; the rules there may still fail it. */
export type JourneyHandler = (journey: ScaJourney, approved: boolean, now: Date) => { status: 'finalised' | 'failed'; reason?: string | null };

/** A journey with its status at the moment asked (a journey past its time limit reads failed before it is settled). */
export interface JourneyAt {
  journey: ScaJourney;
  status: ScaJourneyStatus;
}

export class ScaService {
  private readonly handlers = new Map<ScaJourney['kind'], JourneyHandler>();

  constructor(private readonly ctx: BankContext) {}

  /** Each kind of resource (consent, payment, basket) says what a finished journey does to it. */
  handle(kind: ScaJourney['kind'], handler: JourneyHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Every journey, or those with `status` (one of started, opened, finalised, failed). */
  list(status?: unknown): JourneyAt[] {
    if (status !== undefined && !(JOURNEY_STATUSES as readonly unknown[]).includes(status)) {
      throw formatError(`status must be one of ${JOURNEY_STATUSES.join(', ')}`);
    }
    const now = this.ctx.clock.now();
    return this.ctx.repos.journeys
      .list()
      .map((j) => this.view(j, now))
      .filter((j) => status === undefined || j.status === status);
  }

  /** GET /sca/{id}: the link is single use; a second open changes nothing. */
  open(journeyId: string): { journey: JourneyAt; firstOpen: boolean } {
    const now = this.ctx.clock.now();
    const journey = this.find(journeyId);
    const firstOpen = this.ctx.repos.journeys.open(journeyId, now);
    if (firstOpen) {
      this.ctx.events.emitEvent({ type: 'sca', journeyId, kind: journey.kind, psuId: journey.psuId, status: 'opened' });
    }
    return { journey: this.view(this.find(journeyId), now), firstOpen };
  }

  /** The PSU approves or rejects in the bank's app: `{"action":"approve"|"reject"}`. */
  act(journeyId: string, body: unknown): JourneyAt {
    const action = (body as { action?: unknown } | null)?.action;
    if (!isScaAction(action)) throw formatError('the body must be {"action":"approve"} or {"action":"reject"}');
    const now = this.ctx.clock.now();
    this.ctx.transact(() => {
      const journey = this.find(journeyId);
      this.finish(journey, actOnJourney(journey, action, now) === 'finalised', now);
    });
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

  private view(journey: ScaJourney, now: Date): JourneyAt {
    return { journey, status: journeyStatusAt(journey, now) };
  }
}
