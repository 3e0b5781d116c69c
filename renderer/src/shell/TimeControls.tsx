import { useBank } from '../state/bank';
import { TIME_NUDGES } from '../state/clock-steps';
import { useSimulatedNow } from '../state/sim-clock';
import { useShell } from '../state/shell';
import { formatInstant } from '../widgets/format';

/**
 * The simulated clock where everyone sees it, with time under the trainer's hand: one click pauses or
 * resumes it, small steps move it on, and "Next time limit" jumps to whatever falls due next.
 */
export function TimeControls({ fallbackNow }: { fallbackNow: string }) {
  const now = useSimulatedNow();
  const paused = useShell((s) => s.paused);
  const busy = useBank((s) => s.busy);
  const lastSkip = useBank((s) => s.lastSkip);
  const { advanceClock, toNextTimeLimit } = useBank.getState();
  const instant = now ?? fallbackNow;

  return (
    <div className={`time-controls${paused ? ' time-paused' : ''}`} role="group" aria-label="Simulated time" data-testid="time-controls">
      <TimeToggle />
      <time className="topbar-clock" title="The simulated clock (UTC)" data-testid="clock" data-paused={paused} dateTime={new Date(instant).toISOString()}>
        {formatInstant(instant, { seconds: true })}
      </time>
      {TIME_NUDGES.map((step) => (
        <button
          key={step.duration}
          type="button"
          className="time-step"
          aria-label={step.name}
          title={step.name}
          data-testid={`time-${step.duration}`}
          disabled={busy}
          onClick={() => void advanceClock(step.duration)}
        >
          {step.label}
        </button>
      ))}
      <button
        type="button"
        className="time-step"
        data-testid="time-next-limit"
        disabled={busy}
        title={lastSkip ?? 'Move time to the next moment something runs out: a VoP answer, an SCA, a token'}
        onClick={() => void toNextTimeLimit()}
      >
        Next time limit
      </button>
      {lastSkip && (
        <span className="time-skip" role="status" data-testid="time-skip">
          {lastSkip}
        </span>
      )}
    </div>
  );
}

/** Whether simulated time runs, in words, and one click to change it: the top bar's and the presentation's. */
export function TimeToggle() {
  const paused = useShell((s) => s.paused);
  const busy = useBank((s) => s.busy);
  return (
    <button
      type="button"
      className={`time-toggle${paused ? ' time-toggle-paused' : ''}`}
      data-testid="clock-toggle"
      aria-pressed={paused}
      disabled={busy}
      title={paused ? 'Time stands still: nothing runs out while you explain. Click to let it run.' : 'Time runs with the real clock. Click to hold it still.'}
      onClick={() => void useBank.getState().setClockPaused(!paused)}
    >
      <TimeIcon paused={paused} /> {paused ? 'Time paused' : 'Time running'}
    </button>
  );
}

/** Drawn, not a font glyph: the pause and play signs are missing from many system fonts. */
function TimeIcon({ paused }: { paused: boolean }) {
  return (
    <svg className="time-icon" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      {paused ? (
        <>
          <rect x="2" y="1.5" width="3" height="9" rx="0.5" />
          <rect x="7" y="1.5" width="3" height="9" rx="0.5" />
        </>
      ) : (
        <path d="M3 1.5 L10.5 6 L3 10.5 Z" />
      )}
    </svg>
  );
}
