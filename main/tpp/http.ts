import { sendHttpLines, sendHttps, type RawAnswer } from './https';
import { clientCertificateFor, transportOf, type BankTransport } from './transport';
import type { HttpRequest, TppResponse } from './types';

/**
 * Sends one request to the simulator and reads the whole answer. Redirects are not followed: the
 * TPP sees the bank's Location as the bank sent it. A request with a `browserOrigin` goes there
 * (the PSU's browser opening the bank's page); under TLS it presents no client certificate.
 */
const CONTROL_PATH = '/simulator/v1/';
const hasHeader = (request: HttpRequest, name: string): boolean => Object.keys(request.headers).some((key) => key.toLowerCase() === name);

export async function sendHttp(to: string | BankTransport, request: HttpRequest): Promise<TppResponse> {
  const transport = transportOf(to);
  if (transport.controlToken !== undefined && request.path.startsWith(CONTROL_PATH) && !hasHeader(request, 'authorization'))
    request = { ...request, headers: { ...request.headers, authorization: `Bearer ${transport.controlToken}` } };
  const url = `${request.browserOrigin ?? transport.origin}${request.path}`;
  const started = performance.now();
  const answer =
    transport.tls !== null && url.startsWith('https:')
      ? await sendHttps(url, request, transport.tls.ca, clientCertificateFor(transport.tls, request))
      : request.headerLines !== undefined
        ? await sendHttpLines(url, request)
        : await fetchAnswer(url, request);
  const durationMs = performance.now() - started;
  return { ...answer, body: parseJson(answer.text), durationMs };
}

async function fetchAnswer(url: string, request: HttpRequest): Promise<RawAnswer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body === null ? undefined : request.body,
      redirect: 'manual',
    });
  } catch (err) {
    // fetch says only "fetch failed": the system's reason (ECONNREFUSED, ENOTFOUND…) is in its cause.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `${request.method} ${url} failed: ${cause?.code ?? cause?.message ?? (err as Error).message}${cause?.code && cause.message ? ` (${cause.message})` : ''}`,
      { cause: err },
    );
  }
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

/** Error bodies are JSON even where the success is XML, so every answer is tried. */
export function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
