import type { Exchange } from '../../../../preload/api/workbench-api';
import { useInspector } from '../../state/inspector';

/** Pins the exchange in the log (never discarded, kept by a reset), or lets it go again. */
export function KeepButton({ exchange }: { exchange: Exchange }) {
  const kept = exchange.pinned === true;
  return (
    <button
      type="button"
      aria-pressed={kept}
      data-testid="keep-exchange"
      onClick={() => void useInspector.getState().pin(exchange.id, !kept)}
      title={
        kept
          ? 'Kept through every clean-up of the log and every reset, until you click again (or New class clears the log)'
          : 'Keep this exchange: the log never discards it'
      }
    >
      {kept ? 'Kept — never discarded' : 'Keep'}
    </button>
  );
}
