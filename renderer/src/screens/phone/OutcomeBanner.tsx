import type { ScaJourney } from '../../../../preload/api/workbench-api';
import { describeKind } from '../../state/phone';

/** The bank's answer to the PSU's decision, as the bank gave it. */
export function OutcomeBanner({ journey }: { journey: ScaJourney }) {
  const finalised = journey.status === 'finalised';
  return (
    <div
      className={`outcome-banner status status-${journey.status}`}
      role="status"
      data-testid="outcome"
      data-status={journey.status}
    >
      <strong>{finalised ? 'Approved' : 'Not approved'}</strong>
      <span>
        {capitalise(describeKind(journey.kind))}: {journey.status}
        {journey.outcomeReason ? ` (${journey.outcomeReason})` : ''}
      </span>
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
