import type { Db } from '../database';

export interface ExchangeRecord {
  id: number;
  startedAt: string;
  simulatedAt: string;
  durationMs: number;
  method: string;
  url: string;
  institution: string | null;
  tppId: string | null;
  /** The consent, payment or basket the exchange concerns, when it concerns one. */
  resourceId: string | null;
  request: { headers: Record<string, string | string[]>; body: string | null; bodySize: number; truncated: boolean };
  response: { status: number; headers: Record<string, string | string[]>; body: string | null; bodySize: number; truncated: boolean };
  signature: unknown;
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
  signature: unknown;
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

const bodyText = (b: Buffer | null): string | null => (b === null ? null : b.toString('utf8'));

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
    const info = this.insertStmt.run(
      e.startedAt.getTime(), e.simulatedAt.getTime(), e.durationMs, e.method, e.url, e.institution, e.tppId, e.resourceId,
      JSON.stringify(e.requestHeaders), cap(e.requestBody), e.requestBody?.length ?? 0,
      e.status, JSON.stringify(e.responseHeaders), cap(e.responseBody), e.responseBody?.length ?? 0,
      e.signature === undefined || e.signature === null ? null : JSON.stringify(e.signature),
    );
    return this.toRecord({
      id: Number(info.lastInsertRowid),
      started_at: e.startedAt.getTime(),
      simulated_at: e.simulatedAt.getTime(),
      duration_ms: e.durationMs,
      method: e.method,
      url: e.url,
      institution: e.institution,
      tpp_id: e.tppId,
      resource_id: e.resourceId,
      request_headers: JSON.stringify(e.requestHeaders),
      request_body: cap(e.requestBody),
      request_body_size: e.requestBody?.length ?? 0,
      status: e.status,
      response_headers: JSON.stringify(e.responseHeaders),
      response_body: cap(e.responseBody),
      response_body_size: e.responseBody?.length ?? 0,
      signature: e.signature === undefined || e.signature === null ? null : JSON.stringify(e.signature),
    });
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
      startedAt: new Date(r.started_at).toISOString(),
      simulatedAt: new Date(r.simulated_at).toISOString(),
      durationMs: r.duration_ms,
      method: r.method,
      url: r.url,
      institution: r.institution,
      tppId: r.tpp_id,
      resourceId: r.resource_id,
      request: {
        headers: JSON.parse(r.request_headers) as Record<string, string | string[]>,
        body: bodyText(r.request_body),
        bodySize: r.request_body_size,
        truncated: (r.request_body?.length ?? 0) < r.request_body_size,
      },
      response: {
        status: r.status,
        headers: JSON.parse(r.response_headers) as Record<string, string | string[]>,
        body: bodyText(r.response_body),
        bodySize: r.response_body_size,
        truncated: (r.response_body?.length ?? 0) < r.response_body_size,
      },
      signature: r.signature === null ? null : (JSON.parse(r.signature) as unknown),
    };
  }
}
