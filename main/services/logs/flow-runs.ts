import type { FlowRunRecord, FlowRunSummary, RunArchive } from '../../flows/run-record';
import { summaryOf } from '../../flows/run-record';
import type { FlowRunRepository } from '../../store/repositories/flow-runs';
import type { BankContext } from '../context';

/** The newest runs kept; older ones go as new ones come (docs/architecture.md#traffic-log: bounded like the traffic log). */
export const MAX_KEPT_RUNS = 500;

/**
 * The flow runs kept in the data folder: each save is one transaction, and the hosts hear of it
 * (a `flow-run` event) once it has committed.
 */
export class FlowRunArchive implements RunArchive {
  constructor(
    private readonly ctx: BankContext,
    private readonly runs: FlowRunRepository,
  ) {}

  save(run: FlowRunRecord): void {
    this.ctx.transact(() => {
      this.runs.save({ runId: run.runId, summary: JSON.stringify(summaryOf(run)), record: JSON.stringify(run) });
      this.runs.prune(MAX_KEPT_RUNS);
      this.ctx.events.emitEvent({ type: 'flow-run', runId: run.runId, phase: run.phase });
    });
  }

  get(runId: string): FlowRunRecord | undefined {
    const record = this.runs.record(runId);
    return record === undefined ? undefined : (JSON.parse(record) as FlowRunRecord);
  }

  list(): FlowRunSummary[] {
    return this.runs.summaries(MAX_KEPT_RUNS).map((summary) => JSON.parse(summary) as FlowRunSummary);
  }

  delete(runId: string): boolean {
    return this.ctx.transact(() => this.runs.delete(runId));
  }
}
