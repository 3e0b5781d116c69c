import { FOCUS_TARGETS } from '../../shell/focus-targets';
import { STATUS_CLASSES, useInspector, VERDICTS, type FaultFilter, type Verdict } from '../../state/inspector';
import { useDiagnose } from '../../state/diagnose';
import { exportMatchesAsHar, useExportNotice } from '../../state/inspector-export';
import { ExportNotice } from './ExportNotice';

const VERDICT_LABELS: Record<Verdict, string> = { valid: 'signature valid', invalid: 'signed, refused', none: 'unsigned' };
const VERDICT_TITLES: Record<Verdict, string> = {
  valid: 'Signed operations whose signature passed every check',
  invalid: 'Signed operations the bank refused: the signature not valid, or refused before it was checked (a header missing, the token)',
  none: 'Requests the bank does not sign',
};

/** The rule typed: a positive whole number, anything else any rule. */
const ruleOf = (typed: string): FaultFilter => (/^[1-9][0-9]{0,8}$/.test(typed.trim()) ? Number(typed.trim()) : 'any');

/** The search of the whole log: words (debounced), status classes, signature verdicts and injected answers as chips; HAR; Compare; Diagnose a request. */
export function InspectorToolbar() {
  const filter = useInspector((s) => s.filter);
  const statuses = useInspector((s) => s.statuses);
  const verdicts = useInspector((s) => s.verdicts);
  const fault = useInspector((s) => s.fault);
  const picked = useInspector((s) => s.compareIds.length);
  const comparing = useInspector((s) => s.comparing);
  const listed = useInspector((s) => s.rows.length);
  const matching = useInspector((s) => s.total);
  const exporting = useExportNotice((s) => s.exporting);
  const selectedId = useInspector((s) => s.selectedId);
  const diagnosing = useDiagnose((s) => s.openOver !== undefined && s.openOver === selectedId);
  const { setFilter, toggleStatus, toggleVerdict, setFault, setComparing } = useInspector.getState();

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
        <button
          type="button"
          onClick={() => void exportMatchesAsHar()}
          disabled={listed === 0 || exporting}
          title={`Export every exchange the search matches${matching === null ? '' : ` (${matching.toLocaleString('en')})`} as a HAR file, not only those listed`}
          data-testid="export-matches-har"
        >
          {exporting ? 'HAR…' : 'HAR'}
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
      <ExportNotice scope="log" testId="har-export-notice" />
      <div className="chips" role="group" aria-label="Narrow by status, signature and fault">
        {STATUS_CLASSES.map((c) => (
          <button key={c} type="button" className={`chip chip-status-${c[0]}`} aria-pressed={statuses.includes(c)} onClick={() => toggleStatus(c)}>
            {c}
          </button>
        ))}
        <span className="chip-gap" aria-hidden="true" />
        {VERDICTS.map((v) => (
          <button
            key={v}
            type="button"
            className={`chip chip-verdict-${v}`}
            aria-pressed={verdicts.includes(v)}
            onClick={() => toggleVerdict(v)}
            title={VERDICT_TITLES[v]}
          >
            {VERDICT_LABELS[v]}
          </button>
        ))}
        <span className="chip-gap" aria-hidden="true" />
        <button
          type="button"
          className="chip chip-fault"
          aria-pressed={fault !== null}
          onClick={() => setFault(fault === null ? 'any' : null)}
          title="Only the answers a fault rule injected on purpose (Bank screen, key 4)"
          data-testid="inspector-fault-chip"
        >
          injected by a fault rule
        </button>
        {fault !== null && (
          <label className="chip-rule" title="A rule's number, as the Bank screen and the note on an injected answer give it; empty: any rule">
            only rule
            <input
              type="number"
              min={1}
              step={1}
              placeholder="any"
              value={fault === 'any' ? '' : fault}
              onChange={(e) => setFault(ruleOf(e.target.value))}
              data-testid="inspector-fault-rule"
            />
          </label>
        )}
      </div>
    </div>
  );
}
