// The run open on the Flows screen: the flow picked and its setup before the start, then the
// run as the host reports it, the pending request as the user edits it, and every command on it.
// `flow-run` events of this run (and PSU decisions it waits for) refresh it, one fetch at a time.
import { create } from 'zustand';
import { workbench } from '../api';
import type { FlowRunState, FlowSummary, FreeStep, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { coalesced } from './coalesce';
import { errorText } from './host-events';
import { draftOf, editToSend, type RequestDraft } from './request-draft';
import { useFlows } from './flows';
import { psuDecidesFor, rememberPsuDecides } from './psu-decides';

export type Until = 'request' | 'step' | 'end';

export interface RunSetup {
  institution: string;
  /** psuId by role, where the user chose one; the host picks the others. */
  psus: Record<string, string>;
  /** The flow's parameter values the user chose; the defaults for the others. */
  params: Record<string, string>;
  autoApprove: boolean;
}

interface FlowRunStore {
  /** The flow picked in the library, before or during its run. */
  picked: FlowSummary | null;
  setup: RunSetup;
  run: FlowRunState | null;
  draft: RequestDraft | null;
  /** Which pending request the draft was made from. */
  draftKey: string | null;
  /** The command in flight, for the buttons and the progress line. */
  busy: 'start' | 'prepare' | Until | 'free' | 'open' | 'replay' | 'import' | null;
  error: string | null;
  /** What an export saved, named. */
  notice: string | null;
  /** How far the replay under way has come, from its run's saves (the host answers the replay once it has ended). */
  replayProgress: { step: number; of: number } | null;
  /**
   * Where "Run step" or "Run to end" stopped for a PSU's decision: once the PSU has decided
   * (on the phone, or automatically) the run goes on to the same goal.
   */
  resume: Until | null;
  /** The run pane shows the flow's steps or the composer of free requests. */
  tab: 'run' | 'compose';
  setTab(tab: 'run' | 'compose'): void;
  pick(flow: FlowSummary | null): void;
  setInstitution(institution: string): Promise<void>;
  setPsu(role: string, psuId: string): Promise<void>;
  setParam(name: string, value: string): Promise<void>;
  setAutoApprove(on: boolean): Promise<void>;
  start(): Promise<void>;
  prepare(): Promise<void>;
  /** Sends the pending request (as edited) and goes on until `until`, preparing the step first when none is pending. */
  send(until: Until): Promise<void>;
  editDraft(patch: Partial<RequestDraft>): void;
  resetDraft(): void;
  /** Adds a free step to the open run, or to a run of its own when none is open, and prepares it. */
  compose(step: FreeStep): Promise<void>;
  open(runId: string): Promise<void>;
  /** A new run on the current data: to the end, or with `untilStep` live and ready before that step (back a step). */
  replay(runId: string, untilStep?: number): Promise<void>;
  importRun(file: string): Promise<void>;
  deleteRun(runId: string): Promise<void>;
  close(): void;
  setNotice(notice: string | null): void;
  refresh(): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
}

/** Identifies the request waiting to be sent, so an edit survives refreshes of the same state. */
export function pendingKey(run: FlowRunState | null): string | null {
  if (run?.pending?.kind !== 'request') return null;
  const { method, url } = run.pending.request;
  return `${run.runId}:${run.steps.length}:${run.current.length}:${method} ${url}`;
}

/** Nothing has been sent yet: the institution and the PSUs can still change (by starting again). */
export function untouched(run: FlowRunState): boolean {
  return run.steps.length === 0 && run.current.length === 0;
}

/** Kept for reading: imported, or finished. */
export function readOnly(run: FlowRunState): boolean {
  return run.imported || run.phase === 'finished';
}

/** The step being run or next, 1-based, of how many the run has in all. */
export function runProgress(run: FlowRunState): { step: number; of: number } {
  const done = run.steps.length;
  const flowSteps = run.flow.steps.length;
  const freeDone = run.steps.filter((s) => !s.fromFlow).length;
  const of = Math.max(flowSteps + freeDone, done + (run.nextStep ? 1 : 0));
  return { step: Math.min(of, done + (run.phase === 'finished' ? 0 : 1)), of };
}

const defaultSetup = (flow: FlowSummary | null): RunSetup => ({
  institution: flow?.institutions[0] ?? '',
  psus: {},
  params: {},
  autoApprove: flow === null || !psuDecidesFor(flow),
});

// A command's answer is newer than any refresh started before it arrived.
let answers = 0;

export const useFlowRun = create<FlowRunStore>()((set, get) => {
  /** Shows a run as the host answered; the draft follows its pending request. */
  const show = (run: FlowRunState | null): void => {
    const key = pendingKey(run);
    const draft = key === get().draftKey ? get().draft : run?.pending?.kind === 'request' ? draftOf(run.pending.request) : null;
    set({ run, draft, draftKey: key });
    const { resume, busy } = get();
    if (!run || !resume || busy !== null || run.pending?.kind === 'psu' || run.phase === 'running') return;
    set({ resume: null });
    // A finished run, or a finished step when the goal was the step, has nothing left to go on to.
    const goOn = run.phase !== 'finished' && !(resume === 'step' && run.phase === 'ready');
    if (goOn) queueMicrotask(() => void get().send(resume));
  };

  const command = async (busy: NonNullable<FlowRunStore['busy']>, work: () => Promise<FlowRunState | null | undefined>): Promise<void> => {
    set({ busy, error: null, notice: null });
    try {
      const run = await work();
      answers++;
      if (run !== undefined) show(run);
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set({ busy: null });
      void useFlows.getState().refreshRuns();
    }
  };

  /** The replay under way, step by step as the host saves it (one read at a time, the newest save last). */
  let replaySeen = { replayId: '', sourceId: '' };
  const readReplay = coalesced(async () => {
    const { replayId, sourceId } = replaySeen;
    const replay = await workbench.getRun(replayId).catch(() => null);
    if (replay?.replayOf === sourceId && get().busy === 'replay') set({ replayProgress: runProgress(replay) });
  });
  const followReplay = (replayId: string, sourceId: string): Promise<void> => {
    replaySeen = { replayId, sourceId };
    return readReplay();
  };

  /** A run's first step prepared, so its request shows at once. */
  const startRun = async (): Promise<FlowRunState> => {
    const { picked, setup } = get();
    const run = await workbench.startRun({
      flow: picked?.name ?? null,
      institution: setup.institution || undefined,
      psus: setup.psus,
      params: setup.params,
      autoApprove: setup.autoApprove,
    });
    return workbench.prepareStep(run.runId);
  };

  /** Before anything was sent, a change of institution or PSU starts the run again with it. */
  const restartIfUntouched = async (): Promise<void> => {
    const { run } = get();
    if (!run || !untouched(run) || run.imported) return;
    await command('start', async () => {
      const next = await startRun();
      await workbench.deleteRun(run.runId).catch(() => undefined);
      return next;
    });
  };

  return {
    picked: null,
    setup: defaultSetup(null),
    run: null,
    draft: null,
    draftKey: null,
    busy: null,
    error: null,
    notice: null,
    replayProgress: null,
    tab: 'run',
    resume: null,

    setTab: (tab) => set({ tab }),

    pick(flow) {
      set({ picked: flow, setup: defaultSetup(flow), error: null, notice: null, tab: 'run', resume: null });
      show(null);
    },

    async setInstitution(institution) {
      set((s) => ({ setup: { ...s.setup, institution, psus: {} } }));
      await restartIfUntouched();
    },

    async setPsu(role, psuId) {
      set((s) => ({ setup: { ...s.setup, psus: { ...s.setup.psus, [role]: psuId } } }));
      await restartIfUntouched();
    },

    async setParam(name, value) {
      set((s) => ({ setup: { ...s.setup, params: { ...s.setup.params, [name]: value } } }));
      await restartIfUntouched();
    },

    async setAutoApprove(on) {
      set((s) => ({ setup: { ...s.setup, autoApprove: on } }));
      const { run, picked } = get();
      const flowName = run?.flow.name ?? picked?.name;
      if (flowName && !run?.imported) rememberPsuDecides(flowName, !on);
      if (!run || readOnly(run)) return;
      // Not a command of its own: it may be turned on while a run waits for a PSU, or runs.
      try {
        const next = await workbench.setAutoApprove(run.runId, on);
        answers++;
        show(next);
      } catch (err) {
        set({ error: errorText(err) });
      }
    },

    start: () => command('start', startRun),

    prepare() {
      const run = get().run;
      return run ? command('prepare', () => workbench.prepareStep(run.runId)) : Promise.resolve();
    },

    send(until) {
      const run = get().run;
      if (!run) return Promise.resolve();
      return command(until, async () => {
        let current = run;
        if (current.pending === null && current.phase === 'ready') {
          current = await workbench.prepareStep(current.runId);
          show(current);
          if (until === 'request') return current;
        }
        if (current.pending?.kind !== 'request') {
          set({ resume: current.pending?.kind === 'psu' ? until : null });
          return current;
        }
        const { draft } = get();
        const edit = draft ? editToSend(current.pending.request, draft) : null;
        const next = await workbench.sendStep(current.runId, edit, until);
        set({ resume: next.pending?.kind === 'psu' && until !== 'request' ? until : null });
        return next;
      });
    },

    editDraft(patch) {
      const draft = get().draft;
      if (draft) set({ draft: { ...draft, ...patch } });
    },

    resetDraft() {
      const run = get().run;
      if (run?.pending?.kind === 'request') set({ draft: draftOf(run.pending.request) });
    },

    compose(step) {
      return command('free', async () => {
        let run = get().run;
        if (!run || readOnly(run)) {
          run = await workbench.startRun({ flow: null, institution: get().setup.institution || undefined, autoApprove: true });
          set({ picked: null });
        }
        await workbench.addFreeStep(run.runId, step);
        return workbench.prepareStep(run.runId);
      });
    },

    open(runId) {
      return command('open', async () => {
        const run = await workbench.getRun(runId);
        set({ resume: null, picked: run.flow, setup: { institution: run.institution, psus: run.psus, params: run.params, autoApprove: run.autoApprove } });
        return run;
      });
    },

    replay(runId, untilStep) {
      return command('replay', async () => {
        set({ replayProgress: null, resume: null });
        try {
          const run = await workbench.replayRun(runId, untilStep === undefined ? undefined : { untilStep });
          set({ picked: run.flow });
          return run;
        } finally {
          set({ replayProgress: null });
        }
      });
    },

    importRun(file) {
      return command('import', async () => {
        const run = await workbench.importRun(file);
        set({ picked: run.flow });
        return run;
      });
    },

    deleteRun(runId) {
      return command('open', async () => {
        await workbench.deleteRun(runId);
        return get().run?.runId === runId ? null : undefined;
      });
    },

    close() {
      set({ resume: null });
      show(null);
    },

    setNotice(notice) {
      set({ notice });
    },

    refresh: coalesced(async () => {
      const runId = get().run?.runId;
      if (!runId) return;
      const answersBefore = answers;
      try {
        const run = await workbench.getRun(runId);
        if (answers === answersBefore && get().run?.runId === runId) show(run);
      } catch (err) {
        set({ error: errorText(err) });
      }
    }),

    onEvents(events) {
      const run = get().run;
      if (!run) return;
      if (get().busy === 'replay') {
        const replaying = events.find((e) => e.type === 'flow-run' && e.runId !== run.runId);
        if (replaying?.type === 'flow-run') void followReplay(replaying.runId, run.runId);
      }
      const concerns = events.some((e) => (e.type === 'flow-run' && e.runId === run.runId) || (e.type === 'sca' && run.pending?.kind === 'psu'));
      if (concerns) void get().refresh();
    },
  };
});
