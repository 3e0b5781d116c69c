import type { HttpRequest, TppResponse } from './types';

/**
 * Sends one request to the simulator and reads the whole answer. Redirects are not followed: the
 * TPP sees the bank's Location as the bank sent it.
 */
export async function sendHttp(origin: string, request: HttpRequest): Promise<TppResponse> {
  const started = performance.now();
  const res = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body === null ? undefined : request.body,
    redirect: 'manual',
  });
  const text = await res.text();
  const durationMs = performance.now() - started;
  return { status: res.status, headers: Object.fromEntries(res.headers), text, body: parseJson(text), durationMs };
}

/** Error bodies are JSON even where the success is XML, so every answer is tried. */
function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
