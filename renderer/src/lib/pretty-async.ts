// Pretty-printing that never blocks the window: small bodies at once, large ones in a worker.
import type { BodyKind } from './pretty';
import { prettyBody } from './pretty';
import type { PrettyRequest, PrettyResult } from './pretty.worker';

/** Below this, formatting takes a few milliseconds: a worker round trip would only add a flash of raw text. */
export const WORKER_THRESHOLD = 64 * 1024;

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, { request: PrettyRequest; resolve: (text: string) => void }>();

/** Formats now when it is cheap; otherwise undefined, and `prettyBodyAsync` does it in the background. */
export function prettyBodyNow(kind: BodyKind, body: string): string | undefined {
  return body.length < WORKER_THRESHOLD || kind === 'text' ? prettyBody(kind, body) : undefined;
}

export function prettyBodyAsync(kind: BodyKind, body: string): Promise<string> {
  const formatter = sharedWorker();
  if (!formatter) return new Promise((resolve) => setTimeout(() => resolve(prettyBody(kind, body)), 0));
  return new Promise((resolve) => {
    const request: PrettyRequest = { id: nextId++, kind, body };
    pending.set(request.id, { request, resolve });
    formatter.postMessage(request);
  });
}

/** One worker for the window's lifetime; where workers are refused (a strict host), formatting falls back to this thread. */
function sharedWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./pretty.worker.ts', import.meta.url), { type: 'module', name: 'pretty-body' });
  } catch {
    worker = null;
    return worker;
  }
  worker.onmessage = (event: MessageEvent<PrettyResult>) => {
    pending.get(event.data.id)?.resolve(event.data.text);
    pending.delete(event.data.id);
  };
  worker.onerror = () => {
    // The worker could not load: finish what waits on this thread, and stop using it.
    worker?.terminate();
    worker = null;
    for (const { request, resolve } of pending.values()) resolve(prettyBody(request.kind, request.body));
    pending.clear();
  };
  return worker;
}
