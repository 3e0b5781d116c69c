import { useState } from 'react';
import type { FormEvent } from 'react';
import { useBank } from '../../state/bank';

/**
 * "New class": one confirmation, then the bank as the dataset has it, an empty traffic log, no kept
 * runs (unless kept) and the clock back where the data folder started, or at a date the trainer types.
 */
export function NewClassButton() {
  const busy = useBank((s) => s.busy);
  const [asking, setAsking] = useState(false);
  const [keepRuns, setKeepRuns] = useState(false);
  const [date, setDate] = useState('');

  if (!asking) {
    return (
      <button type="button" data-testid="new-class" disabled={busy} title="Clear everything the last class did and start again" onClick={() => setAsking(true)}>
        New class
      </button>
    );
  }

  const start = (e: FormEvent) => {
    e.preventDefault();
    setAsking(false);
    // datetime-local has no zone; the simulated clock is read as UTC everywhere in the app.
    void useBank.getState().newClass({ keepRuns, clock: date ? `${date}:00Z` : 'start' });
  };

  return (
    <form className="new-class-confirm" role="dialog" aria-label="Start a new class" data-testid="new-class-dialog" onSubmit={start}>
      <p className="new-class-question">Start a new class?</p>
      <p className="muted">Every consent, payment and basket goes, the Inspector&rsquo;s exchanges are cleared and the clock goes back.</p>
      <label className="new-class-option">
        <input type="checkbox" data-testid="new-class-keep-runs" checked={keepRuns} onChange={(e) => setKeepRuns(e.target.checked)} /> Keep the runs of the last
        class
      </label>
      <label className="new-class-option">
        Clock goes back to{' '}
        <input
          type="datetime-local"
          data-testid="new-class-date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          aria-describedby="new-class-date-hint"
        />
        <span id="new-class-date-hint" className="muted">
          {date ? ' (UTC)' : ' where this data folder started'}
        </span>
      </label>
      <div className="new-class-actions">
        <button type="submit" className="danger" data-testid="new-class-confirm" autoFocus>
          Start the new class
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
