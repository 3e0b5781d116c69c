import { useEffect, useRef, useState } from 'react';
import type { FlowRunState } from '../../../../preload/api/workbench-api';
import { runProgress, useFlowRun } from '../../state/flow-run';
import { backTarget, backWords, checkResultWords, lessonStep } from '../../state/lesson-step';
import { usePsuName } from '../../state/phone';
import { useResources } from '../../state/resources';
import { vopOfPayment } from '../../widgets/vop';
import { nextBlocked, usePresent } from '../../state/present';
import { TimeToggle } from '../../shell/TimeControls';
import { isShortcutKey } from '../../shell/use-screen-keys';
import { ExchangeView } from '../flows/ExchangeView';
import { InlinePhones } from '../flows/InlinePhones';
import { ClassPhones } from './ClassPhones';
import { SequencePanel } from '../flows/sequence/SequencePanel';
import '../flows/flows.css';
import './present.css';

const STATE_WORDS = { next: 'comes first', underWay: 'under way', done: 'just run' } as const;

/**
 * →, ↓, Space and PageDown (a presenter's clicker): the next step; ←, ↑ and PageUp: back a step; Escape:
 * leave. Not while typing; a tick box or button with the focus takes none of them (Space would press it too).
 */
function usePresentKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (!isShortcutKey(event)) return;
      const present = usePresent.getState();
      const next = ['ArrowRight', 'ArrowDown', ' ', 'PageDown'];
      const back = ['ArrowLeft', 'ArrowUp', 'PageUp'];
      const act = next.includes(event.key)
        ? present.next
        : back.includes(event.key)
          ? present.back
          : event.key === 'Escape'
            ? () => present.setOn(false)
            : null;
      if (!act) return;
      event.preventDefault();
      void act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** How far down the drawing the newest row reaches back: its words, its arrow and its answer. */
const NEWEST_ROW = 70;

/**
 * Scrolls the diagram to its newest row, sideways too: on a narrow screen the diagram is wider than its box
 * (its text keeps its size), and the step's row may stand at the payee's bank or the PSU's app.
 */
function showNewest(scroller: HTMLElement): void {
  scroller.scrollTop = scroller.scrollHeight;
  const box = scroller.getBoundingClientRect();
  // The boxes are measured as drawn, the scrolling is in the page's CSS pixels: the text size zooms one and not the other.
  const zoom = box.width / scroller.offsetWidth || 1;
  const drawn = [...scroller.querySelectorAll('[data-testid="sequence-diagram"] text')].map((t) => t.getBoundingClientRect()).filter((r) => r.width > 0);
  const bottom = Math.max(...drawn.map((r) => r.bottom));
  const newest = drawn.filter((r) => r.bottom >= bottom - NEWEST_ROW * zoom);
  if (newest.length === 0) return;
  const inside = (x: number): number => (x - box.left) / zoom - scroller.clientLeft + scroller.scrollLeft;
  const left = inside(Math.min(...newest.map((r) => r.left)));
  const right = inside(Math.max(...newest.map((r) => r.right)));
  const width = scroller.clientWidth;
  if (left >= scroller.scrollLeft && right <= scroller.scrollLeft + width) return;
  scroller.scrollLeft = right - left > width ? left : Math.max(0, right - width + 8);
}

/** The newest arrows stay in view as the diagram grows, and when the window or the text size changes its box. */
function useNewestArrows(run: FlowRunState | null, showHttp: boolean): React.RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const reveal = (): void => {
      const scroller = frame.querySelector<HTMLElement>('.sequence-scroll');
      if (scroller) showNewest(scroller);
    };
    reveal();
    const resized = new ResizeObserver(reveal);
    resized.observe(frame);
    return () => resized.disconnect();
  }, [run, showHttp]);
  return ref;
}

/** The open run as a lesson: the step in large words, the PSU's phone and the diagram side by side, the HTTP one click away. */
export function PresentView() {
  const run = useFlowRun((s) => s.run);
  const busy = useFlowRun((s) => s.busy);
  const error = useFlowRun((s) => s.error);
  const replayProgress = useFlowRun((s) => s.replayProgress);
  const setAutoApprove = useFlowRun((s) => s.setAutoApprove);
  // The choice as made (at once), not as the host last reported it: two quick clicks stay two.
  const autoApprove = useFlowRun((s) => s.setup.autoApprove);
  const { showHttp, backNote, setShowHttp, next, back, setOn } = usePresent();
  usePresentKeys();
  const diagram = useNewestArrows(run, showHttp);
  const psuName = usePsuName();
  const payments = useResources((s) => s.payments);
  const [phonesOpen, setPhonesOpen] = useState(false);

  const exit = (
    <button type="button" onClick={() => setOn(false)} data-testid="present-exit" title="Leave the presentation (Esc, or P)">
      Exit
    </button>
  );
  if (!run) {
    return (
      <div className="present" role="region" aria-label="Presentation" data-testid="present">
        <header className="present-bar">
          <h1 className="present-flow">Presentation</h1>
          {exit}
        </header>
        <p className="present-empty">Open a run on the Flows screen first: pick a flow and press Start, then Present.</p>
      </div>
    );
  }

  const step = lessonStep(run);
  const { of } = runProgress(run);
  const blocked = nextBlocked({ run, busy }, psuName);
  const result =
    step &&
    checkResultWords(
      step.exchanges,
      (paymentId) => vopOfPayment(payments, paymentId),
      run.steps.slice(0, step.number - 1).flatMap((s) => s.exchanges),
    );
  const target = backTarget(run);
  const going = busy === 'replay';
  // While going back, the note says where to (set before the replay starts); a replay from the palette says less.
  const status = going
    ? `${backNote ?? 'Replaying the run on fresh data…'}${replayProgress ? ` (step ${replayProgress.step} of ${replayProgress.of})` : ''}`
    : (backNote ?? blocked ?? `Press → for the next step${run.nextStep ? `: ${run.nextStep.title}` : ''}`);

  return (
    <div className="present" role="region" aria-label="Presentation" data-testid="present" data-run-id={run.runId} data-steps-done={run.steps.length}>
      <header className="present-bar">
        <h1 className="present-flow">{run.flow.title}</h1>
        <div className="present-controls">
          <label className="present-choice" title="Off: the run approves on the PSUs' behalf">
            <input
              type="checkbox"
              checked={!autoApprove}
              disabled={run.imported}
              onChange={(e) => void setAutoApprove(!e.target.checked)}
              data-testid="present-psu-decides"
            />{' '}
            PSU decides on the phone
          </label>
          <TimeToggle />
          <button
            type="button"
            aria-pressed={phonesOpen}
            onClick={() => setPhonesOpen(!phonesOpen)}
            data-testid="present-class-phones"
            title="QR codes that open each customer's bank app on a phone of the class"
          >
            Class phones
          </button>
          <button type="button" aria-pressed={showHttp} onClick={() => setShowHttp(!showHttp)} data-testid="present-show-http">
            {showHttp ? 'Hide HTTP' : 'Show HTTP'}
          </button>
          <button
            type="button"
            disabled={!target || busy !== null}
            onClick={() => void back()}
            data-testid="present-back"
            title={target ? `${backWords(target.shows)} (←)` : 'This is the first step'}
          >
            ← Back
          </button>
          <button
            type="button"
            className="primary"
            disabled={blocked !== null}
            onClick={() => void next()}
            data-testid="present-next"
            title={blocked ?? 'Run the next step (→)'}
          >
            Next step →
          </button>
          {exit}
        </div>
      </header>
      <section className="present-caption" aria-live="polite" data-testid="present-caption" data-step={step?.number ?? 0} data-state={step?.state ?? 'none'}>
        {step && (
          <>
            <p className="present-where">
              Step {step.number} of {of} · {STATE_WORDS[step.state]}
              {step.met !== null && <span className={`present-met present-met-${String(step.met)}`}>{step.met ? ' · as expected' : ' · not as expected'}</span>}
            </p>
            <h2 className="present-title">{step.title}</h2>
            <p className="present-explanation">{step.explanation}</p>
            {result && (
              <p className="present-result" data-testid="present-result">
                {result}
              </p>
            )}
            {step.codes.length > 0 && (
              <p className="present-codes" data-testid="present-codes" title="The codes on the wire: Show HTTP has the whole exchanges">
                {step.codes.join(' · ')}
              </p>
            )}
          </>
        )}
        <p className="present-status" role="status" data-testid="present-status">
          {status}
        </p>
        {run.flow.lesson && autoApprove && !run.imported && (
          <p className="present-approves" data-testid="present-approves-itself">
            “PSU decides on the phone” is off: the run approves on the customer’s behalf, and the phone will not wait for the class.
          </p>
        )}
        {error && (
          <p className="note" role="alert">
            {error}
          </p>
        )}
      </section>
      {phonesOpen && <ClassPhones run={run} onClose={() => setPhonesOpen(false)} />}
      <div className="present-stage">
        <div className="present-phones" data-testid="present-phones">
          <InlinePhones run={run} />
          <div className="phone-frame present-phone-idle" aria-label="The PSU’s bank app" data-testid="present-phone-idle">
            <div className="phone-notch" aria-hidden="true" />
            <p className="muted">
              {autoApprove ? 'The run approves on the PSU’s behalf. Tick “PSU decides on the phone” to decide here.' : 'Nothing to approve right now.'}
            </p>
          </div>
        </div>
        {showHttp ? (
          <section className="present-http" aria-label="The step’s HTTP exchanges" data-testid="present-http">
            {step && step.exchanges.length > 0 ? (
              step.exchanges.map((exchange) => <ExchangeView key={exchange.seq} exchange={exchange} open />)
            ) : (
              <p className="muted">Nothing sent in this step yet.</p>
            )}
          </section>
        ) : (
          <div className="present-diagram" ref={diagram} data-testid="present-diagram">
            <SequencePanel run={run} compact />
          </div>
        )}
      </div>
    </div>
  );
}
