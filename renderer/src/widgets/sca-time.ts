// Counting down to an SCA journey's time limit on the Phone. The limit itself, and the reason a
// journey fails with there, come from the host (ScaJourney.timeLimit): the simulator's rules decide them.
import type { ScaJourney } from '../../../preload/api/workbench-api';

export interface ScaDeadline {
  /** The simulated instant (ms) at which the journey fails by itself. */
  at: number;
  /** What the PSU must do by then. */
  to: 'decide' | 'open';
  /** What the journey fails with then, in the simulator's words. */
  reason: string;
}

type Timed = Pick<ScaJourney, 'status' | 'openedAt' | 'timeLimit'>;

/** When a waiting journey fails by itself, or null if it is decided or never does. */
export function scaDeadline(journey: Timed): ScaDeadline | null {
  if ((journey.status !== 'started' && journey.status !== 'opened') || journey.timeLimit === null) return null;
  return { at: Date.parse(journey.timeLimit.deadline), to: journey.openedAt ? 'decide' : 'open', reason: journey.timeLimit.reason };
}

/** Time left as a countdown reads: 4:05, 0:09; over an hour 1:02:03. Never negative. */
export function countdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** What the Phone says about the time limit at the simulated instant `now` (ms). */
export function deadlineText(deadline: ScaDeadline, now: number): { passed: boolean; text: string } {
  const left = deadline.at - now;
  if (left <= 0) return { passed: true, text: `Time is up: ${deadline.reason}. Ask the provider to start again.` };
  return { passed: false, text: deadline.to === 'decide' ? `${countdown(left)} left to decide` : `Open the link within ${countdown(left)}` };
}
