import type { FlowRunState } from '../../../../preload/api/workbench-api';
import { exportRunFile, exportRunHar } from '../../state/flow-run-export';
import { useFlowRun } from '../../state/flow-run';
import { usePresent } from '../../state/present';

/** What can be done with the open run as a whole: replay it, take it elsewhere, delete it. */
export function RunActions({ run }: { run: FlowRunState }) {
  const { busy, notice, replay, deleteRun, replayProgress } = useFlowRun();
  return (
    <div className="run-actions">
      <button
        type="button"
        onClick={() => usePresent.getState().setOn(true)}
        data-testid="present-run"
        title="Show the run as a lesson: the step in large words, the phone and the diagram (P)"
        aria-keyshortcuts="P"
      >
        Present
      </button>
      <button
        type="button"
        disabled={busy !== null}
        onClick={() => void replay(run.runId)}
        title="Run the same flow, institution and PSUs again on the current data, approving automatically"
      >
        Replay
      </button>
      <button type="button" onClick={() => void exportRunFile(run)} data-testid="export-run">
        Export run
      </button>
      <button type="button" onClick={() => void exportRunHar(run)} data-testid="export-har">
        Export HAR
      </button>
      <button type="button" disabled={busy !== null} onClick={() => void deleteRun(run.runId)} data-testid="delete-run">
        Delete
      </button>
      {busy === 'replay' && (
        <span className="run-notice muted" role="status" data-testid="replay-progress">
          Replaying on the current data, approving automatically{replayProgress ? `: step ${replayProgress.step} of ${replayProgress.of}` : '…'}
        </span>
      )}
      {notice && (
        <span className="run-notice muted" role="status" data-testid="run-notice">
          {notice}
        </span>
      )}
    </div>
  );
}
