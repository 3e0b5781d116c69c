import { randomUUID } from 'node:crypto';
import { BankControl } from '../../tpp/control';
import type { BankTransport } from '../../tpp/transport';
import type { FlowFile } from '../library/format';
import { newRunRecord, type FlowRunRecord, type FlowRunSummary, type RunArchive } from '../run-record';
import { LiveRun } from './live-run';
import type { FlowRun, FlowRunOptions } from './runner';

/** One run's keeping while it runs: nothing outlives the command. */
class OneRunArchive implements RunArchive {
  private kept: FlowRunRecord | undefined;
  save(run: FlowRunRecord): void {
    this.kept = run;
  }
  get(runId: string): FlowRunRecord | undefined {
    return this.kept?.runId === runId ? this.kept : undefined;
  }
  list(): FlowRunSummary[] {
    return [];
  }
  delete(): boolean {
    return false;
  }
}

/**
 * A flow run straight through as the app records a run: the bank's changes per step, each exchange
 * with the bank's log entry and signature diagnosis. That costs a few reads of the control API per
 * step, so the command line pays it only when asked for the record (`flow --json`).
 */
export async function runRecorded(flow: FlowFile, options: FlowRunOptions): Promise<{ run: FlowRun; record: FlowRunRecord }> {
  const bank: BankTransport = { origin: options.origin, tls: options.tls ?? null, controlToken: options.controlToken };
  const startedAt = (await new BankControl(bank).now()).toISOString();
  const record = newRunRecord(
    { flow, free: false, institution: options.institution, psus: options.psuIds, params: options.params, autoApprove: true, pauseClock: false },
    randomUUID(),
    startedAt,
  );
  const live = await LiveRun.start(record, bank, options.credentials, new OneRunArchive(), options.onStep);
  options.onStart?.({ flow, institution: record.institution, psus: record.psus, params: record.params });
  await live.runToEnd();
  return { run: live.outcome, record };
}
