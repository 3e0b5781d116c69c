import type { PsuSummary } from '../../../../preload/api/workbench-api';

interface Props {
  psus: readonly PsuSummary[];
  psuId: string | null;
  onChoose(psuId: string): void;
}

/** Whose phone this is: the dataset's PSUs grouped by their bank. */
export function PsuPicker({ psus, psuId, onChoose }: Props) {
  const institutions = [...new Set(psus.map((p) => p.institution))];
  const chosen = psus.find((p) => p.psuId === psuId);
  return (
    <div className="psu-picker">
      <label htmlFor="phone-psu">Signed in as</label>
      <select
        id="phone-psu"
        data-testid="psu-picker"
        value={psuId ?? ''}
        onChange={(e) => onChoose(e.target.value)}
        disabled={psus.length === 0}
      >
        {psus.length === 0 && <option value="">No PSUs in the dataset</option>}
        {institutions.map((institution) => (
          <optgroup key={institution} label={institution}>
            {psus
              .filter((p) => p.institution === institution)
              .map((p) => (
                <option key={p.psuId} value={p.psuId}>
                  {p.name} ({p.psuId})
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      {chosen && (
        <p className="psu-role" data-testid="psu-role">
          {chosen.role}
        </p>
      )}
    </div>
  );
}
