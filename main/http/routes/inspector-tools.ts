import type { FastifyInstance } from 'fastify';
import { BankError, formatError } from '../../domain/errors';
import type { Services } from '../../services';
import type { ExchangeRecord } from '../../store/repositories/exchanges';
import type { ResendOptions } from '../../../preload/api/workbench-api';
import { toExchange, toPastedDiagnosis } from '../contract';

/** Sends the choices as the built-in TPP (the host wires main/tpp/resend.ts); its errors are the user's to fix. */
export type ExchangeResender = (choices: ResendOptions) => Promise<unknown>;

/** How long the route waits for the bank to log the request it resent (logged once the answer is out). */
const LOG_WAIT_MS = 3_000;

/**
 * The Inspector's tools on the control API: the bank's diagnosis of a pasted request (nothing sent)
 * and resending an exchange with explicit choices as the built-in TPP.
 */
export function inspectorToolRoutes(control: FastifyInstance, services: Services, resender: ExchangeResender | undefined): void {
  control.post('/diagnose', async (request) => toPastedDiagnosis(services.signatures.diagnosePasted(request.body)));

  if (resender === undefined) return;
  control.post('/exchanges/:exchangeId/resend', async (request) => {
    const original = services.exchangeLog.get((request.params as { exchangeId?: unknown }).exchangeId);
    const choices = resendChoices(request.body);
    const before = services.exchangeLog.list(1, undefined)[0]?.id ?? original.id;
    try {
      await resender(choices);
    } catch (error) {
      throw formatError(error instanceof Error ? error.message : String(error));
    }
    const sent = await loggedAfter(services, before, choices);
    if (sent === null)
      throw BankError.of(
        'RESOURCE_UNKNOWN',
        `the bank logged no ${choices.method} ${choices.url} after exchange ${before}: only requests to the bank's routes are logged`,
        404,
      );
    return toExchange(sent);
  });
}

async function loggedAfter(services: Services, after: number, choices: ResendOptions): Promise<ExchangeRecord | null> {
  const deadline = Date.now() + LOG_WAIT_MS;
  for (;;) {
    const found = services.exchangeLog
      .list(50, undefined)
      .filter((e) => e.id > after && e.request.method === choices.method.toUpperCase() && e.request.url === choices.url)
      .at(-1);
    if (found !== undefined || Date.now() > deadline) return found ?? null;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const CHOICES = ['keep', 'resign'] as const;

function resendChoices(input: unknown): ResendOptions {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const { method, url, headers, signature, newRequestId, freshToken } = body;
  if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) throw formatError('method must be an HTTP method such as POST');
  if (typeof url !== 'string' || !url.startsWith('/')) throw formatError('url must be a path on the simulator, starting with /');
  const lines = Array.isArray(headers) && headers.every((line) => Array.isArray(line) && line.length === 2 && line.every((part) => typeof part === 'string'));
  const object = typeof headers === 'object' && headers !== null && !Array.isArray(headers) && Object.values(headers).every((v) => typeof v === 'string');
  if (!lines && !object) throw formatError('headers must be a list of [name, value] lines in sending order, or an object of header names to string values');
  if (body.body !== null && typeof body.body !== 'string') throw formatError('body must be the exact body text, or null without one');
  const { bodyBase64 } = body;
  if (bodyBase64 !== undefined && (typeof bodyBase64 !== 'string' || !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(bodyBase64)))
    throw formatError("bodyBase64 must be the bytes to send in padded base64 (a logged body's bodyBase64)");
  if (!CHOICES.includes(signature as (typeof CHOICES)[number]))
    throw formatError('signature must be keep (send Digest and Signature as given) or resign (the demo TPP signs again)');
  if (typeof newRequestId !== 'boolean' || typeof freshToken !== 'boolean') throw formatError('newRequestId and freshToken must be true or false');
  return {
    method: method.toUpperCase(),
    url,
    headers: headers as ResendOptions['headers'],
    body: body.body,
    ...(bodyBase64 === undefined ? {} : { bodyBase64 }),
    signature: signature as ResendOptions['signature'],
    newRequestId,
    freshToken,
  };
}
