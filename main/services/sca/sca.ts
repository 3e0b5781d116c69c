import { BankError, formatError } from '../../domain/errors';
import { actOnJourney, journeyStatusAt, outcomeAt, outcomeReasonAt, type ScaAction, type ScaJourney, type ScaJourneyStatus } from '../../domain/sca/journey';
import type { JourneyOutcome, Refusal } from '../../domain/sca/outcome';
import type { BankContext } from '../context';
import type { FaultPresets } from '../faults/fault-rules';
import { ScaPageKeys } from './sca-page-keys';

const JOURNEY_STATUSES: readonly ScaJourneyStatus[] = ['started', 'opened', 'finalised', 'failed'];
const isScaAction = (value: unknown): value is ScaAction => value === 'approve' || value === 'reject';

/** What the bank would answer the PSU's approval now: a rule that refuses it, or null. */
export type JourneyForesight = (journey: ScaJourney, now: Date) => Refusal | null;

/** The provider a journey acts for, as the PSU knows it: its registered name and its organisation identifier. */
export interface JourneyTpp {
  name: string | null;
  organizationId: string;
}

/** What the PSU's decision means for the resource a journey authorises; the rules there may still fail it. */
export type JourneyHandler = (journey: ScaJourney, approved: boolean, now: Date) => JourneyEnding;

/** What a finished journey did to its resource: the status, and when a rule failed it, why in words and as a kind. */
export interface JourneyEnding {
  status: 'finalised' | 'failed';
  reason?: string | null;
  outcome?: JourneyOutcome;
}

/**
 * A journey with its status at the moment asked (a journey past its time limit reads failed, with the
 * timeout's reason, before it is settled).
 */
export interface JourneyAt {
  journey: ScaJourney;
  status: ScaJourneyStatus;
  /** Who asks for the approval; null once what it approves is gone. */
  tpp: JourneyTpp | null;
  /** While it waits: the rule that would refuse the PSU's approval now (the bank's app says so before the PSU acts). */
  approvalRefusal: Refusal | null;
}

/** What the opened SCA page learns of its journey: the TPP-Redirect-URI only once the PSU is done. */
export interface JourneyProgress {
  status: ScaJourneyStatus;
  outcomeReason: string | null;
  tppRedirectUri: string | null;
}

/**
 * The exchange in which the PSU decided in the bank's app (POST /simulator/v1/sca/{id}), as answered:
 * a run waiting for that decision shows it as its step, whichever window made it.
 */
export interface DecisionExchange {
  request: { method: string; url: string; headers: Record<string, string | string[]>; body: string | null };
  response: { status: number; headers: Record<string, string | string[]>; body: string };
  /** The simulated instant it arrived. */
  at: Date;
  durationMs: number;
}

/** Decisions kept for runs to show: the newest of them; a run reads its own within moments. */
const DECISIONS_KEPT = 500;

export class ScaService {
  private readonly handlers = new Map<ScaJourney['kind'], JourneyHandler>();
  private readonly foresights = new Map<ScaJourney['kind'], JourneyForesight>();
  private readonly decisions = new Map<string, DecisionExchange>();
  private readonly pageKeys: ScaPageKeys;

  constructor(
    private readonly ctx: BankContext,
    private readonly presets: Pick<FaultPresets, 'abandonedSca'>,
  ) {
    this.pageKeys = new ScaPageKeys(ctx);
  }

  /** Each kind of resource (consent, payment, basket) says what a finished journey does to it. */
  handle(kind: ScaJourney['kind'], handler: JourneyHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Kinds whose rules can refuse an approval (payments, baskets) say what they would refuse now. */
  foresee(kind: ScaJourney['kind'], foresight: JourneyForesight): void {
    this.foresights.set(kind, foresight);
  }

  /** Every journey, or those with `status` (one of started, opened, finalised, failed). */
  list(status?: unknown): JourneyAt[] {
    if (status !== undefined && !(JOURNEY_STATUSES as readonly unknown[]).includes(status)) {
      throw formatError(`status must be one of ${JOURNEY_STATUSES.join(', ')}`);
    }
    const now = this.ctx.clock.now();
    const names = new Map<string, string | null>();
    return this.ctx.repos.journeys
      .list()
      .map((j) => this.view(j, now, names))
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

  /**
   * The PSU approves or rejects in the bank's app: `{"action":"approve"|"reject"}`. While the sca-abandoned
   * fault preset holds, the PSU takes no decision: the journey waits for the bank's time limit.
   */
  act(journeyId: string, body: unknown): JourneyAt {
    const action = (body as { action?: unknown } | null)?.action;
    if (!isScaAction(action)) throw formatError('the body must be {"action":"approve"} or {"action":"reject"}');
    const now = this.ctx.clock.now();
    this.ctx.transact(() => {
      const journey = this.find(journeyId);
      const decision = actOnJourney(journey, action, now);
      const abandoned = this.presets.abandonedSca({ journeyId, institution: journey.institution, tppId: this.tppIdOf(journey) ?? null }, now);
      if (abandoned !== null)
        throw BankError.of(
          'STATUS_INVALID',
          `the PSU abandons the SCA on purpose (fault rule ${abandoned.id}, POST /simulator/v1/faults): journey ${journeyId} takes no decision and ends by the bank's time limit`,
        );
      this.finish(journey, decision === 'finalised', now);
    });
    return this.view(this.find(journeyId), now);
  }

  /**
   * Applies the PSU's decision (or a timeout: not approved, with its reason and kind) to what the journey
   * authorises, in the caller's transaction.
   */
  finish(journey: ScaJourney, approved: boolean, now: Date, timeout: { text: string; outcome: JourneyOutcome } | null = null): void {
    const handler = this.handlers.get(journey.kind);
    const ending: JourneyEnding = handler ? handler(journey, approved, now) : { status: approved ? 'finalised' : 'failed' };
    const outcome = timeout?.outcome ?? ending.outcome ?? (ending.status === 'finalised' ? 'approved' : 'rejected');
    this.ctx.repos.journeys.finish(journey.journeyId, ending.status, now, { reason: timeout?.text ?? ending.reason ?? null, outcome });
    this.ctx.events.emitEvent({ type: 'sca', journeyId: journey.journeyId, kind: journey.kind, psuId: journey.psuId, status: ending.status });
  }

  /** Keeps the exchange that decided a journey (the first one only: a journey is decided once). */
  keepDecision(journeyId: string, exchange: DecisionExchange): void {
    if (this.decisions.has(journeyId)) return;
    this.decisions.set(journeyId, exchange);
    if (this.decisions.size > DECISIONS_KEPT) this.decisions.delete(this.decisions.keys().next().value as string);
  }

  /** GET /simulator/v1/sca/{id}/decision: the exchange that decided the journey; RESOURCE_UNKNOWN while there is none. */
  decision(journeyId: string): DecisionExchange {
    this.find(journeyId);
    const decision = this.decisions.get(journeyId);
    if (!decision)
      throw BankError.of(
        'RESOURCE_UNKNOWN',
        `SCA journey ${journeyId} was not decided by the PSU (yet); it may have ended by its time limit or with its payment`,
      );
    return decision;
  }

  /** One journey with its status now. */
  get(journeyId: string): JourneyAt {
    return this.view(this.find(journeyId), this.ctx.clock.now());
  }

  find(journeyId: string): ScaJourney {
    const journey = this.ctx.repos.journeys.find(journeyId);
    if (!journey) throw BankError.of('RESOURCE_UNKNOWN', `SCA journey ${journeyId} does not exist`);
    return journey;
  }

  private view(journey: ScaJourney, now: Date, names = new Map<string, string | null>()): JourneyAt {
    const status = journeyStatusAt(journey, now);
    const waiting = status === 'started' || status === 'opened';
    return {
      journey: { ...journey, outcomeReason: outcomeReasonAt(journey, now), outcome: outcomeAt(journey, now) },
      status,
      tpp: this.tppOf(journey, names),
      approvalRefusal: waiting ? (this.foresights.get(journey.kind)?.(journey, now) ?? null) : null,
    };
  }

  /** The TPP behind the resource the journey approves; `names` keeps each TPP's name for the rest of a list. */
  private tppOf(journey: ScaJourney, names: Map<string, string | null>): JourneyTpp | null {
    const tppId = this.tppIdOf(journey);
    if (tppId === undefined) return null;
    if (!names.has(tppId)) names.set(tppId, this.ctx.repos.oauth.clientNameOf(tppId));
    return { name: names.get(tppId) ?? null, organizationId: tppId };
  }

  /** The TPP identity behind the resource the journey approves; undefined once that is gone. */
  private tppIdOf(journey: ScaJourney): string | undefined {
    const { repos } = this.ctx;
    return journey.kind === 'consent'
      ? repos.consents.find(journey.resourceId)?.tppId
      : journey.kind === 'payment-authorisation'
        ? repos.payments.find(journey.resourceId)?.tppId
        : repos.baskets.find(journey.resourceId)?.tppId;
  }
}
