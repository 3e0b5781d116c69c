import type { ScaJourney } from '../../../../preload/api/workbench-api';
import { describeKind } from '../../state/phone';
import { outcomeWords } from './outcome-words';
import { TrainerCode } from './TrainerCode';

/** How one journey ended, in words, naming what it was about; the wire codes stay small for trainers. */
export function OutcomeBanner({ journey }: { journey: ScaJourney }) {
  const { title, sentence } = outcomeWords(journey);
  const about = `${capitalise(describeKind(journey.kind))}${journey.tpp ? ` for ${journey.tpp.name ?? journey.tpp.organizationId}` : ''}`;
  return (
    <div
      className={`outcome-banner status status-${journey.status}`}
      role="status"
      data-testid="outcome"
      data-status={journey.status}
      data-outcome={journey.outcome ?? ''}
      data-journey-id={journey.journeyId}
    >
      <span className="outcome-about">{about}</span>
      <strong>{title}</strong>
      <span>{sentence}</span>
      <TrainerCode>
        SCA status {journey.status}
        {journey.outcome ? ` · ${journey.outcome}` : ''}
        {journey.outcomeReason ? ` · ${journey.outcomeReason}` : ''}
      </TrainerCode>
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
