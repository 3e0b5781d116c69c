// The SCA time limits as the PSU meets them on the Phone (spec "SCA", README "SCA timeout"): the
// bank's app waits 5 minutes for a decision once the link is opened; an authorisation or basket
// link not opened within 15 minutes expires. A consent link never opened has no limit. The
// simulator (main/domain/sca/journey.ts) enforces them; these copies only count down to them.
import type { ScaJourney } from '../../../preload/api/workbench-api';

export const DECISION_LIMIT_MS = 5 * 60_000;
export const OPEN_LIMIT_MS = 15 * 60_000;

export interface ScaDeadline {
  /** The simulated instant (ms) at which the journey fails by itself. */
  at: number;
  /** What the PSU must do by then. */
  to: 'decide' | 'open';
}

/** When a waiting journey fails by itself, or null if it never does. */
export function scaDeadline(journey: Pick<ScaJourney, 'kind' | 'status' | 'createdAt' | 'openedAt'>): ScaDeadline | null {
  if (journey.status === 'opened' && journey.openedAt) return { at: Date.parse(journey.openedAt) + DECISION_LIMIT_MS, to: 'decide' };
  if (journey.status === 'started' && journey.kind !== 'consent') return { at: Date.parse(journey.createdAt) + OPEN_LIMIT_MS, to: 'open' };
  return null;
}

/** Time left as a countdown reads: 4:05, 0:09; over an hour 1:02:03. Never negative. */
export function countdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Why the time ran out, in the simulator's own words (its outcomeReason of a timed-out journey). */
const PASSED: Record<ScaDeadline['to'], string> = {
  decide: 'no decision within 5 minutes of opening the link',
  open: 'the link was not opened within 15 minutes',
};

/** What the Phone says about the time limit at the simulated instant `now` (ms). */
export function deadlineText(deadline: ScaDeadline, now: number): { passed: boolean; text: string } {
  const left = deadline.at - now;
  if (left <= 0) return { passed: true, text: `Time is up: ${PASSED[deadline.to]}. Ask the provider to start again.` };
  return { passed: false, text: deadline.to === 'decide' ? `${countdown(left)} left to decide` : `Open the link within ${countdown(left)}` };
}

/** Whether a failed journey failed because its time limit passed (it ended at its deadline), and which one. */
export function timedOut(journey: Pick<ScaJourney, 'kind' | 'status' | 'createdAt' | 'openedAt' | 'finishedAt'>): ScaDeadline['to'] | null {
  if (journey.status !== 'failed' || !journey.finishedAt) return null;
  const deadline = scaDeadline({ ...journey, status: journey.openedAt ? 'opened' : 'started' });
  return deadline && Date.parse(journey.finishedAt) >= deadline.at ? deadline.to : null;
}
