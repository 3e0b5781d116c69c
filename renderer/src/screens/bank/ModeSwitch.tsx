import type { SimulatorMode } from '../../../../preload/api/workbench-api';
import { useBank } from '../../state/bank';
import { useShell } from '../../state/shell';

// Keyed by the contract's SimulatorMode, so a mode added there is a compile error here until it has its button.
const MODES = Object.keys({ simulation: true, sandbox: true } satisfies Record<SimulatorMode, true>) as SimulatorMode[];

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
