import { useState } from 'react';
import { useFaults } from '../../state/faults';
import { selectInstitutions, useShell } from '../../state/shell';
import { FAULT_ACTIONS, FAULT_OPERATIONS } from './fault-presets';
import { useLivePanel } from './use-live-panel';

const EVERY_INSTITUTION = '';

/**
 * Faults on demand (docs/testing-your-tpp.md): the bank answers some requests with an error, late, or
 * not at all, so a TPP's handling of it can be seen. Each rule lists how often it matched and fired.
 */
export function FaultsPanel() {
  const { rules, busy, error, add, remove, clear } = useFaults();
  const institutions = useShell(selectInstitutions);
  const [operation, setOperation] = useState('');
  const [institution, setInstitution] = useState(EVERY_INSTITUTION);
  const [actionIndex, setActionIndex] = useState(0);
  const [when, setWhen] = useState<'before' | 'after'>('before');
  const [times, setTimes] = useState('');

  useLivePanel(useFaults);

  const count = Number(times);
  const timesValid = times.trim() === '' || (Number.isInteger(count) && count >= 1 && count <= 1_000_000);
  const chosen = FAULT_ACTIONS[actionIndex] ?? FAULT_ACTIONS[0];

  return (
    <section className="bank-section bank-operator" data-testid="faults-panel" aria-label="Faults on demand">
      <h2>Faults on demand</h2>
      <p className="muted">Make the bank misbehave on purpose, to see what a TPP does about it. Each answer it injects is marked in the Inspector.</p>
      {error && (
        <p className="bank-error" role="alert">
          {error}
        </p>
      )}
      <form
        className="bank-operator-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!timesValid || chosen === undefined) return;
          void add({
            match: { ...(operation === '' ? {} : { operation }), ...(institution === EVERY_INSTITUTION ? {} : { institution }) },
            action: chosen.action,
            when,
            ...(times.trim() === '' ? {} : { times: count }),
          });
        }}
      >
        <label>
          For{' '}
          <select value={operation} data-testid="fault-operation" onChange={(e) => setOperation(e.target.value)}>
            {FAULT_OPERATIONS.map((o) => (
              <option key={o.operation} value={o.operation}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          at{' '}
          <select value={institution} data-testid="fault-institution" onChange={(e) => setInstitution(e.target.value)}>
            <option value={EVERY_INSTITUTION}>every institution</option>
            {institutions.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </select>
        </label>
        <label>
          the bank answers{' '}
          <select value={actionIndex} data-testid="fault-action" onChange={(e) => setActionIndex(Number(e.target.value))}>
            {FAULT_ACTIONS.map((a, i) => (
              <option key={a.label} value={i}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <select value={when} data-testid="fault-when" onChange={(e) => setWhen(e.target.value === 'after' ? 'after' : 'before')}>
            <option value="before">before it acts (nothing changes)</option>
            <option value="after">after it acted (the change is made, the answer lost)</option>
          </select>
        </label>
        <label>
          times{' '}
          <input
            type="number"
            min={1}
            step={1}
            placeholder="always"
            value={times}
            data-testid="fault-times"
            aria-invalid={!timesValid}
            onChange={(e) => setTimes(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="fault-add" disabled={busy || !timesValid}>
          Add fault
        </button>
      </form>
      {rules.length === 0 ? (
        <p className="bank-empty" data-testid="faults-empty">
          No faults: the bank answers every request by its rules.
        </p>
      ) : (
        <>
          <ul className="bank-blocks" data-testid="faults">
            {rules.map((r) => (
              <li key={r.id} data-testid="fault-row" className={r.retired ? 'muted' : undefined}>
                <span>
                  <b>Rule {r.id}</b>, {describeMatch(r.match)}: {r.description}
                  {r.times !== null && `, ${r.times} ${r.times === 1 ? 'time' : 'times'}`}.{' '}
                  <span className="muted" data-testid="fault-counts">
                    Fired {r.fired} of {r.matched} matched{r.retired ? ', done' : ''}.
                  </span>
                </span>
                <button type="button" disabled={busy} onClick={() => void remove(r.id)} aria-label={`Remove fault rule ${r.id}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button type="button" disabled={busy} data-testid="faults-clear" onClick={() => void clear()}>
            Remove all faults
          </button>
        </>
      )}
    </section>
  );
}

function describeMatch(match: { operation?: string; institution?: string; tppId?: string; method?: string; path?: string }): string {
  const operation = FAULT_OPERATIONS.find((o) => o.operation === (match.operation ?? ''))?.label ?? match.operation ?? 'every request';
  const parts = [operation];
  if (match.institution !== undefined) parts.push(`at ${match.institution}`);
  if (match.tppId !== undefined) parts.push(`of ${match.tppId}`);
  if (match.method !== undefined || match.path !== undefined) parts.push(`${match.method ?? ''} ${match.path ?? ''}`.trim());
  return parts.join(' ');
}
