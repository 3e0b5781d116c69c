import { useEffect, useState } from 'react';
import type { FlowRunState, PhoneLink } from '../../../../preload/api/workbench-api';
import { workbench } from '../../api';
import { errorText } from '../../state/host-events';
import { QrCode } from '../../widgets/QrCode';

/**
 * "Approve on your own phone": a QR code per customer of the lesson, which a phone on the class's network
 * opens as that customer's bank app. The link reaches nothing else and ends with New class. A simulator
 * that listens on this machine only cannot be reached by a phone, and the panel says how to start it.
 */
export function ClassPhones({ run, onClose }: { run: FlowRunState; onClose(): void }) {
  const psuIds = [...new Set(Object.values(run.psus))];
  const [links, setLinks] = useState<PhoneLink[]>([]);
  const [error, setError] = useState<string | null>(null);
  const key = psuIds.join(' ');

  useEffect(() => {
    let current = true;
    if (key === '') return;
    Promise.all(key.split(' ').map((psuId) => workbench.createPhoneLink(psuId)))
      .then((made) => current && setLinks(made))
      .catch((err: unknown) => current && setError(errorText(err)));
    return () => {
      current = false;
    };
  }, [key]);

  const unreachable = links.some((l) => !l.reachable);
  return (
    <section className="class-phones" role="dialog" aria-label="Approve on your own phone" data-testid="class-phones">
      <header className="class-phones-bar">
        <h2>Approve on your own phone</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {unreachable && (
        <p className="note" data-testid="class-phones-unreachable">
          Phones cannot open these codes yet: the simulator listens on this computer only. Start it with{' '}
          <code>--host 0.0.0.0 --public-url http://&lt;this computer’s address&gt;:&lt;port&gt;</code>, so that phones on the same network reach it.
        </p>
      )}
      {error && (
        <p className="note" role="alert">
          {error}
        </p>
      )}
      <p className="muted">
        Scan with the phone’s camera: it opens the customer’s bank app there, to approve or refuse when the lesson asks. The code allows only that customer’s
        approvals, and stops working with New class.
      </p>
      {key === '' && <p className="muted">This run asks no customer to decide: there is no phone to open.</p>}
      <ul className="class-phones-list">
        {links.map((link) => (
          <li key={link.psuId} data-testid="class-phone" data-psu={link.psuId}>
            <QrCode text={link.url} size={220} label={`QR code: ${link.psuName}'s bank app`} />
            <strong>{link.psuName}</strong>
            <a href={link.url} className="class-phone-url" data-testid="class-phone-url" target="_blank" rel="noreferrer">
              {link.url.replace(/#.*/, '#phone=…')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
