import type { ScaJourney } from '../../../../preload/api/workbench-api';

/** Who asks, as the PSU knows the provider: its registered name, the organisation identifier in small print. */
export function TppLine({ tpp }: { tpp: NonNullable<ScaJourney['tpp']> }) {
  return (
    <p className="journey-tpp" data-testid="journey-tpp">
      <span className="muted">Requested by </span>
      <strong>{tpp.name ?? tpp.organizationId}</strong>
      {tpp.name !== null && <small className="journey-tpp-id">{tpp.organizationId}</small>}
    </p>
  );
}
