// The presentation view's step: the one under way, else the one just run (its words stay beside its
// arrows), else the first; and where back a step goes (the replay's untilStep) and what it says.
import { describe, expect, it } from 'vitest';
import type { FlowRunState, FlowStepRun, FlowStepSummary } from '../../preload/api/workbench-api';
import { backTarget, backWords, lessonStep } from '../../renderer/src/state/lesson-step';

const summary = (n: number): FlowStepSummary => ({ id: `s${n}`, title: `Step ${n}`, explanation: `What step ${n} does`, spec: '' }) as FlowStepSummary;
const done = (n: number, met = true): FlowStepRun => ({
  number: n,
  step: summary(n),
  fromFlow: true,
  exchanges: [],
  status: 200,
  met,
  unmet: [],
  error: null,
  changes: [],
  startedAt: '',
  finishedAt: '',
});

function run(doneCount: number, patch: Partial<FlowRunState> = {}): FlowRunState {
  return {
    runId: 'r',
    flow: { steps: [1, 2, 3, 4].map(summary) } as FlowRunState['flow'],
    institution: 'frankfurt',
    psus: {},
    params: {},
    autoApprove: false,
    pauseClock: true,
    phase: doneCount === 4 ? 'finished' : 'ready',
    steps: Array.from({ length: doneCount }, (_, i) => done(i + 1)),
    nextStep: doneCount === 4 ? null : summary(doneCount + 1),
    current: [],
    pending: null,
    met: null,
    startedAt: '',
    finishedAt: null,
    replayOf: null,
    imported: false,
    ...patch,
  };
}

const psuWaits = { kind: 'psu', journeyId: 'j', psuId: 'P', role: 'psu', expected: 'approve' } as const;

describe('the step the lesson shows', () => {
  it('is the first, coming, before anything ran; and there is no going back', () => {
    expect(lessonStep(run(0))).toMatchObject({ number: 1, title: 'Step 1', state: 'next', met: null });
    expect(backTarget(run(0))).toBeNull();
  });

  it('is the step just run while the run rests, with whether it met its expectation', () => {
    expect(lessonStep(run(2))).toMatchObject({ number: 2, title: 'Step 2', state: 'done', met: true });
    expect(lessonStep(run(4))).toMatchObject({ number: 4, state: 'done' });
  });

  it('is the step under way while it runs or waits for a request or the PSU', () => {
    expect(lessonStep(run(2, { phase: 'waiting', pending: psuWaits }))).toMatchObject({ number: 3, title: 'Step 3', state: 'underWay' });
    expect(lessonStep(run(2, { phase: 'running' }))).toMatchObject({ number: 3, state: 'underWay' });
    expect(lessonStep(run(0, { phase: 'running' }))).toMatchObject({ number: 1, state: 'underWay' });
  });

  it('goes back from a step just run to the one before it', () => {
    expect(backTarget(run(3))).toEqual({ untilStep: 3, shows: 2 });
    expect(backTarget(run(4))).toEqual({ untilStep: 4, shows: 3 });
    expect(backTarget(run(1))).toEqual({ untilStep: 1, shows: 0 });
  });

  it('goes back from a step under way to the one just run before it', () => {
    expect(backTarget(run(2, { phase: 'waiting', pending: psuWaits }))).toEqual({ untilStep: 3, shows: 2 });
  });

  it('says what going back does in plain words', () => {
    expect(backWords(4)).toBe('Going back replays the lesson on fresh data up to step 4');
    expect(backWords(0)).toBe('Going back replays the lesson on fresh data to its start');
  });
});
