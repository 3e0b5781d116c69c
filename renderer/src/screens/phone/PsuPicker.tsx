import type { PsuSummary } from '../../../../preload/api/workbench-api';

interface Props {
  psus: readonly PsuSummary[];
  psuId: string | null;
  /** How many approvals wait for each PSU. */
  waiting: ReadonlyMap<string, number>;
  onChoose(psuId: string): void;
}

const mark = (count: number | undefined): string => (count ? ` ● ${count}` : '');

/** Whose phone this is: the dataset's PSUs grouped by their bank, each marked with what waits for them. */
export function PsuPicker({ psus, psuId, waiting, onChoose }: Props) {
  const institutions = [...new Set(psus.map((p) => p.institution))];
  const chosen = psus.find((p) => p.psuId === psuId);
  // The others with something waiting, one tap away: a closed list hides its marks.
  const others = psus.filter((p) => p.psuId !== psuId && (waiting.get(p.psuId) ?? 0) > 0);
  return (
    <div className="psu-picker">
      <label htmlFor="phone-psu">Signed in as</label>
      <select id="phone-psu" data-testid="psu-picker" value={psuId ?? ''} onChange={(e) => onChoose(e.target.value)} disabled={psus.length === 0}>
        {psus.length === 0 && <option value="">No PSUs in the dataset</option>}
        {institutions.map((institution) => (
          <optgroup key={institution} label={institution}>
            {psus
              .filter((p) => p.institution === institution)
              .map((p) => (
                <option key={p.psuId} value={p.psuId} data-waiting={waiting.get(p.psuId) ?? 0}>
                  {p.name} ({p.psuId}){mark(waiting.get(p.psuId))}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      {chosen && (
        <p className="psu-role" data-testid="psu-role" title={chosen.role}>
          {chosen.role}
        </p>
      )}
      {others.length > 0 && (
        <div className="psu-waiting" data-testid="psu-waiting">
          <span className="psu-waiting-label">Also waiting:</span>
          {others.map((p) => (
            <button
              key={p.psuId}
              type="button"
              className="psu-waiting-chip"
              data-psu={p.psuId}
              title={`Sign in as ${p.name} (${p.psuId})`}
              onClick={() => onChoose(p.psuId)}
            >
              {p.name}
              <span className="psu-dot" aria-label={`${waiting.get(p.psuId)} waiting`}>
                {waiting.get(p.psuId)}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
