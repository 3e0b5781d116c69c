import { useState, type FormEvent } from 'react';
import type { FlowOperationSummary, FlowRunState, PsuSummary } from '../../../../preload/api/workbench-api';
import { readOnly, useFlowRun } from '../../state/flow-run';
import { paramValue } from '../../state/free-step';

interface Props {
  operations: readonly FlowOperationSummary[];
  run: FlowRunState | null;
  psus: readonly PsuSummary[];
  institutions: readonly string[];
}

/** A free request: any operation of the library with its parameters, added to the run or sent in a run of its own. */
export function Composer({ operations, run, psus, institutions }: Props) {
  const { busy, compose, setup, setInstitution } = useFlowRun();
  const [name, setName] = useState(operations[0]?.name ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const operation = operations.find((o) => o.name === name) ?? operations[0];
  const canAdd = run !== null && !readOnly(run);
  const institution = canAdd ? run.institution : setup.institution || institutions[0] || '';
  const here = psus.filter((p) => p.institution === institution);
  const roles = canAdd ? Object.keys(run.psus) : [];

  if (!operation) return <p className="muted pad">The host lists no operations for free requests.</p>;
  const params = [
    ...Object.entries(operation.required).map(([p, kind]) => ({ p, kind, required: true })),
    ...Object.entries(operation.optional).map(([p, kind]) => ({ p, kind, required: false })),
  ];
  const missing = params.filter((x) => x.required && x.kind !== 'boolean' && (values[x.p] ?? '') === '').map((x) => x.p);

  const submit = (alone: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    const entries = params.flatMap(({ p, kind }) => {
      const value = paramValue(kind, values[p] ?? '');
      return value === undefined ? [] : [[p, value] as const];
    });
    if (alone) useFlowRun.setState({ run: null });
    void compose({ operation: operation.name, params: Object.fromEntries(entries), title: `Free request: ${operation.name}` });
  };

  return (
    <form className="composer" aria-label="Free request" onSubmit={submit(!canAdd)} data-testid="composer">
      <div className="composer-grid">
        <label>
          Operation
          <select value={operation.name} onChange={(e) => (setName(e.target.value), setValues({}))} data-testid="composer-operation">
            {operations.map((o) => (
              <option key={o.name} value={o.name}>
                {o.name} ({o.actor})
              </option>
            ))}
          </select>
        </label>
        {!canAdd && (
          <label>
            Institution
            <select value={institution} onChange={(e) => void setInstitution(e.target.value)} data-testid="composer-institution">
              {institutions.map((i) => (
                <option key={i}>{i}</option>
              ))}
            </select>
          </label>
        )}
        {params.map(({ p, kind, required }) => (
          <label key={p} className={kind === 'boolean' ? 'toggle' : undefined}>
            {p}
            {!required && <span className="muted"> (optional)</span>}
            {kind === 'psuRole' ? (
              <select value={values[p] ?? ''} onChange={(e) => setValues({ ...values, [p]: e.target.value })} data-param={p}>
                <option value="">Choose a PSU</option>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {role} ({run?.psus[role]})
                  </option>
                ))}
                {here.map((psu) => (
                  <option key={psu.psuId} value={psu.psuId}>
                    {psu.psuId} · {psu.name}
                  </option>
                ))}
              </select>
            ) : kind === 'boolean' ? (
              <input type="checkbox" checked={values[p] === 'true'} onChange={(e) => setValues({ ...values, [p]: String(e.target.checked) })} data-param={p} />
            ) : (
              <input
                className="wire-plain"
                type={kind === 'number' ? 'number' : 'text'}
                placeholder={FIELD_PLACEHOLDERS[`${operation.name}.${p}`] ?? PLACEHOLDERS[kind] ?? kind}
                value={values[p] ?? ''}
                onChange={(e) => setValues({ ...values, [p]: e.target.value })}
                data-param={p}
              />
            )}
          </label>
        ))}
      </div>
      {missing.length > 0 && <p className="muted small-text">Still needed: {missing.join(', ')}.</p>}
      <div className="request-actions">
        {canAdd && (
          <button type="submit" className="primary" disabled={busy !== null || missing.length > 0} data-testid="composer-add">
            Add to run
          </button>
        )}
        <button
          type={canAdd ? 'button' : 'submit'}
          className={canAdd ? undefined : 'primary'}
          disabled={busy !== null || missing.length > 0}
          onClick={canAdd ? submit(true) : undefined}
          data-testid="composer-alone"
        >
          Compose alone
        </button>
        <span className="muted small-text">
          {canAdd ? 'Added after the run’s remaining steps.' : 'Starts a run of free requests, approving automatically.'}
        </span>
      </div>
    </form>
  );
}

const PLACEHOLDERS: Record<string, string> = {
  textList: 'comma-separated',
  textMap: 'name=value, name=value',
  faults: 'comma-separated fault names',
  object: 'a JSON object',
};

/** Where an operation's parameter says more than its kind: addFault's body, as POST /simulator/v1/faults takes it. */
const FIELD_PLACEHOLDERS: Record<string, string> = {
  'addFault.match': '{"operation": "payment-status"}',
  'addFault.action': '{"status": 503, "retryAfter": 5}',
  'addFault.when': 'before or after',
};
