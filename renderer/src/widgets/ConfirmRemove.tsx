import { useAskFirst } from './ask-first';
import './confirm-remove.css';

const CONFIRM_WINDOW_MS = 8_000;

/**
 * A Remove button that asks first, in the words a trainer reads (`question`: what goes and what stays), so a slip
 * of the mouse during a class removes nothing; the question goes away by itself if left unanswered.
 */
export function ConfirmRemove({ what, question, busy, onRemove }: { what: string; question: string; busy: boolean; onRemove(): void }) {
  const { asking, ask, stop } = useAskFirst(CONFIRM_WINDOW_MS);

  if (!asking)
    return (
      <button type="button" className="small" disabled={busy} aria-label={`Remove ${what}`} onClick={ask} data-testid="remove">
        Remove
      </button>
    );
  return (
    <span className="confirm-remove" role="group" aria-label={`Confirm removing ${what}`}>
      <span data-testid="remove-question">{question}</span>
      <button
        type="button"
        className="small danger"
        autoFocus
        onClick={() => {
          stop();
          onRemove();
        }}
        data-testid="remove-confirm"
      >
        Remove
      </button>
      <button type="button" className="small" onClick={stop}>
        Keep
      </button>
    </span>
  );
}
