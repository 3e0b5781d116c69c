import { useEffect } from 'react';
import type { FlowRunState, PaymentSummary, ScaJourney } from '../../../../preload/api/workbench-api';
import { pendingJourneys, usePhone } from '../../state/phone';
import { phoneSubject } from '../../state/phone-subject';
import { runJourneyIds } from '../../state/run-journeys';
import { retainResources, useResources } from '../../state/resources';
import { JourneyCard } from '../phone/JourneyCard';
import { OutcomeBanner } from '../phone/OutcomeBanner';
import { PaymentSubject } from '../phone/PaymentSubject';
import '../phone/phone.css';

/**
 * The phones of the run's PSUs, each with what the step the lesson shows is about (phoneSubject): the
 * decision the run waits for, the approval the step started or opened, how an approval of this step ended
 * (decided here or elsewhere, or the time ran out), or the payment the step created or reads, on its
 * creator's phone; and any approval of the run still waiting. Never a finished card of an earlier step:
 * with nothing to show, no phone (the presentation's neutral phone stands in). The cards are the Phone
 * screen's own, so approving here is approving in the bank's app.
 */
export function InlinePhones({ run }: { run: FlowRunState }) {
  const journeys = useResources((s) => s.journeys);
  const payments = useResources((s) => s.payments);
  const psus = usePhone((s) => s.psus);
  const error = usePhone((s) => s.error);
  useEffect(retainResources, []);
  useEffect(() => void usePhone.getState().loadPsus(), []);

  const awaited = run.pending?.kind === 'psu' ? run.pending.psuId : null;
  const awaitedJourney = run.pending?.kind === 'psu' ? run.pending.journeyId : null;
  const subject = phoneSubject(run, journeys);
  const subjectJourney = subject?.kind === 'journey' ? journeys.find((j) => j.journeyId === subject.journeyId) : undefined;
  const payment = subject?.kind === 'payment' ? payments.find((p) => p.paymentId === subject.paymentId) : undefined;
  // Only while the PSU decides (not when the run approves on their behalf): then the phone is theirs to read.
  const ended = !run.autoApprove && subjectJourney && (subjectJourney.status === 'finalised' || subjectJourney.status === 'failed') ? subjectJourney : null;
  // The PSU the run waits for first: their phone is the one to use now; then the one the step is about.
  const runPsus = [
    ...new Set([
      ...(awaited ? [awaited] : []),
      ...(subjectJourney ? [subjectJourney.psuId] : []),
      ...(payment ? [payment.creatorPsuId] : []),
      ...Object.values(run.psus),
    ]),
  ];
  const ofRun = runJourneyIds(run);
  // The journey the run waits for comes first; others of the same PSU (from outside the run) after it.
  const first = (a: ScaJourney, b: ScaJourney): number => Number(b.journeyId === awaitedJourney) - Number(a.journeyId === awaitedJourney);
  const phones = runPsus
    .map((psuId) => ({
      psuId,
      journeys: pendingJourneys(journeys, psuId)
        .filter((j) => ofRun.has(j.journeyId))
        .sort(first),
    }))
    .filter((p) => p.journeys.length > 0 || p.psuId === awaited || p.psuId === ended?.psuId || p.psuId === payment?.creatorPsuId);
  if (phones.length === 0) return null;

  return (
    <section
      className="inline-phones"
      aria-label="The PSUs’ bank apps"
      data-testid="inline-phones"
      data-subject={subject ? `${subject.kind}:${subject.kind === 'journey' ? subject.journeyId : subject.paymentId}` : ''}
    >
      {phones.map(({ psuId, journeys: pending }) => {
        const psu = psus.find((p) => p.psuId === psuId);
        const paymentHere = payment?.creatorPsuId === psuId && pending.length === 0 ? payment : undefined;
        return (
          <div
            key={psuId}
            className={`phone-frame inline-phone${pending.length === 0 && ended?.psuId === psuId ? ' inline-phone-ended' : ''}`}
            role="region"
            aria-label={`${psu?.name ?? psuId}’s bank app`}
            data-testid="inline-phone"
            data-psu={psuId}
          >
            <div className="phone-notch" aria-hidden="true" />
            <div className="phone-app">
              <header className="phone-app-header">
                <p className="phone-bank-name">{run.institution} bank</p>
                <p className="psu-role">
                  {psu?.name ?? psuId} · {psuId}
                </p>
              </header>
              {error && (
                <p className="phone-error" role="alert">
                  {error}
                </p>
              )}
              {ended?.psuId === psuId && <OutcomeBanner journey={ended} />}
              {paymentHere && (
                <article className="journey-card" data-testid="phone-payment" data-payment-id={paymentHere.paymentId} aria-label="Your payment">
                  <header className="journey-header">
                    <h3>Your payment</h3>
                  </header>
                  <PaymentSubject
                    paymentId={paymentHere.paymentId}
                    payment={subject?.kind === 'payment' && subject.created ? beingChecked(paymentHere) : paymentHere}
                    psu={psu}
                    tpp={null}
                  />
                </article>
              )}
              {pending.length === 0 && ended?.psuId !== psuId && !paymentHere && <p className="muted">The approval is on its way…</p>}
              {pending.map((journey) => (
                <div
                  key={journey.journeyId}
                  className={journey.journeyId === awaitedJourney ? 'awaited-journey' : 'other-journey'}
                  data-awaited={journey.journeyId === awaitedJourney}
                >
                  {journey.journeyId === awaitedJourney && <p className="awaited-label">The run waits for this decision</p>}
                  <JourneyCard journey={journey} />
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </section>
  );
}

/** A payment just sent, as the phone shows it while the step is its sending: the bank is checking the payee's name. */
function beingChecked(payment: PaymentSummary): PaymentSummary {
  return {
    ...payment,
    creditors: payment.creditors.map((c) => (c.vop ? { ...c, vop: { outcome: 'inProgress', reasonCode: 'RECI', additionalInfo: null } } : c)),
  };
}
