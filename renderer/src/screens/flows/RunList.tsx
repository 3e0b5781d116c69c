import type { ChangeEvent } from 'react';
import type { FlowRunListItem } from '../../../../preload/api/workbench-api';
import { formatInstant } from '../../widgets/format';
import { MetBadge } from './MetBadge';

interface Props {
  runs: readonly FlowRunListItem[];
  openRunId: string | null;
  onOpen(runId: string): void;
  onImport(file: string): void;
}

function dotClass(status: number | null): string {
  if (status === null) return 'run-dot run-dot-none';
  return status >= 400 ? 'run-dot run-dot-failed' : 'run-dot run-dot-ok';
}

/** The kept runs, newest first: each with its steps' statuses as a row of dots. */
export function RunList({ runs, openRunId, onOpen, onImport }: Props) {
  const onFile = (e: ChangeEvent<HTMLInputElement>): void => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void file.text().then(onImport);
  };
  return (
    <section className="run-list" aria-label="Kept runs">
      <div className="run-list-header">
        <h3>Kept runs</h3>
        <label className="button-like small" title="Open a run exported from this or another workbench">
          Import run
          <input type="file" accept=".json,application/json" onChange={onFile} data-testid="import-run" hidden />
        </label>
      </div>
      {runs.length === 0 ? (
        <p className="muted small-text pad-x">Runs are kept here once started; export one to share it.</p>
      ) : (
        <ul>
          {runs.map((run) => (
            <li key={run.runId}>
              <button
                type="button"
                className={`run-item${run.runId === openRunId ? ' run-item-open' : ''}`}
                data-testid="run-item"
                data-run-id={run.runId}
                onClick={() => onOpen(run.runId)}
              >
                <span className="run-item-title">
                  {run.flowTitle || 'Free requests'}
                  {run.imported && <span className="muted"> · imported</span>}
                  {run.replayOf && <span className="muted"> · replay</span>}
                </span>
                <span className="run-item-meta muted">
                  {run.institution} · {formatInstant(run.startedAt)}
                </span>
                <span className="run-item-steps">
                  <span className="run-dots" aria-label={`Step statuses: ${run.statuses.map((s) => s ?? 'none').join(', ')}`}>
                    {run.statuses.map((s, i) => (
                      <span key={i} className={dotClass(s)} title={`Step ${i + 1}: ${s ?? 'not made'}`} />
                    ))}
                  </span>
                  <MetBadge met={run.met} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
