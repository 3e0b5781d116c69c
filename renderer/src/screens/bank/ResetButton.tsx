import { useAskFirst } from '../../widgets/ask-first';

const CONFIRM_WINDOW_MS = 5_000;

/** Reset wipes every consent, payment and basket: the first click only asks, the second one resets. */
export function ResetButton({ busy, onReset }: { busy: boolean; onReset(): void }) {
  const { asking, ask, stop } = useAskFirst(CONFIRM_WINDOW_MS);

  if (!asking) {
    return (
      <button type="button" data-testid="bank-reset" disabled={busy} aria-label="Reset the bank to the dataset's initial state" onClick={ask}>
        Reset
      </button>
    );
  }
  return (
    <span className="bank-reset-confirm" role="group" aria-label="Confirm the reset">
      <span>Every consent, payment and basket goes.</span>
      <button
        type="button"
        className="danger"
        data-testid="bank-reset-confirm"
        autoFocus
        onClick={() => {
          stop();
          onReset();
        }}
      >
        Reset now
      </button>
      <button type="button" onClick={stop}>
        Keep
      </button>
    </span>
  );
}
