import { BankError, formatError } from '../domain/errors';
import { actOnJourney, journeyStatusAt, outcomeReasonAt, type ScaAction, type ScaJourney, type ScaJourneyStatus } from '../domain/sca/journey';
import type { BankContext } from './context';
import { ScaPageKeys } from './sca-page-keys';

const JOURNEY_STATUSES: readonly ScaJourneyStatus[] = ['started', 'opened', 'finalised', 'failed'];
const isScaAction = (value: unknown): value is ScaAction => value === 'approve' || value === 'reject';

/** What the PSU's decision means for the resource a journey authorises; the rules there may still fail it. */
export type JourneyHandler = (journey: ScaJourney, approved: boolean, now: Date) => { status: 'finalised' | 'failed'; reason?: string | null };

/**
 * A journey with its status at the moment asked (a journey past its time limit reads failed, with the
 * timeout's reason, before it is settled).
 */
export interface JourneyAt {
  journey: ScaJourney;
  status: ScaJourneyStatus;
}

/** What the opened SCA page learns of its journey: the TPP-Redirect-URI only once the PSU is done. */
export interface JourneyProgress {
  status: ScaJourneyStatus;
  outcomeReason: string | null;
  tppRedirectUri: string | null;
}

export class ScaService {
  private readonly handlers = new Map<ScaJourney['kind'], JourneyHandler>();
  private readonly pageKeys: ScaPageKeys;

  constructor(private readonly ctx: BankContext) {
    this.pageKeys = new ScaPageKeys(ctx);
  }

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

  /**
   * GET /sca/{id}: the link is single use; a second open changes nothing. The first open also gives
   * the page its key to follow the journey with (`progress`).
   */
  open(journeyId: string): { journey: JourneyAt; firstOpen: boolean; pageKey: string | null } {
    const now = this.ctx.clock.now();
    const firstOpen = this.ctx.transact(() => {
      const journey = this.find(journeyId);
      const opened = this.ctx.repos.journeys.open(journeyId, now);
      if (opened) this.ctx.events.emitEvent({ type: 'sca', journeyId, kind: journey.kind, psuId: journey.psuId, status: 'opened' });
      return opened;
    });
    return { journey: this.view(this.find(journeyId), now), firstOpen, pageKey: firstOpen ? this.pageKeys.keyFor(journeyId) : null };
  }

  /**
   * GET /sca/{id}/status?key=: the opened page follows its journey. Once the PSU has acted (or the time
   * ran out) it gets the TPP-Redirect-URI to send the browser back to, exactly as the TPP sent it.
   */
  progress(journeyId: string, key: unknown): JourneyProgress {
    const journey = this.find(journeyId);
    if (typeof key !== 'string' || !this.pageKeys.matches(journeyId, key)) {
      throw BankError.of('TOKEN_INVALID', `key is missing or is not the one the SCA page of journey ${journeyId} was given when it opened`);
    }
    const { journey: seen, status } = this.view(journey, this.ctx.clock.now());
    const done = status === 'finalised' || status === 'failed';
    return { status, outcomeReason: seen.outcomeReason ?? null, tppRedirectUri: done ? seen.tppRedirectUri : null };
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

  /**
   * Applies the PSU's decision (or a timeout: not approved, with its `timeoutReason`) to what the journey
   * authorises, in the caller's transaction.
   */
  finish(journey: ScaJourney, approved: boolean, now: Date, timeoutReason: string | null = null): void {
    const handler = this.handlers.get(journey.kind);
    const outcome = handler ? handler(journey, approved, now) : { status: approved ? ('finalised' as const) : ('failed' as const) };
    this.ctx.repos.journeys.finish(journey.journeyId, outcome.status, now, timeoutReason ?? outcome.reason ?? null);
    this.ctx.events.emitEvent({ type: 'sca', journeyId: journey.journeyId, kind: journey.kind, psuId: journey.psuId, status: outcome.status });
  }

  find(journeyId: string): ScaJourney {
    const journey = this.ctx.repos.journeys.find(journeyId);
    if (!journey) throw BankError.of('RESOURCE_UNKNOWN', `SCA journey ${journeyId} does not exist`);
    return journey;
  }

  private view(journey: ScaJourney, now: Date): JourneyAt {
    return { journey: { ...journey, outcomeReason: outcomeReasonAt(journey, now) }, status: journeyStatusAt(journey, now) };
  }
}
