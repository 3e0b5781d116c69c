import { useState } from 'react';
import { InstitutionSelect } from './InstitutionSelect';
import type { FaultRuleReport } from '../../../../preload/api/workbench-api';
import { useFaults } from '../../state/faults';
import { selectInstitutions, useShell } from '../../state/shell';
import { FAULT_ACTIONS, FAULT_OPERATIONS, FAULT_SCENARIOS, type ScenarioInput } from './fault-presets';
import { useLivePanel } from './use-live-panel';

const EVERY_INSTITUTION = '';
/** A preset's longest run: a week of simulated time. */
const MAX_MINUTES = 10_080;

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
          <InstitutionSelect
            value={institution}
            institutions={institutions}
            onChange={setInstitution}
            testId="fault-institution"
            anyLabel="every institution"
          />
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
      <p className="muted">Or start a bank-level scenario: the bank keeps its own rules, and bends one the way a real bank sometimes does.</p>
      <ScenarioForm />
      {rules.length === 0 ? (
        <p className="bank-empty" data-testid="faults-empty">
          No faults: the bank answers every request by its rules.
        </p>
      ) : (
        <>
          <ul className="bank-blocks" data-testid="faults">
            {rules.map((r) => (
              <li key={r.id} data-testid="fault-row" className={r.retired ? 'muted' : undefined}>
                <RuleText rule={r} />
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

/**
 * The bank-level scenarios (fault presets over the bank's own rules): chosen in a trainer's words, with the
 * minutes of simulated time where the scenario lasts a while and the institution it is for.
 */
function ScenarioForm() {
  const { busy, add } = useFaults();
  const institutions = useShell(selectInstitutions);
  const [index, setIndex] = useState(0);
  const [minutes, setMinutes] = useState('30');
  const [institution, setInstitution] = useState(EVERY_INSTITUTION);
  const scenario = FAULT_SCENARIOS[index] ?? FAULT_SCENARIOS[0];
  const count = Number(minutes);
  const minutesGiven = minutes.trim() !== '';
  const minutesValid = minutesGiven ? Number.isInteger(count) && count >= 1 && count <= MAX_MINUTES : scenario?.minutes !== 'needed';
  const institutionValid = institution !== EVERY_INSTITUTION || scenario?.institution !== 'needed';

  return (
    <form
      className="bank-operator-row"
      aria-label="Bank-level scenarios"
      onSubmit={(e) => {
        e.preventDefault();
        if (scenario === undefined || !minutesValid || !institutionValid) return;
        const rule: ScenarioInput = {
          preset: scenario.preset,
          ...(minutesGiven ? { minutes: count } : {}),
          ...(institution === EVERY_INSTITUTION ? {} : { institution }),
        };
        void add(rule);
      }}
    >
      <label>
        Scenario{' '}
        <select
          value={index}
          data-testid="fault-scenario"
          onChange={(e) => {
            const i = Number(e.target.value);
            setIndex(i);
            // A scenario that needs minutes starts with some; one that may last until removed starts without.
            setMinutes(FAULT_SCENARIOS[i]?.minutes === 'needed' ? '30' : '');
          }}
        >
          {FAULT_SCENARIOS.map((s, i) => (
            <option key={s.preset} value={i}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        at{' '}
        <InstitutionSelect
          value={institution}
          institutions={institutions}
          onChange={setInstitution}
          testId="fault-scenario-institution"
          anyLabel={scenario?.institution === 'needed' ? 'choose an institution' : 'every institution'}
          invalid={!institutionValid}
        />
      </label>
      <label>
        for{' '}
        <input
          type="number"
          min={1}
          max={MAX_MINUTES}
          step={1}
          placeholder={scenario?.minutes === 'needed' ? 'minutes' : 'until removed'}
          value={minutes}
          data-testid="fault-scenario-minutes"
          aria-invalid={!minutesValid}
          onChange={(e) => setMinutes(e.target.value)}
        />{' '}
        minutes of simulated time
      </label>
      <button type="submit" data-testid="fault-scenario-add" disabled={busy || !minutesValid || !institutionValid}>
        Start scenario
      </button>
    </form>
  );
}

/** What each kind of preset counts: the requests it answered, or the payments or journeys it acted on. */
const TOUCHED: Record<ScenarioInput['preset'], [string, string]> = {
  'pending-processing': ['payment held', 'payments held'],
  'payee-bank-silent': ['payment unanswered', 'payments unanswered'],
  'sca-abandoned': ['approval abandoned', 'approvals abandoned'],
  maintenance: ['request answered 503', 'requests answered 503'],
};

function RuleText({ rule: r }: { rule: FaultRuleReport }) {
  if ('preset' in r) {
    const [one, many] = TOUCHED[r.preset];
    return (
      <span>
        <b>Rule {r.id}</b>
        {r.institution === null ? '' : ` at ${r.institution}`}
        {r.tppId === null ? '' : ` for ${r.tppId}`}: {r.description}.{' '}
        <span className="muted" data-testid="fault-counts">
          {r.fired} {r.fired === 1 ? one : many}
          {r.retired ? ', ended' : ''}.
        </span>
      </span>
    );
  }
  return (
    <span>
      <b>Rule {r.id}</b>, {describeMatch(r.match)}: {r.description}
      {r.times !== null && `, ${r.times} ${r.times === 1 ? 'time' : 'times'}`}.{' '}
      <span className="muted" data-testid="fault-counts">
        Fired {r.fired} of {r.matched} matched{r.retired ? ', done' : ''}.
      </span>
    </span>
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
