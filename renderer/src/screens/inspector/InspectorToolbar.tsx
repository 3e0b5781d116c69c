import { FOCUS_TARGETS } from '../../shell/focus-targets';
import { STATUS_CLASSES, useInspector, VERDICTS, type Verdict } from '../../state/inspector';
import { useDiagnose } from '../../state/diagnose';
import { exportListedAsHar } from '../../state/inspector-export';

const VERDICT_LABELS: Record<Verdict, string> = { valid: 'signature valid', invalid: 'signature invalid', none: 'unsigned' };

/** The search of the whole log: words (debounced), status classes and signature verdicts as chips; HAR; Compare; Diagnose a request. */
export function InspectorToolbar() {
  const filter = useInspector((s) => s.filter);
  const statuses = useInspector((s) => s.statuses);
  const verdicts = useInspector((s) => s.verdicts);
  const picked = useInspector((s) => s.compareIds.length);
  const comparing = useInspector((s) => s.comparing);
  const listed = useInspector((s) => s.rows.length);
  const selectedId = useInspector((s) => s.selectedId);
  const diagnosing = useDiagnose((s) => s.openOver !== undefined && s.openOver === selectedId);
  const { setFilter, toggleStatus, toggleVerdict, setComparing } = useInspector.getState();

  return (
    <div className="inspector-toolbar">
      <div className="inspector-search">
        <input
          id={FOCUS_TARGETS.inspectorFilter}
          type="search"
          placeholder="Search the whole log: path, headers, bodies, TPP, verdict…"
          value={filter}
          maxLength={200}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Filter exchanges"
        />
        <button type="button" onClick={exportListedAsHar} disabled={listed === 0} title="Export the exchanges listed as a HAR file">
          HAR
        </button>
        <button
          type="button"
          aria-pressed={comparing}
          disabled={picked < 2}
          onClick={() => void setComparing(!comparing)}
          title={picked < 2 ? 'Tick two exchanges in the list to compare them' : 'Show the two ticked exchanges side by side'}
        >
          Compare{picked > 0 ? ` (${picked})` : ''}
        </button>
        <button
          type="button"
          onClick={() => useDiagnose.getState().open(selectedId)}
          aria-pressed={diagnosing}
          title="Paste a raw HTTP request, a cURL command or a HAR entry and read the bank's diagnosis"
        >
          Diagnose a request
        </button>
      </div>
      <div className="chips" role="group" aria-label="Narrow by status and signature">
        {STATUS_CLASSES.map((c) => (
          <button key={c} type="button" className={`chip chip-status-${c[0]}`} aria-pressed={statuses.includes(c)} onClick={() => toggleStatus(c)}>
            {c}
          </button>
        ))}
        <span className="chip-gap" aria-hidden="true" />
        {VERDICTS.map((v) => (
          <button key={v} type="button" className={`chip chip-verdict-${v}`} aria-pressed={verdicts.includes(v)} onClick={() => toggleVerdict(v)}>
            {VERDICT_LABELS[v]}
          </button>
        ))}
      </div>
    </div>
  );
}
