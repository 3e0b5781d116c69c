import { useEffect, useRef } from 'react';
import { workbench } from '../../api';
import { searching as narrows, useInspector, type InspectorState } from '../../state/inspector';
import { bankApiBase, useShell } from '../../state/shell';
import { SplitPane } from '../../widgets/SplitPane';
import { ExchangeDetail } from './ExchangeDetail';
import { ExchangeDiff } from './ExchangeDiff';
import { ExchangeList } from './ExchangeList';
import { DiagnosePanel } from './DiagnosePanel';
import { useDiagnose } from '../../state/diagnose';
import { InspectorToolbar } from './InspectorToolbar';
import { InspectorViews } from './InspectorViews';
import { InspectorConduct } from './InspectorConduct';
import { useConduct } from '../../state/conduct';
import { resendExchange, useResends } from '../../state/resends';
import { OutsideFilterNote } from './OutsideFilterNote';
import './inspector.css';

/** Screen 3: every exchange with the simulator, from the built-in TPP and from outside clients. */
export function InspectorScreen() {
  const state = useInspector();
  const info = useShell((s) => s.info);
  const detailRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void useInspector.getState().load();
    return workbench.subscribe(
      (events) => {
        if (events.some((e) => e.type === 'reset')) useResends.getState().forget();
        useInspector.getState().onEvents(events);
      },
      () => void useInspector.getState().load(),
    );
  }, []);

  const rows = state.rows;
  const searching = narrows(state);
  const [left, right] = state.compared;
  const selected = state.rows.find((r) => r.summary.id === state.selectedId);
  const baseUrl = bankApiBase(state.simulatorUrl, info?.institutions);
  const diagnoseOver = useDiagnose((s) => s.openOver);
  const diagnosing = diagnoseOver !== undefined && diagnoseOver === state.selectedId;
  const conductShown = useConduct((s) => s.shown);
  const resent = useResends((s) => resendExchange(s.resends, state.selectedId));
  // A resend the search no longer matches stays open (OutsideFilterNote says so).
  const shown = selected?.full ?? resent;

  return (
    <SplitPane
      className="inspector"
      persistAs="inspector"
      label="Resize the exchange list and the exchange detail"
      defaultPercent={44}
      minStartPx={320}
      minEndPx={380}
    >
      <div className={`inspector-list-pane${conductShown ? ' conduct-shown' : ''}`}>
        <InspectorViews />
        {conductShown && <InspectorConduct />}
        <InspectorToolbar />
        <OutsideFilterNote />
        {state.error && (
          <p className="note" role="alert">
            {state.error}
          </p>
        )}
        {state.loaded && rows.length === 0 && !searching ? (
          <div className="empty-state" data-testid="inspector-empty">
            <p>
              Start a flow in Flows (key 1), or point your TPP at <code className="wire">{baseUrl}</code>.
            </p>
            <p className="muted small-text">Every request to the simulator shows up here as it happens.</p>
          </div>
        ) : rows.length === 0 && state.loaded ? (
          <p className="muted pad inspector-no-match" data-testid="inspector-no-match">
            No exchange in the log matches{state.filter.trim() ? ` “${state.filter.trim()}”` : ''}
            {state.statuses.length + state.verdicts.length > 0 || state.fault !== null ? ' with the chips chosen' : ''};{' '}
            {discardedMatchText(couldHaveMatched(state))}
          </p>
        ) : (
          <ExchangeList
            rows={rows}
            selectedId={state.selectedId}
            onSelect={state.select}
            onOpen={() => detailRef.current?.focus()}
            picked={state.compareIds}
            onPick={state.togglePick}
            hasOlder={state.hasOlder}
            loadingOlder={state.loadingOlder}
            onOlder={() => void state.loadOlder()}
            searchKey={JSON.stringify([state.filter.trim(), state.statuses, state.verdicts, state.fault])}
          />
        )}
        <div className="inspector-count muted">
          <span data-testid="inspector-count">{countText(rows.length, state.total, state.kept, searching)}</span>
          {state.discarded > 0 && (
            <span
              data-testid="inspector-discarded"
              title="The log keeps the newest exchanges and, beside them, the newest failures (4xx, 5xx, signature not valid); pinned exchanges always. Set with --log-limit and --failure-log-limit."
            >
              {' · '}
              {discardedText(state.discarded, state.discardedFailures, state.discardedSignatureFailures)}
            </span>
          )}
        </div>
      </div>
      <div className="inspector-detail-pane" ref={detailRef} tabIndex={-1}>
        {diagnosing ? (
          <DiagnosePanel />
        ) : state.comparing && left && right ? (
          <ExchangeDiff left={left} right={right} onClose={() => void state.setComparing(false)} />
        ) : shown ? (
          <ExchangeDetail exchange={shown} tab={state.tab} simulatorUrl={state.simulatorUrl} onTab={state.setTab} />
        ) : (
          <div className="empty-state">
            <p data-testid="inspector-detail-note">
              {selected && state.detailError?.id === selected.summary.id
                ? `This exchange could not be loaded: the log may have discarded it since the list was shown (older exchanges make room for new ones; Keep pins one). Search again to see what the log keeps. (${state.detailError.text})`
                : selected
                  ? 'Loading the exchange…'
                  : conductShown
                    ? 'Click an exchange of a finding (#12) to see its headers, bodies and signature here.'
                    : 'Select an exchange to see its headers, bodies and signature. ↑ ↓ move, Enter opens.'}
            </p>
          </div>
        )}
      </div>
    </SplitPane>
  );
}

const n = (value: number): string => value.toLocaleString('en');

/** "12,345 older exchanges discarded; failures and pinned kept": what each budget let go. */
function discardedText(discarded: number, failures: number, signatureFailures: number): string {
  const older = `${n(discarded)} older exchange${discarded === 1 ? '' : 's'} discarded`;
  if (failures === 0) return `${older}; failures and pinned kept`;
  const other = failures - signatureFailures;
  const beyond = [
    other > 0 ? `${n(other)} failure${other === 1 ? '' : 's'} beyond the failure budget` : null,
    signatureFailures > 0 ? `${n(signatureFailures)} signature failure${signatureFailures === 1 ? '' : 's'} beyond theirs` : null,
  ].filter((part) => part !== null);
  return `${older}, of them ${beyond.join(' and ')}; ${signatureFailures === 0 ? 'signature failures and ' : ''}pinned kept`;
}

/**
 * How many discarded exchanges could have matched the search: a search only for failures (4xx or 5xx chips,
 * or "signature invalid") could have matched only discarded failures; any other, every discarded exchange.
 */
function couldHaveMatched(s: Pick<InspectorState, 'statuses' | 'verdicts' | 'discarded' | 'discardedFailures' | 'discardedSignatureFailures'>): number {
  const onlyFailingStatuses = s.statuses.length > 0 && s.statuses.every((c) => c.startsWith('4') || c.startsWith('5'));
  const onlyInvalid = s.verdicts.length > 0 && s.verdicts.every((v) => v === 'invalid');
  if (onlyInvalid) return s.discardedSignatureFailures;
  return onlyFailingStatuses ? s.discardedFailures : s.discarded;
}

function discardedMatchText(discarded: number): string {
  if (discarded === 0) return 'the log has discarded nothing that could have matched.';
  return `${n(discarded)} older exchange${discarded === 1 ? ' was' : 's were'} discarded and might have.`;
}

/** "showing 200 of 3,412 matching, 10,000 kept": true counts from the host. */
function countText(shown: number, total: number | null, kept: number | null, searching: boolean): string {
  if (total === null || kept === null) return `showing ${n(shown)}`;
  // Rows stay listed after the log discards them (live traffic adds rows, a prune takes none away).
  if (!searching && shown > kept) return `showing ${n(shown)}; the log keeps ${n(kept)}: the older rows listed were discarded after they arrived`;
  if (!searching) return `showing ${n(shown)} of ${n(kept)} kept`;
  return `showing ${n(shown)} of ${n(total)} matching, ${n(kept)} kept`;
}
