import type { SettingsRepository } from '../../store/repositories/settings';
import type { ClockState } from './clock';

const OFFSET_KEY = 'clock.offsetMs';
const PAUSED_AT_KEY = 'clock.pausedAtMs';
const PAUSED_BY_OPERATOR_KEY = 'clock.pausedByOperator';
const START_KEY = 'clock.startMs';

/** The clock as the data folder last kept it (a folder from before pausing existed keeps only the offset). */
export function persistedClock(settings: SettingsRepository): ClockState {
  const pausedAt = settings.get(PAUSED_AT_KEY);
  return {
    offsetMs: Number(settings.get(OFFSET_KEY) ?? '0'),
    pausedAtMs: pausedAt === undefined || pausedAt === '' ? null : Number(pausedAt),
    pausedByOperator: settings.get(PAUSED_BY_OPERATOR_KEY) === 'true',
  };
}

export function keepClock(settings: SettingsRepository, state: ClockState): void {
  settings.set(OFFSET_KEY, String(state.offsetMs));
  settings.set(PAUSED_AT_KEY, state.pausedAtMs === null ? '' : String(state.pausedAtMs));
  settings.set(PAUSED_BY_OPERATOR_KEY, String(state.pausedByOperator));
}

/**
 * Where "New class" puts the clock back: the instant `--now` gave, or where the data folder's clock stood
 * when it was made. Kept once, so a later start without --now still knows it.
 */
export function clockStart(settings: SettingsRepository, now: Date, given: boolean): Date {
  const kept = settings.get(START_KEY);
  if (given || kept === undefined) {
    settings.set(START_KEY, String(now.getTime()));
    return now;
  }
  return new Date(Number(kept));
}
