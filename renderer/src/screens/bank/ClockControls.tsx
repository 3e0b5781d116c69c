import { useState } from 'react';
import type { FormEvent } from 'react';
import { useBank } from '../../state/bank';
import { useShell } from '../../state/shell';
import { CLOCK_STEPS } from '../../state/clock-steps';
import { FOCUS_TARGETS } from '../../shell/focus-targets';
import { useSimulatedNow } from '../../state/sim-clock';
import { formatInstant } from '../../widgets/format';

/** The bank's simulated clock: moving it is how consents expire and cut-offs pass. */
export function ClockControls() {
  const now = useShell((s) => s.info?.now ?? null);
  const running = useSimulatedNow();
  const busy = useBank((s) => s.busy);
  const advanceClock = useBank((s) => s.advanceClock);
  const setClock = useBank((s) => s.setClock);
  const [draft, setDraft] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // datetime-local has no zone; the simulated clock is read as UTC everywhere in the app.
    if (!draft) return;
    void setClock(`${draft}:00Z`);
    setDraft('');
  };

  return (
    <div className="bank-clock" role="group" aria-label="Simulated clock">
      <span className="bank-now" data-testid="bank-now" title="The simulated clock (UTC), the one the top bar shows">
        {running !== null ? formatInstant(running) : '…'}
      </span>
      {CLOCK_STEPS.map((step) => (
        <button
          key={step.duration}
          type="button"
          aria-label={step.name}
          data-testid={`clock-${step.duration}`}
          disabled={busy}
          onClick={() => void advanceClock(step.duration)}
        >
          {step.label}
        </button>
      ))}
      <form className="bank-clock-set" onSubmit={submit}>
        <label>
          <span className="visually-hidden">Set the simulated time (UTC)</span>
          <input
            id={FOCUS_TARGETS.clockInput}
            type="datetime-local"
            data-testid="clock-input"
            value={draft || (now ? now.slice(0, 16) : '')}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="clock-set" disabled={busy || !draft}>
          Set
        </button>
      </form>
    </div>
  );
}
