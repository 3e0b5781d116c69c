import type { ScaJourney } from '../../../../preload/api/workbench-api';

/**
 * Who asks, as the PSU knows the provider: its registered name, the organisation identifier in small
 * print. A row of the card's facts (under the payee, so the payee and its VoP banner stay first).
 */
export function ProviderFact({ tpp }: { tpp: ScaJourney['tpp'] }) {
  if (!tpp) return null;
  return (
    <>
      <dt>Provider</dt>
      <dd className="journey-tpp" data-testid="journey-tpp">
        <strong>{tpp.name ?? tpp.organizationId}</strong>
        {tpp.name !== null && <small className="journey-tpp-id">{tpp.organizationId}</small>}
      </dd>
    </>
  );
}
