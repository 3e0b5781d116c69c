// A reset concerns screens that are not shown too: their stores outlive them, and a screen opened later
// must not show what the reset cleared (rows the Inspector kept, a run "New class" deleted).
import type { WorkbenchEvent } from '../../../preload/api/workbench-api';
import { useFlowRun } from './flow-run';
import { useInspector } from './inspector';

export function forgetWhatResetsCleared(events: readonly WorkbenchEvent[]): void {
  for (const event of events) {
    if (event.type !== 'reset') continue;
    useInspector.getState().forget();
    if (event.runs) useFlowRun.getState().close();
  }
}
