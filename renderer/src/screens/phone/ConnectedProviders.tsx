import type { ConsentSummary } from '../../../../preload/api/workbench-api';
import { usePhone } from '../../state/phone';
import { formatDate } from '../../widgets/format';
import { SimTime } from '../../widgets/SimTime';

/** The providers (TPPs) the PSU has given access to, each with Revoke: the consent becomes revokedByPsu. */
export function ConnectedProviders({ consents }: { consents: readonly ConsentSummary[] }) {
  const busy = usePhone((s) => s.busy);
  const revoke = usePhone((s) => s.revoke);
  return (
    <section className="phone-providers" aria-label="Connected providers">
      <h2>Connected providers</h2>
      {consents.length === 0 ? (
        <p className="muted" data-testid="providers-empty">
          No provider has access to your accounts.
        </p>
      ) : (
        <ul>
          {consents.map((consent) => (
            <li key={consent.consentId} className="provider" data-testid="provider" data-consent-id={consent.consentId}>
              <div className="provider-text">
                <strong>{consent.tppId}</strong>
                <span className="muted">
                  {consent.institution} · since <SimTime instant={consent.createdAt} /> · until {formatDate(consent.validUntil)}
                </span>
              </div>
              <button
                type="button"
                className="provider-revoke"
                aria-label={`Revoke access for ${consent.tppId}`}
                disabled={busy.includes(consent.consentId)}
                onClick={() => void revoke(consent.consentId)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
