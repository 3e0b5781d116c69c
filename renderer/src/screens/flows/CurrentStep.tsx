import type { FlowRunState } from '../../../../preload/api/workbench-api';
import { readOnly, runProgress, useFlowRun, type Until } from '../../state/flow-run';
import { ExchangeView } from './ExchangeView';
import { InlinePhones } from './InlinePhones';
import { MetBadge } from './MetBadge';
import { awaitedDecisionVerb } from '../../widgets/plain-words';
import { usePsuName } from '../../state/phone';
import { RequestEditor } from './RequestEditor';

/** The step under way or next: what it does and why, the request about to go, or whom it waits for. */
export function CurrentStep({ run, phones }: { run: FlowRunState; phones: boolean }) {
  const draft = useFlowRun((s) => s.draft);
  const busy = useFlowRun((s) => s.busy);
  const send = useFlowRun((s) => s.send);
  const prepare = useFlowRun((s) => s.prepare);
  const name = usePsuName();
  const progress = runProgress(run);
  const running = busy === 'end' || busy === 'step' || run.phase === 'running';

  if (run.phase === 'finished' || !run.nextStep) {
    return (
      <section className="step-current step-finished" data-testid="run-finished" data-met={String(run.met)}>
        <h2>
          {run.met ? 'Every step met its expectation' : run.met === false ? 'The run stopped at a step that did not meet its expectation' : 'No step left'}{' '}
          <MetBadge met={run.met} />
        </h2>
        {run.imported && <p className="muted">Imported: kept for reading and replay.</p>}
        {/* A run stopped by the PSU's phone (the time ran out) still shows the phone saying so. */}
        {phones && !run.imported && <InlinePhones run={run} />}
      </section>
    );
  }
  const step = run.nextStep;
  const go = (until: Until) => () => void send(until);
  return (
    <section className="step-current" aria-label="Current step" data-testid="step-current" data-step={step.id}>
      <p className="step-progress muted" data-testid="run-progress" role="status">
        {running ? 'Running' : 'Next:'} step {progress.step} of {progress.of}
      </p>
      <h2 className="step-current-title">{step.title}</h2>
      <p className="step-explanation">{step.explanation}</p>
      {step.spec && <p className="muted small-text">Spec: {step.spec}</p>}
      {run.current.map((exchange, i) => (
        <ExchangeView key={exchange.seq} exchange={exchange} open={i === run.current.length - 1 && run.pending?.kind !== 'psu'} />
      ))}
      {run.pending?.kind === 'request' && draft && <RequestEditor request={run.pending.request} draft={draft} busy={busy !== null || readOnly(run)} />}
      {run.pending?.kind === 'psu' && (
        <p className="note step-waiting" data-testid="waiting-psu">
          Waiting for {name(run.pending.psuId)} ({run.pending.role}) to {awaitedDecisionVerb(run.pending)} in the bank’s app: use the phone{' '}
          {phones ? 'below' : 'beside the diagram'}, or untick “PSU decides on the phone”.
        </p>
      )}
      {phones && <InlinePhones run={run} />}
      {run.pending === null && !readOnly(run) && (
        <div className="request-actions">
          <button type="button" className="primary" disabled={busy !== null} onClick={() => void prepare()} data-testid="prepare">
            Show the request
          </button>
          <button type="button" disabled={busy !== null} onClick={go('step')} data-testid="run-step">
            Run step
          </button>
          <button type="button" disabled={busy !== null} onClick={go('end')} data-testid="run-to-end">
            Run to end
          </button>
        </div>
      )}
    </section>
  );
}
