import type { SignatureDiagnosis } from '../../domain/signing/verify';
import { sendHttp } from '../../tpp/http';
import type { BankTransport } from '../../tpp/transport';
import type { HttpRequest } from '../../tpp/types';

/** An exchange of the bank's traffic log as GET /simulator/v1/exchanges gives it (the parts a run reads). */
export interface LoggedExchange {
  id: number;
  simulatedAt: string;
  method: string;
  url: string;
  request: { headers: Record<string, string | string[]>; body: string | null };
  response: { status: number };
  signature: SignatureDiagnosis | null;
}

/** How far back a request is looked for: a step's few requests are always among the newest. */
const LOOK_BACK = 20;

const headerOf = (request: HttpRequest, name: string): string | undefined => Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * The bank's record of a request just sent: by its X-Request-ID, or (requests without one: tokens,
 * the SCA page, authorize) the newest of the same method, path and status not `taken` yet.
 */
export async function loggedExchangeOf(
  bank: BankTransport,
  request: HttpRequest,
  status: number | null,
  taken: ReadonlySet<number> = new Set(),
): Promise<LoggedExchange | null> {
  const res = await sendHttp(bank, { method: 'GET', path: `/simulator/v1/exchanges?limit=${LOOK_BACK}`, headers: {}, body: null });
  const exchanges = (res.body ?? []) as LoggedExchange[];
  const requestId = headerOf(request, 'x-request-id');
  if (requestId !== undefined) return exchanges.find((e) => JSON.stringify(e.request.headers).includes(requestId)) ?? null;
  return (
    exchanges.find((e) => !taken.has(e.id) && e.method === request.method && e.url === request.path && (status === null || e.response.status === status)) ??
    null
  );
}
