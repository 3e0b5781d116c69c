import type { SignatureDiagnosis } from '../../domain/signing/verify';
import type { Db } from '../database';

/** A logged exchange as stored: bodies cut to the log's limit, with the sizes that were received and sent. */
export interface ExchangeRecord {
  id: number;
  startedAt: Date;
  simulatedAt: Date;
  durationMs: number;
  method: string;
  url: string;
  institution: string | null;
  tppId: string | null;
  /** The consent, payment or basket the exchange concerns, when it concerns one. */
  resourceId: string | null;
  request: StoredMessage;
  response: StoredMessage & { status: number };
  signature: SignatureDiagnosis | null;
}

export interface StoredMessage {
  headers: Record<string, string | string[]>;
  body: Buffer | null;
  bodySize: number;
}

export interface NewExchange {
  startedAt: Date;
  simulatedAt: Date;
  durationMs: number;
  method: string;
  url: string;
  institution: string | null;
  tppId: string | null;
  resourceId: string | null;
  requestHeaders: Record<string, string | string[]>;
  requestBody: Buffer | null;
  status: number;
  responseHeaders: Record<string, string | string[]>;
  responseBody: Buffer | null;
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

/** The traffic log: bounded in count and in stored body size; never the resources themselves. */
export class ExchangeRepository {
  private readonly insertStmt;
  private readonly listStmt;
  private readonly listByResourceStmt;
  private readonly pruneStmt;
  private readonly clearStmt;

  constructor(
    db: Db,
    private readonly maxBodyBytes: number,
  ) {
    this.insertStmt = db.prepare(`INSERT INTO exchanges (started_at, simulated_at, duration_ms, method, url, institution, tpp_id, resource_id,
      request_headers, request_body, request_body_size, status, response_headers, response_body, response_body_size, signature)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.listStmt = db.prepare<[number], ExchangeRow>('SELECT * FROM exchanges ORDER BY id DESC LIMIT ?');
    this.listByResourceStmt = db.prepare<[string, number], ExchangeRow>('SELECT * FROM exchanges WHERE resource_id = ? ORDER BY id DESC LIMIT ?');
    this.pruneStmt = db.prepare('DELETE FROM exchanges WHERE id <= (SELECT max(id) FROM exchanges) - ?');
    this.clearStmt = db.prepare('DELETE FROM exchanges');
  }

  insert(e: NewExchange): ExchangeRecord {
    const cap = (b: Buffer | null): Buffer | null => (b === null ? null : b.subarray(0, this.maxBodyBytes));
    const requestBody = cap(e.requestBody);
    const responseBody = cap(e.responseBody);
    const info = this.insertStmt.run(
      e.startedAt.getTime(), e.simulatedAt.getTime(), e.durationMs, e.method, e.url, e.institution, e.tppId, e.resourceId,
      JSON.stringify(e.requestHeaders), requestBody, e.requestBody?.length ?? 0,
      e.status, JSON.stringify(e.responseHeaders), responseBody, e.responseBody?.length ?? 0,
      e.signature === null ? null : JSON.stringify(e.signature),
    );
    return {
      id: Number(info.lastInsertRowid),
      startedAt: e.startedAt,
      simulatedAt: e.simulatedAt,
      durationMs: e.durationMs,
      method: e.method,
      url: e.url,
      institution: e.institution,
      tppId: e.tppId,
      resourceId: e.resourceId,
      request: { headers: e.requestHeaders, body: requestBody, bodySize: e.requestBody?.length ?? 0 },
      response: { status: e.status, headers: e.responseHeaders, body: responseBody, bodySize: e.responseBody?.length ?? 0 },
      signature: e.signature,
    };
  }

  /** Newest first; with `resourceId`, only the exchanges concerning that consent, payment or basket. */
  list(limit: number, resourceId?: string): ExchangeRecord[] {
    const rows = resourceId === undefined ? this.listStmt.all(limit) : this.listByResourceStmt.all(resourceId, limit);
    return rows.map((r) => this.toRecord(r));
  }

  /** Keeps the newest `keep` exchanges. */
  prune(keep: number): void {
    this.pruneStmt.run(keep);
  }

  clear(): void {
    this.clearStmt.run();
  }

  private toRecord(r: ExchangeRow): ExchangeRecord {
    return {
      id: r.id,
      startedAt: new Date(r.started_at),
      simulatedAt: new Date(r.simulated_at),
      durationMs: r.duration_ms,
      method: r.method,
      url: r.url,
      institution: r.institution,
      tppId: r.tpp_id,
      resourceId: r.resource_id,
      request: { headers: JSON.parse(r.request_headers) as StoredMessage['headers'], body: r.request_body, bodySize: r.request_body_size },
      response: { status: r.status, headers: JSON.parse(r.response_headers) as StoredMessage['headers'], body: r.response_body, bodySize: r.response_body_size },
      signature: r.signature === null ? null : (JSON.parse(r.signature) as SignatureDiagnosis),
    };
  }
}
