// Taking a run elsewhere: the run file another workbench imports, and its exchanges as HAR.
// Shared by the run's buttons and the command palette.
import { workbench } from '../api';
import type { FlowRunState } from '../../../preload/api/workbench-api';
import { downloadText } from '../lib/download';
import { errorText } from './host-events';
import { useFlowRun } from './flow-run';

/** `flow-run-<flow>-<date>`: the flow's name (or "free") and the day the run started. */
export function runFileName(run: Pick<FlowRunState, 'flow' | 'startedAt'>, extension: 'json' | 'har' | 'svg' | 'png'): string {
  return `flow-run-${run.flow.name || 'free'}-${run.startedAt.slice(0, 10)}.${extension}`;
}

async function exportAs(run: FlowRunState, extension: 'json' | 'har', fetch: (runId: string) => Promise<string>): Promise<void> {
  const { setNotice } = useFlowRun.getState();
  try {
    const fileName = runFileName(run, extension);
    downloadText(fileName, await fetch(run.runId), 'application/json');
    setNotice(`Saved ${fileName} to your downloads.`);
  } catch (err) {
    setNotice(`The export failed: ${errorText(err)}`);
  }
}

export const exportRunFile = (run: FlowRunState): Promise<void> => exportAs(run, 'json', (id) => workbench.exportRun(id));
export const exportRunHar = (run: FlowRunState): Promise<void> => exportAs(run, 'har', (id) => workbench.exportRunHar(id));
