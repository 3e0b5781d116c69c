import { useEffect } from 'react';
import { workbench } from '../../api';
import { refreshResources } from '../../state/resources';
import { PhoneScreen } from './PhoneScreen';

/**
 * The page a class's phone opens with "Approve on your own phone": the customer's bank app alone. Its link
 * reaches that customer's journeys and what they approve, and its events only their journeys: so a journey
 * that starts also fetches the payment or consent it asks about, which no event of its own announced here.
 */
export function PhoneLinkApp() {
  useEffect(
    () =>
      workbench.subscribe((events) => {
        if (events.some((e) => e.type === 'sca' && e.status === 'started')) void refreshResources();
      }),
    [],
  );
  return (
    <main className="phone-link-page" aria-label="Your bank app">
      <PhoneScreen ownPhone />
    </main>
  );
}
