import { useEffect } from 'react';
import type { FlowRunState, ScaJourney } from '../../../../preload/api/workbench-api';
import { newestJourney, pendingJourneys, usePhone } from '../../state/phone';
import { runJourneyIds } from '../../state/run-journeys';
import { retainResources, useResources } from '../../state/resources';
import { JourneyCard } from '../phone/JourneyCard';
import { OutcomeBanner } from '../phone/OutcomeBanner';
import '../phone/phone.css';

/**
 * The phones of the run's PSUs who have an approval waiting, side by side: the Phone screen's
 * own journey cards, so approving here is approving in the bank's app. Once the run's newest journey
 * has ended (decided here or elsewhere, or the time ran out), its PSU's phone says how, until the next.
 */
export function InlinePhones({ run }: { run: FlowRunState }) {
  const journeys = useResources((s) => s.journeys);
  const psus = usePhone((s) => s.psus);
  const error = usePhone((s) => s.error);
  useEffect(retainResources, []);
  useEffect(() => void usePhone.getState().loadPsus(), []);

  const awaited = run.pending?.kind === 'psu' ? run.pending.psuId : null;
  // The PSU the run waits for first: their phone is the one to use now.
  const runPsus = [...new Set([...(awaited ? [awaited] : []), ...Object.values(run.psus)])];
  const awaitedJourney = run.pending?.kind === 'psu' ? run.pending.journeyId : null;
  const ofRun = runJourneyIds(run);
  // The journey the run waits for comes first; others of the same PSU (from outside the run) after it.
  const first = (a: ScaJourney, b: ScaJourney): number => Number(b.journeyId === awaitedJourney) - Number(a.journeyId === awaitedJourney);
  // Only while the PSU decides (not when the run approves on their behalf): then the phone is theirs to read.
  const newest = run.autoApprove ? undefined : newestJourney(journeys, (j) => ofRun.has(j.journeyId));
  const ended = newest !== undefined && (newest.status === 'finalised' || newest.status === 'failed') ? newest : null;
  const waiting = runPsus
    .map((psuId) => ({
      psuId,
      journeys: pendingJourneys(journeys, psuId)
        .filter((j) => ofRun.has(j.journeyId))
        .sort(first),
    }))
    .filter((p) => p.journeys.length > 0 || p.psuId === awaited || p.psuId === ended?.psuId);
  if (waiting.length === 0) return null;

  return (
    <section className="inline-phones" aria-label="The PSUs’ bank apps" data-testid="inline-phones">
      {waiting.map(({ psuId, journeys: pending }) => {
        const psu = psus.find((p) => p.psuId === psuId);
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
              {pending.length === 0 && ended?.psuId !== psuId && <p className="muted">The approval is on its way…</p>}
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
