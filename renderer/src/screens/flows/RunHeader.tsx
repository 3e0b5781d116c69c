import type { FlowParameterSummary, FlowRunState, FlowSummary, PsuSummary } from '../../../../preload/api/workbench-api';
import { atSmallestAmounts, castProblem, psuChoices } from '../../../../shared/psu-needs';
import { defaultPsu } from '../../state/flow-groups';
import { readOnly, untouched, useFlowRun } from '../../state/flow-run';
import { ParameterForm, RunField } from './ParameterForm';
import { RunActions } from './RunActions';
import { SaveLesson, useAddedPayeeChoices } from './SavedLessons';

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
    run?.psus[role] ??
    setup.psus[role] ??
    defaultPsu(
      here.map((p) => p.psuId),
      suffix,
    ) ??
    '';
  const cast = Object.fromEntries(Object.entries(flow.psus).map(([role, suffix]) => [role, roleValue(role, suffix)]));
  const values = {
    ...Object.fromEntries(flow.parameters.flatMap((p) => (p.default === undefined ? [] : [[p.name, p.default]]))),
    ...setup.params,
    ...run?.params,
  };
  // A lesson offers for each role only the PSUs its expectations hold for (shared/psu-needs.ts).
  // Judged at the smallest amount: a PSU is offered for what they are; an amount too large is said below.
  const offered = psuChoices(flow.parameters, here, cast, atSmallestAmounts(flow.parameters, values));
  const optionsFor = (role: string): readonly PsuSummary[] => {
    const fitting = offered[role];
    if (fitting === undefined) return here;
    const current = here.find((p) => p.psuId === cast[role]);
    return current === undefined || fitting.includes(current) ? fitting : [current, ...fitting];
  };
  const misfits = Object.keys(offered).filter((role) => !(offered[role] ?? []).some((p) => p.psuId === cast[role]));
  const problem = here.length === 0 || fixed ? null : castProblem(flow.parameters, here, cast, values, institution);
  const roleParameter = (role: string): FlowParameterSummary | undefined => flow.parameters.find((p) => p.kind === 'psu' && p.name === role);
  // A lesson offers its choices in its own words, as its parameters; a role it gives no parameter keeps its own customer.
  const roles = Object.entries(flow.psus).filter(([role]) => !flow.lesson || roleParameter(role) !== undefined);
  const psuDecides = !(run?.autoApprove ?? setup.autoApprove);
  const addedPayees = useAddedPayeeChoices(institution);
  // What "Save as lesson" keeps: the customers shown for the roles, and every parameter's value but the PSUs'.
  const lessonDraft = {
    flow,
    institution,
    psus: Object.fromEntries(roles.map(([role]) => [role, cast[role] ?? '']).filter(([, psuId]) => psuId !== '')),
    params: Object.fromEntries(Object.entries(values).filter(([name]) => flow.parameters.some((p) => p.name === name && p.kind !== 'psu'))),
  };

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
        {roles.map(([role, suffix]) => (
          <RunField key={role} parameter={roleParameter(role)} label={role}>
            {(described) => (
              <select
                value={roleValue(role, suffix)}
                disabled={fixed || busy !== null}
                onChange={(e) => void setPsu(role, e.target.value)}
                aria-describedby={described}
                data-testid={`run-psu-${role}`}
              >
                {here.length === 0 && <option value="">{`the host’s ${suffix}`}</option>}
                {optionsFor(role).map((p) => (
                  <option key={p.psuId} value={p.psuId}>
                    {p.psuId} · {p.name}
                    {misfits.includes(role) && p.psuId === cast[role] ? ' (cannot play this role)' : ''}
                  </option>
                ))}
              </select>
            )}
          </RunField>
        ))}
        <ParameterForm
          flow={flow}
          run={run}
          chosen={setup.params}
          disabled={fixed || busy !== null}
          onChange={(name, value) => void setParam(name, value)}
          addedPayees={addedPayees}
        />
        <label className="toggle" title="Off: the run approves on the customers’ behalf">
          <input
            type="checkbox"
            checked={psuDecides}
            disabled={run !== null && readOnly(run)}
            onChange={(e) => void setAutoApprove(!e.target.checked)}
            data-testid="psu-decides"
          />
          PSU decides on the phone
        </label>
        {(!run || readOnly(run)) && flow.name && !run?.imported && (
          <button type="button" className="primary" disabled={busy !== null || problem !== null} onClick={() => void start()} data-testid="start-run">
            {run ? 'Start again' : 'Start'}
          </button>
        )}
        {flow.name && !run?.imported && <SaveLesson draft={lessonDraft} disabled={busy !== null || problem !== null} />}
      </div>
      {problem !== null && (
        <p className="note" role="alert" data-testid="cast-problem">
          {problem.charAt(0).toUpperCase() + problem.slice(1)}.
        </p>
      )}
      {run && <RunActions run={run} />}
    </header>
  );
}
