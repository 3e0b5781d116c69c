import { useEffect, useRef } from 'react';
import { workbench } from '../../api';
import { FOCUS_TARGETS } from '../../shell/focus-targets';
import { filterRows, useInspector } from '../../state/inspector';
import { exportListedAsHar } from '../../state/inspector-export';
import { bankApiBase, useShell } from '../../state/shell';
import { SplitPane } from '../../widgets/SplitPane';
import { ExchangeDetail } from './ExchangeDetail';
import { ExchangeList } from './ExchangeList';
import { DiagnosePanel } from './DiagnosePanel';
import { useDiagnose } from '../../state/diagnose';
import './inspector.css';

/** Screen 3: every exchange with the simulator, from the built-in TPP and from outside clients. */
export function InspectorScreen() {
  const state = useInspector();
  const info = useShell((s) => s.info);
  const detailRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void useInspector.getState().load();
    return workbench.subscribe((events) => useInspector.getState().onEvents(events));
  }, []);

  const rows = filterRows(state.rows, state.filter);
  const selected = state.rows.find((r) => r.summary.id === state.selectedId);
  const baseUrl = bankApiBase(state.simulatorUrl, info?.institutions);
  const diagnoseOver = useDiagnose((s) => s.openOver);
  const diagnosing = diagnoseOver !== undefined && diagnoseOver === state.selectedId;

  return (
    <SplitPane
      className="inspector"
      persistAs="inspector"
      label="Resize the exchange list and the exchange detail"
      defaultPercent={44}
      minStartPx={320}
      minEndPx={380}
    >
      <div className="inspector-list-pane">
        <div className="inspector-toolbar">
          <input
            id={FOCUS_TARGETS.inspectorFilter}
            type="search"
            placeholder="Filter: method, path, status, TPP, institution, verdict"
            value={state.filter}
            onChange={(e) => state.setFilter(e.target.value)}
            aria-label="Filter exchanges"
          />
          <button type="button" onClick={exportListedAsHar} disabled={rows.length === 0} title="Export the exchanges listed as a HAR file">
            HAR
          </button>
          <button type="button" onClick={() => useDiagnose.getState().open(state.selectedId)} aria-pressed={diagnosing} title="Paste a raw HTTP request, a cURL command or a HAR entry and read the bank's diagnosis">
            Diagnose a request
          </button>
        </div>
        {state.error && (
          <p className="note" role="alert">
            {state.error}
          </p>
        )}
        {state.loaded && state.rows.length === 0 ? (
          <div className="empty-state" data-testid="inspector-empty">
            <p>
              Start a flow in Flows (key 1), or point your TPP at <code className="wire">{baseUrl}</code>.
            </p>
            <p className="muted small-text">Every request to the simulator shows up here as it happens.</p>
          </div>
        ) : rows.length === 0 && state.loaded ? (
          <p className="muted pad">No exchange matches “{state.filter}”.</p>
        ) : (
          <ExchangeList rows={rows} selectedId={state.selectedId} onSelect={state.select} onOpen={() => detailRef.current?.focus()} />
        )}
        <div className="inspector-count muted">
          {rows.length} of {state.rows.length} exchanges
        </div>
      </div>
      <div className="inspector-detail-pane" ref={detailRef} tabIndex={-1}>
        {diagnosing ? (
          <DiagnosePanel />
        ) : selected?.full ? (
          <ExchangeDetail exchange={selected.full} tab={state.tab} simulatorUrl={state.simulatorUrl} onTab={state.setTab} />
        ) : (
          <div className="empty-state">
            <p>{selected ? 'Loading the exchange…' : 'Select an exchange to see its headers, bodies and signature. ↑ ↓ move, Enter opens.'}</p>
          </div>
        )}
      </div>
    </SplitPane>
  );
}
