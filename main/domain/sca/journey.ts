import { BankError } from '../errors';
import type { InstitutionId } from '../dataset/types';
import type { JourneyOutcome } from './outcome';

export type ScaJourneyKind = 'consent' | 'payment-authorisation' | 'signing-basket';
export type ScaJourneyStatus = 'started' | 'opened' | 'finalised' | 'failed';
export type ScaAction = 'approve' | 'reject';

/** A sandbox consent, authorisation or basket needs no SCA: its scaRedirect names this journey, whose page says so. */
export const SANDBOX_JOURNEY = 'sandbox';

/**
 * Once the PSU has opened the SCA link, the bank's app waits this long for approval; then the
 * journey fails (a consent becomes rejected). Five minutes, like a bank app's push confirmation;
 * the clock's +10 min steps past it.
 */
export const SCA_TIMEOUT_MS = 5 * 60_000;

/**
 * An authorisation or basket link never opened expires after this long, so an abandoned attempt does
 * not block the payment's next one for ever. A consent link has no such end: its consent simply stays
 * received (spec "Consent status and SCA status").
 */
export const UNOPENED_AUTHORISATION_TIMEOUT_MS = 15 * 60_000;

export interface ScaJourney {
  journeyId: string;
  kind: ScaJourneyKind;
  institution: InstitutionId;
  psuId: string;
  resourceId: string;
  status: ScaJourneyStatus;
  createdAt: Date;
  openedAt: Date | null;
  finishedAt: Date | null;
  tppRedirectUri: string;
  /** Why a journey failed when the PSU approved (an authorisation rule), or null. */
  outcomeReason?: string | null;
  /** How it ended, as a kind (null while it waits; also null for journeys ended before kinds were kept). */
  outcome?: JourneyOutcome | null;
}

type Timed = Pick<ScaJourney, 'status' | 'openedAt' | 'createdAt' | 'kind'>;

/** When a journey still open at that moment fails by itself, or null if it never does. */
export function journeyDeadline(journey: Timed): Date | null {
  if (journey.status === 'opened' && journey.openedAt) return new Date(journey.openedAt.getTime() + SCA_TIMEOUT_MS);
  if (journey.status === 'started' && journey.kind !== 'consent') return new Date(journey.createdAt.getTime() + UNOPENED_AUTHORISATION_TIMEOUT_MS);
  return null;
}

/** Why a journey failed by itself, in the PSU's words: shown on the SCA page and the Phone, stored as its outcomeReason. */
export const TIMEOUT_REASONS = {
  opened: `no decision within ${SCA_TIMEOUT_MS / 60_000} minutes of opening the link`,
  unopened: `the link was not opened within ${UNOPENED_AUTHORISATION_TIMEOUT_MS / 60_000} minutes`,
} as const;

/** The reason a journey still open at its deadline fails with; null if it never times out. */
export function timeoutReason(journey: Timed): string | null {
  return timeoutOf(journey)?.text ?? null;
}

/** The time limit a journey still open at its deadline fails by, in words and as its outcome; null if it never times out. */
export function timeoutOf(journey: Timed): { text: string; outcome: JourneyOutcome } | null {
  if (journey.status === 'opened') return { text: TIMEOUT_REASONS.opened, outcome: 'timedOutAfterOpening' };
  if (journey.status === 'started' && journey.kind !== 'consent') return { text: TIMEOUT_REASONS.unopened, outcome: 'timedOutAfterStart' };
  return null;
}

/**
 * The time limit a journey waits, or waited, under and the reason it fails with there: from opening
 * the link once opened, from its creation before; none for a consent link never opened. A decided
 * journey keeps the limit it had, so a timeout can be told from a decision made in time.
 */
export function timeLimit(journey: Pick<ScaJourney, 'openedAt' | 'createdAt' | 'kind'>): { deadline: Date; reason: string } | null {
  const waiting: Timed = { ...journey, status: journey.openedAt ? 'opened' : 'started' };
  const deadline = journeyDeadline(waiting);
  const reason = timeoutReason(waiting);
  return deadline && reason ? { deadline, reason } : null;
}

/** Why the journey failed, as of `now`: the stored reason, or the timeout's before the timeout is written. */
export function outcomeReasonAt(journey: Timed & Pick<ScaJourney, 'outcomeReason'>, now: Date): string | null {
  if (journey.outcomeReason) return journey.outcomeReason;
  return journeyStatusAt(journey, now) === 'failed' && journey.status !== 'failed' ? timeoutReason(journey) : null;
}

/**
 * How the journey ended, as of `now`: the stored kind, the timeout's before the timeout is written, and
 * for a journey ended before kinds were kept what its status and reason still tell; null while it waits.
 */
export function outcomeAt(journey: Timed & Pick<ScaJourney, 'outcome' | 'outcomeReason'>, now: Date): JourneyOutcome | null {
  if (journey.outcome) return journey.outcome;
  const status = journeyStatusAt(journey, now);
  if (status === 'finalised') return 'approved';
  if (status !== 'failed') return null;
  if (journey.status !== 'failed') return timeoutOf(journey)?.outcome ?? null;
  if (journey.outcomeReason === TIMEOUT_REASONS.opened) return 'timedOutAfterOpening';
  if (journey.outcomeReason === TIMEOUT_REASONS.unopened) return 'timedOutAfterStart';
  return journey.outcomeReason ? null : 'rejected';
}

/** The status at `now`, with the time-driven moves to failed applied. */
export function journeyStatusAt(journey: Timed, now: Date): ScaJourneyStatus {
  const deadline = journeyDeadline(journey);
  if (deadline && now.getTime() >= deadline.getTime()) return 'failed';
  return journey.status;
}

/** The PSU acts in the bank's app: allowed only on an opened journey that has not timed out. */
export function actOnJourney(journey: ScaJourney, action: ScaAction, now: Date): 'finalised' | 'failed' {
  const status = journeyStatusAt(journey, now);
  if (status === 'started') {
    throw BankError.of('STATUS_INVALID', `SCA journey ${journey.journeyId} has not been opened yet: open its scaRedirect link first`);
  }
  if (status !== 'opened') {
    throw BankError.of('STATUS_INVALID', `SCA journey ${journey.journeyId} is already ${status}`);
  }
  return action === 'approve' ? 'finalised' : 'failed';
}

/** A journey as its scaRedirect is handed out: started, not yet opened. */
export function startedJourney(
  journeyId: string,
  kind: ScaJourneyKind,
  fields: Pick<ScaJourney, 'institution' | 'psuId' | 'resourceId' | 'tppRedirectUri'>,
  now: Date,
): ScaJourney {
  return { journeyId, kind, ...fields, status: 'started', createdAt: now, openedAt: null, finishedAt: null };
}
