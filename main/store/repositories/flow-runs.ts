import type { Db } from '../database';

/** A kept run as stored: the whole run and its list summary, both JSON the service writes and reads. */
export interface StoredRun {
  runId: string;
  summary: string;
  record: string;
}

/** The Flows screen's runs, newest first by the order they were first kept. */
export class FlowRunRepository {
  private readonly upsertStmt;
  private readonly getStmt;
  private readonly summariesStmt;
  private readonly deleteStmt;
  private readonly pruneStmt;
  private readonly clearStmt;

  constructor(db: Db) {
    this.upsertStmt = db.prepare(
      'INSERT INTO flow_runs (run_id, summary, record) VALUES (?, ?, ?) ON CONFLICT (run_id) DO UPDATE SET summary = excluded.summary, record = excluded.record',
    );
    this.getStmt = db.prepare<[string], string>('SELECT record FROM flow_runs WHERE run_id = ?').pluck();
    this.summariesStmt = db.prepare<[number], string>('SELECT summary FROM flow_runs ORDER BY seq DESC LIMIT ?').pluck();
    this.deleteStmt = db.prepare('DELETE FROM flow_runs WHERE run_id = ?');
    this.pruneStmt = db.prepare('DELETE FROM flow_runs WHERE seq <= (SELECT seq FROM flow_runs ORDER BY seq DESC LIMIT 1 OFFSET ?)');
    this.clearStmt = db.prepare('DELETE FROM flow_runs');
  }

  save(run: StoredRun): void {
    this.upsertStmt.run(run.runId, run.summary, run.record);
  }

  record(runId: string): string | undefined {
    return this.getStmt.get(runId);
  }

  summaries(limit: number): string[] {
    return this.summariesStmt.all(limit);
  }

  delete(runId: string): boolean {
    return this.deleteStmt.run(runId).changes === 1;
  }

  clear(): void {
    this.clearStmt.run();
  }

  /** Keeps the newest `keep` runs. */
  prune(keep: number): void {
    this.pruneStmt.run(keep);
  }
}
