// The presentation view: the open run shown as a lesson. On or off, the HTTP details shown or not,
// and its two moves, each the Flows screen's own action: the next step, and back a step (a replay
// on fresh data up to the step before, since a bank cannot undo what it did).
import { create } from 'zustand';
import { waitingWords, type PsuName } from '../widgets/plain-words';
import { useFlowRun } from './flow-run';
import { backTarget, backWords } from './lesson-step';

interface PresentState {
  on: boolean;
  /** Headers and bodies of the step shown: hidden until asked for. */
  showHttp: boolean;
  /** What the last "back" did, in words, until the next move. */
  backNote: string | null;
  setOn(on: boolean): void;
  toggle(): void;
  setShowHttp(show: boolean): void;
  /** Runs the next step (its requests and, approving or waiting for the PSU, its decisions). */
  next(): Promise<void>;
  back(): Promise<void>;
}

/** What the screen says once the lesson has ended; docs/teaching.md quotes it word for word. */
export function lessonEnding(met: boolean | null): string {
  if (met === false) return 'The lesson stopped at a step that did not go as expected';
  return 'The lesson is over: every step went as expected';
}

/** Why the next step cannot be run now, or null when it can; whom it waits for by name (`name`). */
export function nextBlocked(flowRun: Pick<ReturnType<typeof useFlowRun.getState>, 'run' | 'busy'>, name: PsuName = (psuId) => psuId): string | null {
  const { run, busy } = flowRun;
  if (!run) return 'Open a run on the Flows screen first';
  if (busy !== null || run.phase === 'running') return 'The step is still running';
  if (run.imported) return 'An imported run is kept for reading: go back a step to replay it live';
  if (run.phase === 'finished' || !run.nextStep) return lessonEnding(run.met);
  if (run.pending?.kind === 'psu') return waitingWords(run.pending, name);
  return null;
}

export const usePresent = create<PresentState>()((set, get) => ({
  on: false,
  showHttp: false,
  backNote: null,
  setOn: (on) => set({ on, showHttp: false, backNote: null }),
  toggle: () => get().setOn(!get().on),
  setShowHttp: (showHttp) => set({ showHttp }),

  async next() {
    const flowRun = useFlowRun.getState();
    if (nextBlocked(flowRun) !== null) return;
    set({ backNote: null, showHttp: false });
    await flowRun.send('step');
  },

  async back() {
    const flowRun = useFlowRun.getState();
    const run = flowRun.run;
    const target = run && backTarget(run);
    if (!run || !target || flowRun.busy !== null) return;
    set({ backNote: `${backWords(target.shows)}…`, showHttp: false });
    await flowRun.replay(run.runId, target.untilStep);
    const failed = useFlowRun.getState().error !== null;
    set({ backNote: failed ? null : `${backWords(target.shows)}: this is the replayed run, live.` });
  },
}));
