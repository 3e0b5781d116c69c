import { useEffect, useSyncExternalStore } from 'react';
import { workbench } from '../../api';
import { useFlowRun } from '../../state/flow-run';
import { useFlows } from '../../state/flows';
import { usePhone } from '../../state/phone';
import { selectInstitutions, useShell } from '../../state/shell';
import { SplitPane } from '../../widgets/SplitPane';
import { FlowPicker } from './FlowPicker';
import { InlinePhones } from './InlinePhones';
import { RunList } from './RunList';
import { RunPane } from './RunPane';
import { SavedLessonList } from './SavedLessons';
import { SequencePanel } from './sequence/SequencePanel';
import './flows.css';

// Beside the run, the diagram needs about 700 px to stay readable; narrower, it goes beneath.
const WIDE = '(min-width: 1600px)';

function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = matchMedia(WIDE);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => matchMedia(WIDE).matches,
  );
}

/** Screen 1: run a flow of the library step by step, or free requests, and watch it as a sequence diagram. */
export function FlowsScreen() {
  const { flows, operations, runs, loaded, error } = useFlows();
  const picked = useFlowRun((s) => s.picked);
  const run = useFlowRun((s) => s.run);
  const psus = usePhone((s) => s.psus);
  const institutions = useShell(selectInstitutions);
  const wide = useWide();

  useEffect(() => {
    void useFlows.getState().load();
    void usePhone.getState().loadPsus();
    return workbench.subscribe(
      (events) => {
        useFlows.getState().onEvents(events);
        useFlowRun.getState().onEvents(events);
      },
      () => void useFlows.getState().refreshRuns(),
    );
  }, []);

  const side = run && (
    <div className="flows-side">
      {wide && <InlinePhones run={run} />}
      <SequencePanel run={run} />
    </div>
  );
  const centre = <RunPane operations={operations} psus={psus} institutions={institutions} phonesInline={!wide} />;

  return (
    <div className="flows" data-testid="flows-screen">
      <aside className="flows-left" aria-label="Flows and kept runs">
        {error && (
          <p className="note" role="alert">
            {error}
          </p>
        )}
        {!loaded && <p className="muted pad">Loading the flow library…</p>}
        <SavedLessonList flows={flows} />
        <FlowPicker flows={flows} picked={run?.flow.name ?? picked?.name ?? null} onPick={useFlowRun.getState().pick} />
        <RunList
          runs={runs}
          openRunId={run?.runId ?? null}
          onOpen={(id) => void useFlowRun.getState().open(id)}
          onImport={(file) => void useFlowRun.getState().importRun(file)}
        />
      </aside>
      {wide && side ? (
        <SplitPane className="flows-main" persistAs="flows" label="Resize the run and the sequence diagram" defaultPercent={42} minStartPx={520} minEndPx={420}>
          {centre}
          {side}
        </SplitPane>
      ) : (
        <div className="flows-main flows-stacked">
          {centre}
          {side}
        </div>
      )}
    </div>
  );
}
