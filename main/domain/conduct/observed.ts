// What the conduct checks read of one logged exchange: who sent it, which operation, about which
// resource, what the bank told the TPP (status, Retry-After, error codes, the resource's status), and
// keys that say when two requests are "the same". Pure: the logged facts in, the observation out.
import { BANK_OPERATIONS, BANK_OPERATION_NAMES, decodedPathOf, isRequestOf, tokenOperationOf, type BankOperation } from '../operations/registry';
import { paymentContentKey } from './payment-content';

type Headers = Record<string, string | string[]>;

/** An exchange as the traffic log keeps it (main/store/repositories/exchanges.ts ExchangeRecord has this shape). */
export interface LoggedFacts {
  id: number;
  timing: { startedAt: Date; simulatedAt: Date; durationMs: number };
  parties: { institution: string | null; tppId: string | null; resourceId: string | null };
  request: { method: string; url: string; headers: Headers; body: Uint8Array | null };
  response: { status: number; headers: Headers; body: Uint8Array | null };
}

export interface ObservedExchange {
  id: number;
  /** Wall-clock milliseconds: when the request came and when its answer was out (a TPP waits in real time). */
  startedAt: number;
  answeredAt: number;
  /** The simulated clock's milliseconds when the request came (journeys end on that clock). */
  simulatedAt: number;
  tppId: string | null;
  institution: string | null;
  operation: BankOperation | null;
  /** The consent, payment or basket it concerns (created by it, for a creation). */
  resourceId: string | null;
  requestId: string | null;
  /** The Consent-ID the request was sent with. */
  consentId: string | null;
  /** 0: no answer (a dropped connection). */
  status: number;
  /** Retry-After of the answer, in milliseconds. */
  retryAfterMs: number | null;
  /** The Berlin Group codes of the answer's tppMessages. */
  errorCodes: string[];
  /** A payment's TxSts (first entry) or a consent's consentStatus, as the answer told the TPP. */
  resourceStatus: string | null;
  /** The answer says Verification of Payee is still waiting (a RECI result). */
  payeeCheckPending: boolean;
  /** The request as a whole: method, path, the PSU and consent it is for, and its body. Equal keys: the same request sent again. */
  requestKey: string;
  /** A payment creation's content: debtor, creditors, amounts, remittance. */
  paymentKey: string | null;
  /** A consent creation's PSU and access. */
  consentKey: string | null;
  /** The request carries a Signature header. */
  signed: boolean;
}

const header = (headers: Headers, name: string): string | null => {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? null : first;
};

const text = (body: Uint8Array | null): string => (body === null ? '' : new TextDecoder().decode(body));

/** The operation of a logged request, by its method and path; at the token endpoint, by its grant. */
export function operationOfLogged(method: string, url: string, body: string): BankOperation | null {
  const path = decodedPathOf(url);
  const found = BANK_OPERATION_NAMES.find((name) => isRequestOf(name, method, path)) ?? null;
  if (found === null || BANK_OPERATIONS[found].path !== BANK_OPERATIONS['token-client-credentials'].path) return found;
  return tokenOperationOf(body) ?? found;
}

/** Retry-After in milliseconds: delay-seconds, or an HTTP date counted from the answer (RFC 9110 section 10.2.3). */
export function retryAfterMs(value: string | null, answeredAt: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - answeredAt);
}

function jsonOf(body: string): Record<string, unknown> | null {
  if (!body.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function errorCodes(json: Record<string, unknown> | null): string[] {
  const messages = json?.tppMessages;
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((m: unknown) =>
    typeof m === 'object' && m !== null && typeof (m as { code?: unknown }).code === 'string' ? [(m as { code: string }).code] : [],
  );
}

/** The resource's status the answer tells: a pain.002's first TxSts, or a JSON transactionStatus / consentStatus. */
function resourceStatus(body: string, json: Record<string, unknown> | null): string | null {
  const tx = /<TxSts>([A-Z]{4})<\/TxSts>/.exec(body)?.[1];
  if (tx !== undefined) return tx;
  const status = json?.transactionStatus ?? json?.consentStatus;
  return typeof status === 'string' ? status : null;
}

/** A consent's request as "the same consent": the PSU and the access asked for, whatever the order of its fields. */
function consentKey(psuId: string | null, json: Record<string, unknown> | null): string | null {
  if (json === null) return null;
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, sorted(v)]),
          )
        : value;
  return JSON.stringify([psuId, sorted(json.access), json.recurringIndicator ?? null, json.frequencyPerDay ?? null]);
}

export function observe(logged: LoggedFacts): ObservedExchange {
  const { request, response, timing, parties } = logged;
  const requestBody = text(request.body);
  const answer = text(response.body);
  const json = jsonOf(answer.trimStart());
  const operation = operationOfLogged(request.method, request.url, requestBody);
  const startedAt = timing.startedAt.getTime();
  const answeredAt = startedAt + timing.durationMs;
  const psuId = header(request.headers, 'psu-id');
  const path = decodedPathOf(request.url);
  return {
    id: logged.id,
    startedAt,
    answeredAt,
    simulatedAt: timing.simulatedAt.getTime(),
    tppId: parties.tppId,
    institution: parties.institution,
    operation,
    resourceId: parties.resourceId,
    requestId: header(request.headers, 'x-request-id'),
    consentId: header(request.headers, 'consent-id'),
    status: response.status,
    retryAfterMs: retryAfterMs(header(response.headers, 'retry-after'), answeredAt),
    errorCodes: errorCodes(json),
    resourceStatus: response.status >= 200 && response.status < 300 ? resourceStatus(answer, json) : null,
    payeeCheckPending: /<StsRsnInf>[\s\S]*?<Cd>RECI<\/Cd>/.test(answer) || /\bRECI\b/.test(String(json?.vopStatus ?? '')),
    requestKey: JSON.stringify([request.method.toUpperCase(), path, psuId, header(request.headers, 'consent-id'), requestBody]),
    paymentKey: operation === 'payment-create' ? paymentContentKey(requestBody) : null,
    consentKey: operation === 'consent-create' ? consentKey(psuId, jsonOf(requestBody.trimStart())) : null,
    signed: header(request.headers, 'signature') !== null,
  };
}
