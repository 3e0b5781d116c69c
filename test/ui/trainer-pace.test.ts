// Time-dependent flows stepped in the UI at a trainer's pace: 30 s of wall time between clicks while
// the flow waits on a time limit, as a trainer explaining to a class would. The run holds the simulated
// clock, so nothing runs out unseen and every step is met. Each flow runs on a simulator and a browser of
// its own, side by side, so the pauses overlap. The paced window is where a limit shorter than a pause is
// pending (the VoP limit is 5 s); elsewhere the clicks follow each other after a second.
import { describe, it, type ExpectStatic } from 'vitest';
import { controlClient } from '../../shared/control-client';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

/** The trainer's pause between two clicks. */
const PACE_MS = 30_000;
const BRISK_MS = 1_000;
const WAIT = { timeout: 30_000 };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Steps a library flow click by click (concurrent tests must use their own `expect`) (approving automatically), pausing PACE_MS before the clicks of the paced steps (1-based). */
async function stepAtTrainerPace(expect: ExpectStatic, flow: string, paced: readonly number[]): Promise<void> {
  const ui = await startUi();
  try {
    const { page } = ui;
    const api = controlClient(ui.url);
    await goTo(page, 'Flows');
    await page.locator(`[data-testid="flow-item"][data-flow="${flow}"]`).click();
    await page.getByTestId('auto-approve').setChecked(true);
    await page.getByTestId('start-run').click();
    const runId = await page.getByTestId('run-item').and(page.locator('.run-item-open')).getAttribute('data-run-id', WAIT);
    const steps = (await api.getRun(runId ?? '')).flow.steps.length;
    for (let step = 1; step <= steps; step++) {
      await sleep(paced.includes(step) ? PACE_MS : BRISK_MS);
      await page.getByTestId('run-step').click(WAIT);
      await expect.poll(async () => (await api.getRun(runId ?? '')).steps.length, WAIT).toBe(step);
      const run = await api.getRun(runId ?? '');
      expect(run.steps.at(-1)?.met, `${flow} step ${step} (${run.steps.at(-1)?.step.id}): ${JSON.stringify(run.steps.at(-1)?.unmet)}`).toBe(true);
    }
    await expect.poll(() => page.getByTestId('run-finished').getAttribute('data-met'), WAIT).toBe('true');
  } finally {
    await ui.stop();
  }
}

describe.concurrent('time-dependent flows stepped with 30 s between clicks meet every step', () => {
  // The bulk is created at step 3; its VoP limit (5 s) is pending until the clock is moved at step 6.
  it('SEPA bulk with a VoP timeout', ({ expect }) => stepAtTrainerPace(expect, 'vop-timeout', [4, 5, 6]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
  // The consent is valid from step 3; the trainer talks before reading it and before moving 90 days on.
  it('consent expiry', ({ expect }) => stepAtTrainerPace(expect, 'consent-expiry', [4, 5, 6]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
  // The tokens are issued at step 1; the trainer talks between reading, moving time and refreshing.
  it('token refresh', ({ expect }) => stepAtTrainerPace(expect, 'token-refresh', [2, 3, 4]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
});
