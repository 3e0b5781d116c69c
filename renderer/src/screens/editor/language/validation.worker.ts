// Runs the bank's pain.001 validator off the UI thread: a 10,000-transaction bulk takes longer to
// validate than a keystroke may wait (bench/run.ts "editor markers").
import type { EditorContext } from './context';
import { diagnose, type Diagnosis } from './validation';

export interface ValidationRequest {
  seq: number;
  text: string;
  context: EditorContext;
}

export type ValidationResponse = { seq: number; ok: true; diagnosis: Diagnosis; ms: number } | { seq: number; ok: false; error: string };

self.onmessage = (event: MessageEvent<ValidationRequest>) => {
  const { seq, text, context } = event.data;
  const started = performance.now();
  let response: ValidationResponse;
  try {
    response = { seq, ok: true, diagnosis: diagnose(text, context), ms: performance.now() - started };
  } catch (err) {
    response = { seq, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(response);
};
