import { useMemo, useRef, useState } from 'react';
import type { FlowRunState } from '../../../../../preload/api/workbench-api';
import { runFileName } from '../../../state/flow-run-export';
import { errorText } from '../../../state/host-events';
import { openExchangeInInspector } from '../../../state/open-exchange';
import { exportPng, exportSvg } from './export';
import { layoutSequence, type CallArrow } from './layout';
import { SequenceDiagram } from './SequenceDiagram';

/** Every exchange of a run in order: its steps', then the step under way. */
export function runExchanges(run: FlowRunState) {
  return [...run.steps.flatMap((s) => s.exchanges), ...run.current];
}

/** The live sequence diagram of the open run, with its exports. */
export function SequencePanel({ run }: { run: FlowRunState }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const layout = useMemo(() => layoutSequence(runExchanges(run), run.pending), [run]);
  const open = (call: CallArrow): void => {
    if (call.exchangeId === null) {
      setProblem('The bank does not log this exchange (the control API is not in the traffic log).');
      return;
    }
    void openExchangeInInspector(call.exchangeId).then(setProblem);
  };
  const exportAs = (kind: 'svg' | 'png') => (): void => {
    const svg = svgRef.current;
    if (!svg) return;
    setProblem(null);
    if (kind === 'svg') exportSvg(svg, runFileName(run, 'svg'));
    else exportPng(svg, runFileName(run, 'png')).catch((err: unknown) => setProblem(errorText(err)));
  };

  return (
    <section className="sequence-panel" aria-label="Sequence diagram">
      <div className="sequence-toolbar">
        <h3>Sequence</h3>
        <span className="muted small-text">{layout.calls.length} exchanges · click an arrow to inspect it</span>
        <button type="button" className="small" onClick={exportAs('svg')} data-testid="export-svg">
          SVG
        </button>
        <button type="button" className="small" onClick={exportAs('png')} data-testid="export-png">
          PNG
        </button>
      </div>
      {problem && <p className="note">{problem}</p>}
      <div className="sequence-scroll">
        <SequenceDiagram ref={svgRef} layout={layout} onOpen={open} />
      </div>
    </section>
  );
}
