/** What the bench's orchestrator (run.ts) asks of a load process (load.ts), and what it answers. */
import type { PsuAccess } from '../main/tpp/requests/request';

export type Scenario =
  | { kind: 'fixed'; method: string; path: string; headers?: Record<string, string> }
  | { kind: 'token'; institution: string }
  | { kind: 'consent-status'; institution: string; tppToken: string; consentIds: string[] }
  | { kind: 'payment-status'; access: PsuAccess; product: string; paymentIds: string[] }
  /** `pool` requests signed beforehand, each its own; sent in turn (again from the first once all are sent). */
  | { kind: 'payment-create'; access: PsuAccess; product: string; pain001File: string; pool: number }
  | { kind: 'authorisation-start'; access: PsuAccess; product: string; paymentIds: string[]; tppRedirectUri: string; pool: number }
  /** The parts in turn, request by request. */
  | { kind: 'mixed'; parts: Scenario[] };

export interface LoadSpec {
  url: string;
  /** The data folder the demo TPP's credentials come from (tpp/client.json, the QSEAL). */
  dataDir?: string;
  connections: number;
  /** A fixed number of requests, or else `seconds` of load. */
  amount?: number;
  seconds?: number;
  /** Requests per second in all, for the soak; absent: as fast as the server answers. */
  overallRate?: number;
  /** Keep the paymentId of every 201. */
  collectPaymentIds?: boolean;
  scenario: Scenario;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses by HTTP status. */
  statuses: Record<string, number>;
  createdPaymentIds: string[];
}
