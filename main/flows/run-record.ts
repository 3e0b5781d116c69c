import type { SignatureDiagnosis } from '../domain/signing/verify';
import type { Actor } from './library/actors';
import type { FlowFile, FlowStep } from './library/format';

/**
 * A flow run as it is kept (the data folder's SQLite, an exported file) and shown: plain JSON, so
 * it survives a restart and opens on another machine. main/http/contract.ts maps it to the
 * contract's FlowRunState.
 */

export type RunPhase = 'ready' | 'waiting' | 'running' | 'finished';

export interface RunExchange {
  /** 1-based within the run. */
  seq: number;
  actor: Actor;
  method: string;
  url: string;
  /** Where a PSU's browser sent it, when not to the bank's origin (the PSU pages under --tls). */
  origin?: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
  durationMs: number;
  /** Simulated time, ISO-8601. */
  at: string;
  exchangeId: number | null;
  signature: SignatureDiagnosis | null;
  failed: boolean;
}

export interface BankChange {
  kind: 'consent' | 'payment' | 'basket' | 'journey';
  id: string;
  before: string | null;
  after: string;
}

export interface RunStep {
  number: number;
  step: FlowStep;
  fromFlow: boolean;
  exchanges: RunExchange[];
  status: number | null;
  met: boolean;
  /** In words, values once-quoted as JSON writes them (expectations.ts UnmetExpectation). */
  unmet: { path: string; expected: string; actual: string }[];
  error: string | null;
  changes: BankChange[];
  startedAt: string;
  finishedAt: string;
}

/** A request at the gate, as the user sees and may edit it. */
export interface GatedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  operation: string;
  signed: boolean;
  signedHeaders: string[] | null;
  signingString: string | null;
  faults: string[];
}

/** `either`: the PSU may approve or reject, both expected; `expected` is what approving automatically does. */
export type RunPending = { kind: 'request'; request: GatedRequest } | { kind: 'psu'; journeyId: string; psuId: string; role: string; expected: 'approve' | 'reject'; either?: boolean };

/** A free step as the composer gave it, kept so a replay adds it again. */
export interface FreeStepInput {
  operation: string;
  params: Record<string, unknown>;
  title?: string;
}

export interface FlowRunRecord {
  runId: string;
  /** The flow file as run (embedded, so an exported run opens elsewhere); a free run's has no steps. */
  flow: FlowFile;
  /** A run of free steps only (no library flow). */
  free: boolean;
  institution: string;
  psus: Record<string, string>;
  /** The value of each of the flow's parameters the run uses; a replay uses them again. */
  params: Record<string, string>;
  autoApprove: boolean;
  /** The run holds the simulated clock still while it is unfinished (absent in runs kept before it could). */
  pauseClock?: boolean;
  phase: RunPhase;
  steps: RunStep[];
  nextStep: FlowStep | null;
  current: RunExchange[];
  pending: RunPending | null;
  met: boolean | null;
  startedAt: string;
  finishedAt: string | null;
  replayOf: string | null;
  imported: boolean;
  freeSteps: FreeStepInput[];
}

/** What the runs list shows of a run, kept beside it so listing reads no whole run. */
export interface FlowRunSummary {
  runId: string;
  flowName: string;
  flowTitle: string;
  institution: string;
  startedAt: string;
  finishedAt: string | null;
  met: boolean | null;
  stepCount: number;
  statuses: (number | null)[];
  replayOf: string | null;
  imported: boolean;
}

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
