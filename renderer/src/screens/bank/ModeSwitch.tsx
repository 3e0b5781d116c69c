import { useBank } from '../../state/bank';
import { useShell } from '../../state/shell';

const MODES = ['simulation', 'sandbox'] as const;

/** The simulator's two behaviours (docs/architecture.md#two-behaviours-simulation-and-sandbox): stateful simulation or the bank's fixed sandbox. */
export function ModeSwitch() {
  const mode = useShell((s) => s.info?.mode ?? null);
  const busy = useBank((s) => s.busy);
  const setMode = useBank((s) => s.setMode);
  return (
    <div className="bank-mode" role="radiogroup" aria-label="Behaviour">
      {MODES.map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          data-testid={`mode-${m}`}
          className={mode === m ? 'bank-mode-active' : undefined}
          disabled={busy || mode === m}
          onClick={() => void setMode(m)}
        >
          {m}
        </button>
      ))}
    </div>
  );
}
