import type { ReactNode } from 'react';

/** Every field of a resource as the host returned it, so nothing the bank knows is hidden. */
export function FieldList({ record }: { record: object }) {
  return (
    <dl className="bank-fields">
      {Object.entries(record).map(([name, value]) => (
        <div key={name} className="bank-field">
          <dt>{name}</dt>
          <dd>{renderValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function renderValue(value: unknown): ReactNode {
  if (value === null || value === undefined) return <span className="muted">none</span>;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value.length === 0 ? <span className="muted">none</span> : value.join(', ');
  }
  // Nested records (authorisations and the like) are wire data: show them as the host sent them.
  return <pre className="wire bank-json">{JSON.stringify(value, null, 2)}</pre>;
}
