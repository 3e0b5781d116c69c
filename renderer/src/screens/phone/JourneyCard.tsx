import type { ScaJourney } from '../../../../preload/api/workbench-api';
import { usePhone } from '../../state/phone';
import { useResources } from '../../state/resources';
import { journeyStatusWords } from '../../widgets/plain-words';
import { StatusBadge } from '../../widgets/StatusBadge';
import { BasketSubject } from './BasketSubject';
import { ConsentSubject } from './ConsentSubject';
import { PaymentSubject } from './PaymentSubject';
import { refusalWarning } from './outcome-words';
import { ScaCountdown } from './ScaCountdown';
import { TrainerCode } from './TrainerCode';

const TITLES: Record<ScaJourney['kind'], string> = {
  consent: 'Account access',
  'payment-authorisation': 'Payment',
  'signing-basket': 'Signing basket',
};

// Reject first, on the left, as bank apps put it: Approve sits under the right thumb.
const DECISIONS = [
  { action: 'reject', label: 'Reject' },
  { action: 'approve', label: 'Approve' },
] as const;

/** One pending SCA: what it approves and the one step the PSU can take next. */
export function JourneyCard({ journey }: { journey: ScaJourney }) {
  const busy = usePhone((s) => s.busy.includes(journey.journeyId));
  const openJourney = usePhone((s) => s.openJourney);
  const act = usePhone((s) => s.act);
  const title = TITLES[journey.kind];
  const warning = journey.approvalRefusal && refusalWarning(journey.approvalRefusal);

  return (
    <article
      className="journey-card"
      data-testid="journey"
      data-journey-id={journey.journeyId}
      data-status={journey.status}
      aria-label={`${title} at ${journey.institution}`}
    >
      <header className="journey-header">
        <h3>{title}</h3>
        <StatusBadge value={journey.status} label={journeyStatusWords(journey.status)} />
      </header>
      {warning && (
        // First, before what it approves: the bank already knows it will refuse this approval.
        <div className="refusal-warning status-failed" role="note" data-testid="refusal-warning" data-outcome={journey.approvalRefusal?.outcome}>
          <strong>{warning.title}</strong>
          <span>{warning.sentence}</span>
          <TrainerCode>{journey.approvalRefusal?.reason}</TrainerCode>
        </div>
      )}
      <JourneySubject journey={journey} />
      <TrainerCode>
        SCA {journey.kind} · {journey.status} · {journey.journeyId}
      </TrainerCode>
      {journey.status === 'started' && (
        // Outside the bar that stays in view: at 800 px that bar would otherwise cover the payee's VoP banner.
        <p className="muted journey-hint">Open the provider&rsquo;s link first, as your browser would.</p>
      )}
      {journey.status === 'started' ? (
        <div className="journey-actions">
          <ScaCountdown journey={journey} />
          <button type="button" className="phone-button" data-testid="open-link" disabled={busy} onClick={() => void openJourney(journey.journeyId)}>
            Open link
          </button>
        </div>
      ) : (
        <div className="journey-actions">
          {/* In the bar that stays in view, beside the buttons it limits. */}
          <ScaCountdown journey={journey} />
          <div className="journey-decision">
            {DECISIONS.map(({ action, label }) => (
              <button
                key={action}
                type="button"
                className={`phone-button phone-${action}`}
                data-testid={action}
                aria-label={`${label} ${title.toLowerCase()}`}
                disabled={busy}
                onClick={() => void act(journey.journeyId, action)}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
    </article>
  );
}

function JourneySubject({ journey }: { journey: ScaJourney }) {
  const psu = usePhone((s) => s.psus.find((p) => p.psuId === journey.psuId));
  const consent = useResources((s) => s.consents.find((c) => c.consentId === journey.resourceId));
  const payment = useResources((s) => s.payments.find((p) => p.paymentId === journey.resourceId));
  const basket = useResources((s) => s.baskets.find((b) => b.basketId === journey.resourceId));
  const payments = useResources((s) => s.payments);

  switch (journey.kind) {
    case 'consent':
      return <ConsentSubject consentId={journey.resourceId} consent={consent} psu={psu} tpp={journey.tpp} />;
    case 'payment-authorisation':
      return <PaymentSubject paymentId={journey.resourceId} payment={payment} psu={psu} tpp={journey.tpp} />;
    case 'signing-basket':
      return <BasketSubject basketId={journey.resourceId} basket={basket} payments={payments} tpp={journey.tpp} />;
  }
}
