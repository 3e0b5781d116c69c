// Which step the presentation view tells the class about, and where "back a step" goes. Pure: the
// run as the host reports it in, so it is tested without a browser.
import type { FlowExchange, FlowRunState } from '../../../preload/api/workbench-api';

export interface LessonStep {
  /** 1-based. */
  number: number;
  title: string;
  explanation: string;
  spec: string;
  /** next: nothing run yet; underWay: being run, or waiting for a request to go or a PSU; done: just run. */
  state: 'next' | 'underWay' | 'done';
  /** Whether a step run met its expectation; null while it is not done. */
  met: boolean | null;
  /** The step's exchanges so far: what "Show HTTP" shows. */
  exchanges: readonly FlowExchange[];
}

/**
 * The step under way while one is (prepared, running, or waiting for the PSU); otherwise the step just
 * run, so its words stay beside the arrows it drew; before any, the first step.
 */
export function lessonStep(run: FlowRunState): LessonStep | null {
  const underWay = run.phase === 'running' || run.pending !== null;
  const next = run.nextStep;
  if ((underWay || run.steps.length === 0) && next) {
    return {
      number: run.steps.length + 1,
      title: next.title,
      explanation: next.explanation,
      spec: next.spec,
      state: underWay ? 'underWay' : 'next',
      met: null,
      exchanges: run.current,
    };
  }
  const last = run.steps.at(-1);
  if (!last) return null;
  return {
    number: run.steps.length,
    title: last.step.title,
    explanation: last.step.explanation,
    spec: last.step.spec,
    state: 'done',
    met: last.met,
    exchanges: last.exchanges,
  };
}

/**
 * Back a step: the step a replay stops before (`untilStep`) so the run shown is one step earlier, and
 * the step the class then sees as just run (0: none, the lesson's start). null when there is no step before.
 */
export function backTarget(run: FlowRunState): { untilStep: number; shows: number } | null {
  const shown = lessonStep(run);
  if (!shown || shown.state === 'next') return null;
  // Done: run one step fewer. Under way: the steps done stay, the step under way is not started.
  const untilStep = shown.number;
  return { untilStep, shows: untilStep - 1 };
}

/** What the screen says before going back, in plain words. */
export function backWords(shows: number): string {
  return shows === 0 ? 'Going back replays the lesson on fresh data to its start' : `Going back replays the lesson on fresh data up to step ${shows}`;
}
