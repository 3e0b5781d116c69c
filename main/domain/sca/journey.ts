import { BankError } from '../errors';
import type { InstitutionId } from '../dataset/types';

export type ScaJourneyKind = 'consent' | 'payment-authorisation' | 'signing-basket';
export type ScaJourneyStatus = 'started' | 'opened' | 'finalised' | 'failed';
export type ScaAction = 'approve' | 'reject';

/**
 * Once the PSU has opened the SCA link, the bank's app waits this long for approval; then the
 * journey fails (a consent becomes rejected). Five minutes, like a bank app's push confirmation;
 * the clock's +10 min steps past it.
 */
export const SCA_TIMEOUT_MS = 5 * 60_000;

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
}

export function journeyDeadline(journey: Pick<ScaJourney, 'openedAt'>): Date | null {
  return journey.openedAt ? new Date(journey.openedAt.getTime() + SCA_TIMEOUT_MS) : null;
}

/** The status at `now`, with the time-driven move opened → failed applied. */
export function journeyStatusAt(journey: Pick<ScaJourney, 'status' | 'openedAt'>, now: Date): ScaJourneyStatus {
  const deadline = journeyDeadline(journey);
  if (journey.status === 'opened' && deadline && now.getTime() >= deadline.getTime()) return 'failed';
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
