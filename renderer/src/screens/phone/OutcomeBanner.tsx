import type { ScaJourney } from '../../../../preload/api/workbench-api';
import { describeKind } from '../../state/phone';
import { journeyStatusWords } from '../../widgets/plain-words';
import { timedOut } from '../../widgets/sca-time';
import { TrainerCode } from './TrainerCode';

/** The bank's answer to the PSU's decision, in words; the SCA status stays for trainers. */
export function OutcomeBanner({ journey }: { journey: ScaJourney }) {
  const finalised = journey.status === 'finalised';
  return (
    <div
      className={`outcome-banner status status-${journey.status}`}
      role="status"
      data-testid="outcome"
      data-status={journey.status}
      data-journey-id={journey.journeyId}
    >
      <strong>{timedOut(journey) ? 'Time is up' : journeyStatusWords(journey.status)}</strong>
      <span>
        {finalised
          ? `Your approval of ${describeKind(journey.kind)} is done.`
          : `${capitalise(describeKind(journey.kind))} was not approved${journey.outcomeReason ? `: ${journey.outcomeReason}` : ''}.`}
      </span>
      <TrainerCode>SCA status {journey.status}</TrainerCode>
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
