import type { FlowRunState, FlowSummary, PsuSummary } from '../../../../preload/api/workbench-api';
import { defaultPsu } from '../../state/flow-groups';
import { readOnly, untouched, useFlowRun } from '../../state/flow-run';
import { ParameterForm } from './ParameterForm';
import { RunActions } from './RunActions';

interface Props {
  flow: FlowSummary;
  run: FlowRunState | null;
  psus: readonly PsuSummary[];
}

/** The flow, where and as whom it runs, whether the run approves for the PSUs, and Start. */
export function RunHeader({ flow, run, psus }: Props) {
  const { setup, busy, setInstitution, setPsu, setParam, setAutoApprove, start } = useFlowRun();
  const institution = run?.institution ?? setup.institution;
  const here = psus.filter((p) => p.institution === institution);
  // Before anything was sent the choice can still change (the run starts again with it).
  const fixed = run !== null && (!untouched(run) || run.imported);
  const roleValue = (role: string, suffix: string): string =>
    run?.psus[role] ?? setup.psus[role] ?? defaultPsu(here.map((p) => p.psuId), suffix) ?? '';

  return (
    <header className="run-header">
      <div className="run-title">
        <h2>{flow.title || 'Free requests'}</h2>
        {flow.description && <p className="muted">{flow.description}</p>}
      </div>
      <div className="run-setup">
        <label>
          Institution
          <select value={institution} disabled={fixed || busy !== null} onChange={(e) => void setInstitution(e.target.value)} data-testid="run-institution">
            {flow.institutions.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </select>
        </label>
        {Object.entries(flow.psus).map(([role, suffix]) => (
          <label key={role}>
            {flow.parameters.find((p) => p.kind === 'psu' && p.name === role)?.title ?? role}
            <select value={roleValue(role, suffix)} disabled={fixed || busy !== null} onChange={(e) => void setPsu(role, e.target.value)} data-testid={`run-psu-${role}`}>
              {here.length === 0 && <option value="">{`the host’s ${suffix}`}</option>}
              {here.map((p) => (
                <option key={p.psuId} value={p.psuId}>
                  {p.psuId} · {p.name}
                </option>
              ))}
            </select>
          </label>
        ))}
        <ParameterForm flow={flow} run={run} chosen={setup.params} disabled={fixed || busy !== null} onChange={(name, value) => void setParam(name, value)} />
        <label className="toggle">
          <input
            type="checkbox"
            checked={run?.autoApprove ?? setup.autoApprove}
            disabled={run !== null && readOnly(run)}
            onChange={(e) => void setAutoApprove(e.target.checked)}
            data-testid="auto-approve"
          />
          Approve automatically
        </label>
        {(!run || readOnly(run)) && flow.name && !run?.imported && (
          <button type="button" className="primary" disabled={busy !== null} onClick={() => void start()} data-testid="start-run">
            {run ? 'Start again' : 'Start'}
          </button>
        )}
      </div>
      {run && <RunActions run={run} />}
    </header>
  );
}
