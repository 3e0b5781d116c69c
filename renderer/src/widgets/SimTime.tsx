import { useClockOffset, useSimulatedNow } from '../state/sim-clock';
import { formatInstant, instantTitle } from './format';

/** A simulated instant in a list: the time alone on the simulated today, with its date otherwise; the wall time on hover. */
export function SimTime({ instant, className }: { instant: string; className?: string }) {
  const now = useSimulatedNow();
  const offset = useClockOffset();
  return (
    <time className={className} dateTime={instant} title={instantTitle(instant, offset)}>
      {formatInstant(instant, { today: now ?? undefined })}
    </time>
  );
}
