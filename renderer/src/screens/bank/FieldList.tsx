import type { ReactNode } from 'react';
import { groupIban } from '../../widgets/account-number';
import { formatDate, formatInstant } from '../../widgets/format';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** A field as a person reads it: instants and dates in words, IBANs in groups of four; the value as sent on hover. */
function readable(value: string): ReactNode {
  const shown = INSTANT.test(value) ? formatInstant(value) : DAY.test(value) ? formatDate(value) : IBAN.test(value) ? groupIban(value) : value;
  return shown === value ? value : <span title={value}>{shown}</span>;
}

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
  if (typeof value === 'string') return readable(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value.length === 0 ? <span className="muted">none</span> : value.join(', ');
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isFlatRecord)) return <RecordTable rows={value} />;
  // Anything deeper is wire data: show it as the host sent it.
  return <pre className="wire bank-json">{JSON.stringify(value, null, 2)}</pre>;
}

type FlatRecord = Record<string, string | number | boolean | null>;

function isFlatRecord(value: unknown): value is FlatRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))
  );
}

function cell(value: FlatRecord[string] | undefined): ReactNode {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? readable(value) : String(value);
}

/** Lists of records (authorisations, creditors) read best as a table with one column per field. */
function RecordTable({ rows }: { rows: FlatRecord[] }) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <div className="bank-subtable-scroll">
      <table className="bank-subtable">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column}>{cell(row[column])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
