import { useEffect } from 'react';
import { workbench } from '../../api';
import { connectedProviders, outcomesToShow, pendingJourneys, usePhone, waitingCounts } from '../../state/phone';
import { retainResources, useResources } from '../../state/resources';
import { ConnectedProviders } from './ConnectedProviders';
import { JourneyCard } from './JourneyCard';
import { NoticeToast } from './NoticeToast';
import { OutcomeBanner } from './OutcomeBanner';
import { PsuPicker } from './PsuPicker';
import './phone.css';

/**
 * Screen 4: the PSU's bank app, where SCA journeys are approved or rejected. `ownPhone`: a class's phone
 * opened it with a link for one customer (PhoneLinkApp): the whole screen is the app, with no frame.
 */
export function PhoneScreen({ ownPhone = false }: { ownPhone?: boolean }) {
  const state = usePhone();
  const { journeys, consents, loaded, error: listError } = useResources();
  const error = state.error ?? listError;
  const pending = pendingJourneys(journeys, state.psuId);
  const outcomes = outcomesToShow(journeys, state);
  const providers = connectedProviders(consents, state.psuId);
  const psu = state.psus.find((p) => p.psuId === state.psuId);
  const pendingIds = pending.map((j) => j.journeyId).join(' ');
  // A notification only while its journey waits: one decided meanwhile is no news.
  const noticeJourney = journeys.find((j) => j.journeyId === state.notice?.journeyId);
  const notice = noticeJourney && !pending.includes(noticeJourney) ? null : state.notice;

  useEffect(retainResources, []);
  useEffect(() => {
    void usePhone.getState().loadPsus();
    return workbench.subscribe((events) => usePhone.getState().onEvents(events));
  }, []);
  useEffect(() => {
    if (pendingIds !== '') usePhone.getState().watch(pendingIds.split(' '));
  }, [pendingIds]);

  return (
    <div className={ownPhone ? 'phone-screen own-phone' : 'phone-screen'} data-testid="phone-screen">
      <div className="phone-frame" role="region" aria-label="The PSU's bank app">
        <div className="phone-notch" aria-hidden="true" />
        <div className="phone-app">
          <header className="phone-app-header">
            <p className="phone-bank-name">{psu ? `${psu.institution} bank` : 'Your bank'}</p>
            <PsuPicker psus={state.psus} psuId={state.psuId} waiting={waitingCounts(journeys)} onChoose={state.choosePsu} />
          </header>
          <NoticeToast notice={notice} onDismiss={state.dismissNotice} />
          {error && (
            <p className="phone-error" role="alert">
              {error}
            </p>
          )}
          {outcomes.map((journey) => (
            <OutcomeBanner key={journey.journeyId} journey={journey} />
          ))}
          <section className="phone-journeys" aria-label="Approvals waiting">
            {!loaded && <p className="muted">Loading&hellip;</p>}
            {loaded && pending.length === 0 && (
              <p className="phone-empty" data-testid="phone-empty">
                {ownPhone ? (
                  <>No approvals waiting. When the lesson asks {psu?.name ?? 'you'} to decide, the approval appears here.</>
                ) : (
                  <>
                    No approvals waiting. Start a flow in Flows (key 1) with “PSU decides on the phone” ticked, or let your TPP create a consent for{' '}
                    {psu?.name ?? 'this PSU'} at {psu?.institution ?? 'its bank'}.
                  </>
                )}
              </p>
            )}
            {pending.map((journey) => (
              <JourneyCard key={journey.journeyId} journey={journey} />
            ))}
          </section>
          {loaded && !ownPhone && <ConnectedProviders consents={providers} />}
        </div>
      </div>
    </div>
  );
}
