import type { SignatureDiagnosis } from '../domain/signing/verify';
import type { Actor } from './library/actors';
import type { FlowFile, FlowStep } from './library/format';

import type { Static } from 'typebox';
import type * as S from '../../shared/control-api';

/**
 * A flow run as it is kept (the data folder's SQLite, an exported file) and shown: plain JSON, so
 * it survives a restart and opens on another machine. It is the contract's FlowRunState
 * (shared/control-api/flows.ts) but for what only the engine holds: the whole flow file and its
 * steps, the domain's signature diagnosis, the free steps to add again on replay.
 * main/http/contract.ts maps it to the contract.
 */

export type RunPhase = Static<typeof S.FlowRunPhase>;

export type RunExchange = Omit<Static<typeof S.FlowExchange>, 'actor' | 'signature'> & { actor: Actor; signature: SignatureDiagnosis | null };

export type BankChange = Static<typeof S.BankChange>;

export type RunStep = Omit<Static<typeof S.FlowStepRun>, 'step' | 'exchanges'> & { step: FlowStep; exchanges: RunExchange[] };

/** A request at the gate, as the user sees and may edit it. */
export type GatedRequest = Static<typeof S.FlowRequest>;

/** `either`: the PSU may approve or reject, both expected; `expected` is what approving automatically does. */
export type RunPending = Static<typeof S.FlowPending>;

/** A free step as the composer gave it, kept so a replay adds it again. */
export type FreeStepInput = Static<typeof S.FreeStep>;

export type FlowRunRecord = Omit<Static<typeof S.FlowRunState>, 'flow' | 'steps' | 'nextStep' | 'current' | 'pauseClock'> & {
  /** The flow file as run (embedded, so an exported run opens elsewhere); a free run's has no steps. */
  flow: FlowFile;
  /** A run of free steps only (no library flow). */
  free: boolean;
  /** The run holds the simulated clock still while it is unfinished (absent in runs kept before it could). */
  pauseClock?: boolean;
  steps: RunStep[];
  nextStep: FlowStep | null;
  current: RunExchange[];
  freeSteps: FreeStepInput[];
};

/** What a run starts from: the flow, where, for whom and with which choices. */
export interface RunStart {
  flow: FlowFile;
  free: boolean;
  institution?: string | undefined;
  psus?: Record<string, string> | undefined;
  params?: Record<string, string> | undefined;
  autoApprove: boolean;
  pauseClock: boolean;
  replayOf?: string | undefined;
}

/** A run about to start: ready, no step made; LiveRun.start settles its PSUs and parameters. */
export function newRunRecord(start: RunStart, runId: string, startedAt: string): FlowRunRecord {
  return {
    runId,
    flow: start.flow,
    free: start.free,
    institution: start.institution ?? (start.flow.institutions[0] as string),
    psus: start.psus ?? {},
    params: start.params ?? {},
    autoApprove: start.autoApprove,
    pauseClock: start.pauseClock,
    phase: 'ready',
    steps: [],
    nextStep: null,
    current: [],
    pending: null,
    met: null,
    startedAt,
    finishedAt: null,
    replayOf: start.replayOf ?? null,
    imported: false,
    freeSteps: [],
  };
}

/** What the runs list shows of a run, kept beside it so listing reads no whole run. */
export type FlowRunSummary = Static<typeof S.FlowRunListItem>;

export function summaryOf(run: FlowRunRecord): FlowRunSummary {
  return {
    runId: run.runId,
    flowName: run.flow.name,
    flowTitle: run.flow.title,
    institution: run.institution,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    met: run.met,
    stepCount: run.steps.length,
    statuses: run.steps.map((s) => s.status),
    replayOf: run.replayOf,
    imported: run.imported,
  };
}

/** Where runs are kept: a service over the store implements it (main/services/flow-runs.ts). */
export interface RunArchive {
  /** Keeps the run as it stands now and tells the hosts (one state change). */
  save(run: FlowRunRecord): void;
  get(runId: string): FlowRunRecord | undefined;
  /** Newest first. */
  list(): FlowRunSummary[];
  delete(runId: string): boolean;
}
