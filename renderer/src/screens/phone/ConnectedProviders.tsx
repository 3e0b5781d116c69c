import type { ConsentSummary } from '../../../../preload/api/workbench-api';
import { usePhone } from '../../state/phone';
import { useResources } from '../../state/resources';
import { formatDate } from '../../widgets/format';
import { SimTime } from '../../widgets/SimTime';

/** The providers (TPPs) the PSU has given access to, each with Revoke: the consent becomes revokedByPsu. */
export function ConnectedProviders({ consents }: { consents: readonly ConsentSummary[] }) {
  const busy = usePhone((s) => s.busy);
  const revoke = usePhone((s) => s.revoke);
  const journeys = useResources((s) => s.journeys);
  // The provider as the PSU approved it: the name on the consent's SCA journey (the consent knows only the organisation).
  const nameOf = (consent: ConsentSummary): string =>
    journeys.find((j) => j.kind === 'consent' && j.resourceId === consent.consentId)?.tpp?.name ?? consent.tppId;
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
                <strong>{nameOf(consent)}</strong>
                <span className="muted">
                  {nameOf(consent) !== consent.tppId && `${consent.tppId} · `}
                  {consent.institution} · since <SimTime instant={consent.createdAt} /> · until {formatDate(consent.validUntil)}
                </span>
              </div>
              <button
                type="button"
                className="provider-revoke"
                aria-label={`Revoke access for ${nameOf(consent)}`}
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
