import type { LoggedParserRefusal } from '../../../domain/headers/parser-refusal';
import type { SignatureDiagnosis } from '../../../domain/signing/verify';

export type Headers = Record<string, string | string[]>;

/** One header line of a request as received: its name as sent (case kept) and its value. */
export type RawHeader = [name: string, value: string];

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
  /** Reserved while it was answered (reserveId), when the answer links to it; absent: the next id. */
  id?: number | null;
  timing: ExchangeTiming;
  parties: ExchangeParties;
  /** `rawHeaders`: the header lines in order as received, duplicates kept; absent, the lines of `headers`. */
  request: { method: string; url: string; headers: Headers; rawHeaders?: RawHeader[]; body: Buffer | null };
  response: { status: number; headers: Headers; body: Buffer | null };
  signature: SignatureDiagnosis | null;
  /** The fault rule that injected the answer (http/faults.ts); absent or null: the bank's own answer. */
  faultRule?: number | null;
  /** Of a request Node's HTTP parser refused before any route (http/limits.ts); absent or null otherwise. */
  refusal?: LoggedParserRefusal | null;
}

/**
 * An exchange as the request path hands it to the log: what it already holds, by reference, nothing parsed,
 * copied or built (the record is made from it when the log writes its batch). `rawHeaders` is Node's flat list
 * of the header lines as received (name, value, name, value …); `resourceOf` tells the resource the exchange
 * concerns, which may mean reading its answer, and is asked when the exchange is written.
 */
export interface CapturedExchange {
  /** Reserved while it was answered (reserveId), when the answer links to it; null: the next id. */
  id: number | null;
  startedAt: Date;
  simulatedAt: Date;
  durationMs: number;
  institution: string | null;
  tppId: string | null;
  resourceOf: () => string | null;
  method: string;
  url: string;
  headers: Headers;
  rawHeaders: readonly string[];
  body: Buffer | null;
  status: number;
  responseHeaders: Headers;
  responseBody: Buffer | null;
  signature: SignatureDiagnosis | null;
  faultRule: number | null;
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
  request: { method: string; url: string; headers: Headers; rawHeaders: RawHeader[] } & LoggedBody;
  response: { status: number; headers: Headers } & LoggedBody;
  signature: SignatureDiagnosis | null;
  /** Kept through every prune until unpinned (or the log is cleared). */
  pinned: boolean;
  /** The fault rule that injected the answer; null: the bank's own answer. */
  faultRule: number | null;
  /**
   * Of a signature failure: the exchange it is compared with, the most recent success of the same signed
   * operation by the same TPP logged before it (kept as long as the failure is); null otherwise.
   */
  comparedWith: number | null;
  /** Present only for a request Node's HTTP parser refused before any route: its bytes, code, offending byte and header. */
  refusal?: LoggedParserRefusal;
}

/** How many exchanges the log keeps: the newest `all`, and beside them the newest `failures` failures. */
export interface RetentionLimits {
  all: number;
  failures: number;
  /** Signature failures, in a budget apart from the other failures (`--signature-failure-limit`). */
  signatureFailures: number;
}

/** What pruning has discarded since the log was last cleared: every exchange, and the failures among them. */
export interface DiscardedCounts {
  all: number;
  failures: number;
  /** Of the failures, the signature failures (their own budget). */
  signatureFailures: number;
}

/** What a search of the log asks for; every field narrows (all of them must hold). */
export interface ExchangeFilter {
  /** Words that must each occur (ASCII case-insensitive) in the method, URL, status, TPP, institution, headers, bodies or signature diagnosis. */
  words: readonly string[];
  /** Status ranges, either of which may hold: [200, 299] for 2xx, [401, 401] for 401. */
  statuses: readonly (readonly [number, number])[];
  /** The signature verdict: valid, invalid, or none (an unsigned request); any of those given. */
  verdicts: readonly ('valid' | 'invalid' | 'none')[];
  tppId?: string | undefined;
  institution?: string | undefined;
  resourceId?: string | undefined;
  /** Only answers a fault rule injected: any rule's (`any`) or this rule's. */
  faultRule?: 'any' | number | undefined;
  /** Only exchanges older than this id (paging). */
  beforeId?: number | undefined;
  limit: number;
}

/** A page of a search: the newest matches older than `beforeId`, how many match in all, how many the log keeps and has discarded. */
export interface ExchangeSearchPage {
  records: ExchangeRecord[];
  total: number;
  kept: number;
  discarded: DiscardedCounts;
}
