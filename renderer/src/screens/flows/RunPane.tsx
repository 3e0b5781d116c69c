import type { FlowOperationSummary, PsuSummary } from '../../../../preload/api/workbench-api';
import { useFlowRun } from '../../state/flow-run';
import { Composer } from './Composer';
import { CurrentStep } from './CurrentStep';
import { RunActions } from './RunActions';
import { RunHeader } from './RunHeader';
import { StepRunCard } from './StepRunCard';

interface Props {
  operations: readonly FlowOperationSummary[];
  psus: readonly PsuSummary[];
  institutions: readonly string[];
  /** Narrow windows show the PSUs' phones in the step that waits for them, not beside the diagram. */
  phonesInline: boolean;
}

/** The centre pane: the run of the picked flow step by step, or the composer of free requests. */
export function RunPane({ operations, psus, institutions, phonesInline }: Props) {
  const { picked, run, tab, setTab, error } = useFlowRun();
  const flow = run?.flow ?? picked;
  const lastFree = run ? [...run.steps].reverse().find((s) => !s.fromFlow) : undefined;

  return (
    <div className="run-pane">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'run'} className={`tab${tab === 'run' ? ' tab-active' : ''}`} onClick={() => setTab('run')}>
          Flow run
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'compose'}
          className={`tab${tab === 'compose' ? ' tab-active' : ''}`}
          onClick={() => setTab('compose')}
          data-testid="composer-tab"
        >
          Free request
        </button>
      </div>
      {error && (
        <p className="note" role="alert" data-testid="run-error">
          {error}
        </p>
      )}
      {tab === 'compose' ? (
        <div className="run-body">
          {run && <RunActions run={run} />}
          <Composer key={operations.length} operations={operations} run={run} psus={psus} institutions={institutions} />
          {run && <CurrentStep run={run} phones={phonesInline} />}
          {lastFree && (
            <ol className="step-list" aria-label="Last free request">
              <StepRunCard key={`${run?.runId}-${lastFree.number}`} step={lastFree} latest />
            </ol>
          )}
        </div>
      ) : !flow ? (
        <div className="empty-state" data-testid="flows-empty">
          <p>Pick a flow on the left to start a run, or compose a free request.</p>
          <p>
            <button type="button" onClick={() => setTab('compose')}>
              Compose a free request
            </button>
          </p>
        </div>
      ) : (
        <div className="run-body">
          <RunHeader flow={flow} run={run} psus={psus} />
          {!run ? (
            <ol className="step-list step-preview" aria-label="Steps of the flow">
              {flow.steps.map((s, i) => (
                <li key={s.id} className="step-card">
                  <div className="step-line">
                    <span className="step-number">{i + 1}</span>
                    <span className="step-title">{s.title}</span>
                    <span className="muted small-text">{s.operation}</span>
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <>
              <ol className="step-list" aria-label="Steps run">
                {run.steps.map((s, i) => (
                  <StepRunCard key={`${run.runId}-${s.number}`} step={s} latest={i === run.steps.length - 1} />
                ))}
              </ol>
              <CurrentStep run={run} phones={phonesInline} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
