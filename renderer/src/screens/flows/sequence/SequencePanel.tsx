import { useMemo, useRef, useState } from 'react';
import type { FlowRunState } from '../../../../../preload/api/workbench-api';
import { runFileName } from '../../../state/flow-run-export';
import { errorText } from '../../../state/host-events';
import { useHttpLabels } from '../../../state/http-labels';
import { openExchangeInInspector } from '../../../state/open-exchange';
import { usePsuName } from '../../../state/phone';
import { useResources } from '../../../state/resources';
import { vopOfPayment } from '../../../widgets/vop';
import { exportPng, exportSvg } from './export';
import { layoutSequence, runStepExchanges, type CallArrow } from './layout';
import { SequenceDiagram } from './SequenceDiagram';
import './sequence.css';

const NONE_OPEN: ReadonlySet<number> = new Set();

/** The live sequence diagram of the open run, with its exports; `compact` leaves out the toolbar's hint (the presentation view). */
export function SequencePanel({ run, compact = false }: { run: FlowRunState; compact?: boolean }) {
  const headsRef = useRef<SVGSVGElement>(null);
  const bodyRef = useRef<SVGSVGElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The setup groups opened, by run: another run starts folded.
  const [opened, setOpened] = useState<{ runId: string; steps: ReadonlySet<number> }>({ runId: run.runId, steps: new Set() });
  const openSetups = opened.runId === run.runId ? opened.steps : NONE_OPEN;
  const http = useHttpLabels((s) => s.on);
  const setHttp = useHttpLabels((s) => s.setOn);
  const name = usePsuName();
  const payments = useResources((s) => s.payments);
  const layout = useMemo(
    () => layoutSequence(runStepExchanges(run), run.pending, { http, name, openSetups, vopOf: (paymentId) => vopOfPayment(payments, paymentId) }),
    [run, http, name, openSetups, payments],
  );
  const toggleSetup = (step: number): void => {
    const steps = new Set(openSetups);
    if (!steps.delete(step)) steps.add(step);
    setOpened({ runId: run.runId, steps });
  };
  const open = (call: CallArrow): void => {
    if (call.exchangeId === null) {
      setProblem('The bank does not log this exchange (the control API is not in the traffic log).');
      return;
    }
    void openExchangeInInspector(call.exchangeId).then(setProblem);
  };
  const exportAs = (kind: 'svg' | 'png'): void => {
    const parts = [headsRef.current, bodyRef.current].filter((p) => p !== null);
    if (parts.length < 2) return;
    setProblem(null);
    if (kind === 'svg') exportSvg(parts, runFileName(run, 'svg'));
    else exportPng(parts, runFileName(run, 'png')).catch((err: unknown) => setProblem(errorText(err)));
  };
  const exchanges = runStepExchanges(run).reduce((n, s) => n + s.exchanges.length, 0);

  return (
    <section className="sequence-panel" aria-label="Sequence diagram">
      <div className="sequence-toolbar">
        <h3>Sequence</h3>
        <span className="muted small-text">{compact ? '' : `${exchanges} exchanges · click an arrow to inspect it`}</span>
        <label className="small-text sequence-http-toggle" title="Show the method, path and status under each arrow's words">
          <input type="checkbox" checked={http} onChange={(e) => setHttp(e.target.checked)} data-testid="http-labels" /> HTTP labels
        </label>
        <button type="button" className="small" onClick={() => exportAs('svg')} data-testid="export-svg">
          SVG
        </button>
        <button type="button" className="small" onClick={() => exportAs('png')} data-testid="export-png">
          PNG
        </button>
      </div>
      {problem && <p className="note">{problem}</p>}
      <div className="sequence-scroll" data-testid="sequence-scroll">
        <SequenceDiagram layout={layout} onOpen={open} onToggleSetup={toggleSetup} headsRef={headsRef} bodyRef={bodyRef} />
      </div>
    </section>
  );
}
