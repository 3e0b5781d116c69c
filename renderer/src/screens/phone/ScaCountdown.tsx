import type { ScaJourney } from '../../../../preload/api/workbench-api';
import { useSimulatedNow } from '../../state/sim-clock';
import { deadlineText, scaDeadline } from '../../widgets/sca-time';

/** The time left before the journey fails by itself, against the running simulated clock; then why it is over. */
export function ScaCountdown({ journey }: { journey: ScaJourney }) {
  const now = useSimulatedNow();
  const deadline = scaDeadline(journey);
  if (!deadline || now === null) return null;
  const { passed, text } = deadlineText(deadline, now);
  return (
    <p className={`sca-countdown${passed ? ' sca-countdown-passed' : ''}`} data-testid="sca-countdown" data-passed={passed} role={passed ? 'alert' : undefined}>
      {text}
    </p>
  );
}
