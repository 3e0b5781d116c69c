/**
 * The editor's side of the validation worker: each text gets a sequence number, only the newest
 * text waits while one is being validated (the ones in between are never validated), and a result
 * older than the newest request is dropped, so a slow bulk's answer never overwrites a newer one.
 */
import type { EditorContext } from './context';
import type { Diagnosis } from './validation';
import type { ValidationRequest, ValidationResponse } from './validation.worker';

export interface ValidationOutcome {
  seq: number;
  diagnosis: Diagnosis | null;
  error: string | null;
  ms: number;
}

export interface ValidationClient {
  /** Queues the text; returns its sequence number. */
  validate(text: string, context: EditorContext): number;
  dispose(): void;
}

export function validationClient(onResult: (outcome: ValidationOutcome) => void): ValidationClient {
  let worker: Worker | null = null;
  let seq = 0;
  let busy = false;
  let waiting: ValidationRequest | null = null;

  const send = (request: ValidationRequest): void => {
    busy = true;
    ensureWorker().postMessage(request);
  };

  function ensureWorker(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./validation.worker.ts', import.meta.url), { type: 'module', name: 'pain001-validation' });
    w.onmessage = (event: MessageEvent<ValidationResponse>) => {
      busy = false;
      const r = event.data;
      if (r.seq === seq) {
        onResult(r.ok ? { seq: r.seq, diagnosis: r.diagnosis, error: null, ms: r.ms } : { seq: r.seq, diagnosis: null, error: r.error, ms: 0 });
      }
      const next = waiting;
      waiting = null;
      if (next) send(next);
    };
    w.onerror = (event) => {
      busy = false;
      event.preventDefault();
      onResult({ seq, diagnosis: null, error: `the validation worker failed: ${event.message || 'it could not load'}`, ms: 0 });
    };
    worker = w;
    return w;
  }

  return {
    validate(text, context) {
      seq += 1;
      const request: ValidationRequest = { seq, text, context };
      if (busy) waiting = request;
      else send(request);
      return seq;
    },
    dispose() {
      worker?.terminate();
      worker = null;
      waiting = null;
      busy = false;
    },
  };
}
