// One UI (simulator, Chromium, page) for all the tests of a file: started before the first, stopped after the last.
import { afterAll, beforeAll } from 'vitest';
import type { RunningUi, StartUiOptions } from './browser';
import { startUi, UI_TIMEOUT } from './browser';

/** Registers the file's start and stop; call the answer inside a test for the running UI. */
export function uiPerFile(options?: StartUiOptions): () => RunningUi {
  let ui: RunningUi | undefined;
  beforeAll(async () => {
    ui = await startUi(options);
  }, UI_TIMEOUT);
  afterAll(async () => {
    await ui?.stop();
  });
  return () => {
    if (!ui) throw new Error('the UI did not start (see beforeAll)');
    return ui;
  };
}
