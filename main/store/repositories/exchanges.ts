import type { SignatureDiagnosis } from '../../domain/signing/verify';
import type { Db } from '../database';

type Headers = Record<string, string | string[]>;

/** When an exchange happened: wall time, the simulated clock's time, and how long the bank took. */
export interface ExchangeTiming {
  startedAt: Date;
  simulatedAt: Date;
  durationMs: number;
}

/** Whom and what an exchange concerns, as far as the bank could tell. */
export interface ExchangeParties {
  institution: string | null;
  tppId: string | null;
  /** The consent, payment or basket the exchange concerns, when it concerns one. */
  resourceId: string | null;
}

/** An exchange as the HTTP layer saw it, bodies whole. */
export interface NewExchange {
  timing: ExchangeTiming;
  parties: ExchangeParties;
  request: { method: string; url: string; headers: Headers; body: Buffer | null };
  response: { status: number; headers: Headers; body: Buffer | null };
  signature: SignatureDiagnosis | null;
}

/** A body as logged: cut to the log's limit, with the size that was received or sent. */
export interface LoggedBody {
  body: Buffer | null;
  bodySize: number;
}

/** A logged exchange as stored. */
export interface ExchangeRecord {
  id: number;
  timing: ExchangeTiming;
  parties: ExchangeParties;
  request: { method: string; url: string; headers: Headers } & LoggedBody;
  response: { status: number; headers: Headers } & LoggedBody;
  signature: SignatureDiagnosis | null;
}

interface ExchangeRow {
  id: number;
  started_at: number;
  simulated_at: number;
  duration_ms: number;
  method: string;
  url: string;
  institution: string | null;
  tpp_id: string | null;
  resource_id: string | null;
  request_headers: string;
  request_body: Buffer | null;
  request_body_size: number;
  status: number;
  response_headers: string;
  response_body: Buffer | null;
  response_body_size: number;
  signature: string | null;
}

/**
 * The traffic log: bounded in count and in stored body size; never the resources themselves.
 *
 * Written behind the requests it records: `insert` gives the exchange its id at once and queues it; `flush`
 * writes the queue in one transaction (one WAL commit per batch instead of one per request). Every read here
 * flushes first, so whoever reads the log sees every exchange already answered. What a crash (SIGKILL) can
 * lose is the queue: the exchanges of the last flush interval, at most MAX_PENDING (the owner's timer keeps
 * it shorter); never a resource, which each service commits in its own transaction before it answers.
 */
export class ExchangeRepository {
  /** The queue's bound: an insert beyond it flushes at once, so memory stays flat under any load. */
  static readonly MAX_PENDING = 500;

  private readonly insertStmt;
  private readonly listStmt;
  private readonly findStmt;
  private readonly listByResourceStmt;
  private readonly pruneStmt;
  private readonly clearStmt;
  private readonly writeBatch: (batch: readonly ExchangeRecord[]) => void;
  private pending: ExchangeRecord[] = [];
  private lastId: number;

  constructor(
    db: Db,
    private readonly maxBodyBytes: number,
  ) {
    this.insertStmt = db.prepare(`INSERT INTO exchanges (id, started_at, simulated_at, duration_ms, method, url, institution, tpp_id, resource_id,
      request_headers, request_body, request_body_size, status, response_headers, response_body, response_body_size, signature)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.listStmt = db.prepare<[number], ExchangeRow>('SELECT * FROM exchanges ORDER BY id DESC LIMIT ?');
    this.findStmt = db.prepare<[number], ExchangeRow>('SELECT * FROM exchanges WHERE id = ?');
    this.listByResourceStmt = db.prepare<[string, number], ExchangeRow>('SELECT * FROM exchanges WHERE resource_id = ? ORDER BY id DESC LIMIT ?');
    this.pruneStmt = db.prepare('DELETE FROM exchanges WHERE id <= (SELECT max(id) FROM exchanges) - ?');
    this.clearStmt = db.prepare('DELETE FROM exchanges');
    // AUTOINCREMENT's own counter: ids never go back, even after a clear.
    const seq = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'exchanges'").get();
    const max = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM exchanges').get();
    this.lastId = Math.max(seq?.seq ?? 0, max?.id ?? 0);
    this.writeBatch = db.transaction((batch: readonly ExchangeRecord[]) => {
      for (const e of batch) this.write(e);
    });
  }

  /** Queues the exchange and answers it as it will be stored (its id included). */
  insert(e: NewExchange): ExchangeRecord {
    const logged = (b: Buffer | null): LoggedBody => ({ body: b === null ? null : b.subarray(0, this.maxBodyBytes), bodySize: b?.length ?? 0 });
    const record: ExchangeRecord = {
      id: ++this.lastId,
      timing: e.timing,
      parties: e.parties,
      request: { ...e.request, ...logged(e.request.body) },
      response: { ...e.response, ...logged(e.response.body) },
      signature: e.signature,
    };
    this.pending.push(record);
    if (this.pending.length >= ExchangeRepository.MAX_PENDING) this.flush();
    return record;
  }

  /** How many exchanges wait to be written. */
  get pendingCount(): number {
    return this.pending.length;
  }

  /** Writes the queued exchanges in one transaction. */
  flush(): void {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.writeBatch(batch);
  }

  private write(e: ExchangeRecord): void {
    const { request, response } = e;
    this.insertStmt.run(
      e.id, e.timing.startedAt.getTime(), e.timing.simulatedAt.getTime(), e.timing.durationMs, request.method, request.url,
      e.parties.institution, e.parties.tppId, e.parties.resourceId,
      JSON.stringify(request.headers), request.body, request.bodySize,
      response.status, JSON.stringify(response.headers), response.body, response.bodySize,
      e.signature === null ? null : JSON.stringify(e.signature),
    );
  }

  /** Newest first; with `resourceId`, only the exchanges concerning that consent, payment or basket. */
  list(limit: number, resourceId?: string): ExchangeRecord[] {
    this.flush();
    const rows = resourceId === undefined ? this.listStmt.all(limit) : this.listByResourceStmt.all(resourceId, limit);
    return rows.map((r) => this.toRecord(r));
  }

  find(id: number): ExchangeRecord | undefined {
    const row = this.findStmt.get(id);
    return row && this.toRecord(row);
  }

  /** Keeps the newest `keep` exchanges. */
  prune(keep: number): void {
    this.flush();
    this.pruneStmt.run(keep);
  }

  clear(): void {
    this.pending = [];
    this.clearStmt.run();
  }

  private toRecord(r: ExchangeRow): ExchangeRecord {
    return {
      id: r.id,
      timing: { startedAt: new Date(r.started_at), simulatedAt: new Date(r.simulated_at), durationMs: r.duration_ms },
      parties: { institution: r.institution, tppId: r.tpp_id, resourceId: r.resource_id },
      request: { method: r.method, url: r.url, headers: JSON.parse(r.request_headers) as Headers, body: r.request_body, bodySize: r.request_body_size },
      response: { status: r.status, headers: JSON.parse(r.response_headers) as Headers, body: r.response_body, bodySize: r.response_body_size },
      signature: r.signature === null ? null : (JSON.parse(r.signature) as SignatureDiagnosis),
    };
  }
}
