/**
 * What one step gave: the HTTP answer of its main request, the values the runner read from it
 * (paymentId, txStatuses, the PKCE verifier...) and, when the step's expectations ask for it, the
 * bank's signature diagnosis of the request. Later steps refer to it as `steps.<id>`.
 */
export interface StepResult {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Parsed JSON, or null when the answer is not JSON. */
  body: unknown;
  text: string;
  values: Record<string, unknown>;
  /** The bank's diagnosis of the signed request (GET /simulator/v1/exchanges), when asked for. */
  signature?: unknown;
}

/** One HTTP exchange a step made, for the printed summary and the sequence diagram. */
export interface StepRequest {
  method: string;
  path: string;
  status: number;
}
