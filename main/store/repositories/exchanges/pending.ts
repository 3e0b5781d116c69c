import type { SignatureDiagnosis } from '../../../domain/signing/verify';
import { linesOfHeaders } from './stored-form';
import type { CapturedExchange, ExchangeRecord, NewExchange, RawHeader } from './types';

/** An exchange waiting for the log's batch write, with the id it was given when it was queued; or the record of one whose write failed. */
type Pending =
  | { kind: 'captured'; id: number; exchange: CapturedExchange }
  | { kind: 'given'; id: number; exchange: NewExchange }
  | { kind: 'made'; record: ExchangeRecord };

/** Node's flat list of the received header lines ([name, value, name, value, …]) as pairs, in order. */
function headerLines(raw: readonly string[]): RawHeader[] {
  const lines: RawHeader[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) lines.push([raw[i] as string, raw[i + 1] as string]);
  return lines;
}

/**
 * The log's queue: exchanges in the order they were handed over, each with its id, turned into records only
 * when the batch is written. So the request path pays for a reference and a push, and what turning an exchange
 * into its record takes (its header lines as pairs, the resource it concerns, the success a signature failure is
 * compared with, its bodies cut to the log's limit) is done for the whole batch at once, in the same order as
 * when each record was made as its exchange was handed over: the same records.
 */
export class PendingExchanges {
  private queue: Pending[] = [];
  /** The newest success of each signed operation by each TPP ("tppId operation" → id): what a signature failure is compared with. */
  private readonly lastSuccess = new Map<string, number>();

  constructor(private readonly maxBodyBytes: number) {}

  get length(): number {
    return this.queue.length;
  }

  add(id: number, exchange: NewExchange): void {
    this.queue.push({ kind: 'given', id, exchange });
  }

  capture(id: number, exchange: CapturedExchange): void {
    this.queue.push({ kind: 'captured', id, exchange });
  }

  /** Everything queued, as records, in order; the queue is then empty. `prunedUpTo`: the ids every prune has passed. */
  take(prunedUpTo: number): ExchangeRecord[] {
    const queue = this.queue;
    this.queue = [];
    const records: ExchangeRecord[] = new Array<ExchangeRecord>(queue.length);
    for (let i = 0; i < queue.length; i++) {
      const p = queue[i] as Pending;
      records[i] =
        p.kind === 'made' ? p.record : p.kind === 'captured' ? this.fromCaptured(p.id, p.exchange, prunedUpTo) : this.fromGiven(p.id, p.exchange, prunedUpTo);
    }
    return records;
  }

  /** A batch that could not be written, back at the head of the queue as made (made again, it would be compared anew). */
  putBack(records: readonly ExchangeRecord[]): void {
    this.queue = records.map((record): Pending => ({ kind: 'made', record })).concat(this.queue);
  }

  /** Empties the queue and forgets the successes it compared with (a clear of the log). */
  clear(): void {
    this.queue = [];
    this.lastSuccess.clear();
  }

  // Built field by field: object spreads here cost more than the rest of the record together.
  private fromGiven(id: number, e: NewExchange, prunedUpTo: number): ExchangeRecord {
    const { request, response } = e;
    const record: ExchangeRecord = {
      id,
      timing: e.timing,
      parties: e.parties,
      request: {
        method: request.method,
        url: request.url,
        headers: request.headers,
        rawHeaders: request.rawHeaders ?? linesOfHeaders(request.headers),
        body: this.kept(request.body),
        bodySize: request.body?.length ?? 0,
      },
      response: { status: response.status, headers: response.headers, body: this.kept(response.body), bodySize: response.body?.length ?? 0 },
      signature: e.signature,
      pinned: false,
      faultRule: e.faultRule ?? null,
      comparedWith: this.comparedWith(id, e.parties.tppId, e.response.status, e.signature, prunedUpTo),
    };
    if (e.refusal) record.refusal = e.refusal;
    return record;
  }

  private fromCaptured(id: number, c: CapturedExchange, prunedUpTo: number): ExchangeRecord {
    return {
      id,
      timing: { startedAt: c.startedAt, simulatedAt: c.simulatedAt, durationMs: c.durationMs },
      parties: { institution: c.institution, tppId: c.tppId, resourceId: c.resourceOf() },
      request: {
        method: c.method,
        url: c.url,
        headers: c.headers,
        rawHeaders: headerLines(c.rawHeaders),
        body: this.kept(c.body),
        bodySize: c.body?.length ?? 0,
      },
      response: { status: c.status, headers: c.responseHeaders, body: this.kept(c.responseBody), bodySize: c.responseBody?.length ?? 0 },
      signature: c.signature,
      pinned: false,
      faultRule: c.faultRule,
      comparedWith: this.comparedWith(id, c.tppId, c.status, c.signature, prunedUpTo),
    };
  }

  /**
   * Of a signed operation's exchange: remembered as the newest success of its operation and TPP when it is
   * one; the success it is compared with when it is a signature failure (one not pruned already).
   */
  private comparedWith(id: number, tppId: string | null, status: number, signature: SignatureDiagnosis | null, prunedUpTo: number): number | null {
    if (signature === null) return null;
    const key = `${tppId ?? ''} ${signature.operation}`;
    if (signature.verdict.valid) {
      if (status < 300) this.lastSuccess.set(key, id);
      return null;
    }
    const success = this.lastSuccess.get(key);
    return success !== undefined && success > prunedUpTo ? success : null;
  }

  /** A body as the log keeps it: cut to the log's limit. */
  private kept(body: Buffer | null): Buffer | null {
    return body === null || body.length <= this.maxBodyBytes ? body : body.subarray(0, this.maxBodyBytes);
  }
}
