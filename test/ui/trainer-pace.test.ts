// At a trainer's pace in Chromium: the lesson script of docs/teaching.md given in the presentation view,
// pausing 30 s of wall time wherever the guide pauses to explain, and the time-dependent flows stepped
// with 30 s between clicks while they wait on a time limit. The runs hold the simulated clock, so nothing
// runs out unseen and every step is met (without the hold, the silent payee's 5-second VoP limit passes
// during the pause and its "authorisation refused" step is unmet). Each test has a simulator and a
// browser of its own and they run side by side, so the pauses overlap.
import { describe, it, type ExpectStatic } from 'vitest';
import type { FlowRunState } from '../../preload/api/workbench-api';
import { controlClient } from '../../shared/control-client';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';
import { decideOnPhone, finishLesson, phoneText, startLesson, stepUntil } from './support/lesson';

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

/** docs/teaching.md's "The 20-minute script", as a trainer gives it. */
async function lessonScript(expect: ExpectStatic): Promise<void> {
  const ui = await startUi({ viewport: { width: 1280, height: 720 } });
  try {
    const { page } = ui;
    const api = controlClient(ui.url);
    const explain = (): Promise<void> => sleep(PACE_MS);
    const stepsRun = (...ids: string[]) => (run: FlowRunState) => ids.every((id) => run.steps.some((s) => s.step.id === id));

    // Before the class: a clean start.
    await goTo(page, 'Bank');
    await page.getByTestId('new-class').click();
    await page.getByTestId('new-class-confirm').click();

    // 1. A consent, approved on the phone.
    const consent = await startLesson(page, api, 'ais-consent');
    expect((await stepUntil(consent, () => false)).pending?.kind).toBe('psu');
    await explain();
    await decideOnPhone(consent, 'approve');
    expect((await finishLesson(consent)).met).toBe(true);

    // 2. A close match the PSU decides on the phone: the class votes, here for Reject.
    const close = await startLesson(page, api, 'vop-close-match-psu-decides', { payee: 'closeMatch' });
    expect((await stepUntil(close, () => false)).pending?.kind).toBe('psu');
    expect(await phoneText(close)).toMatch(/Close match/);
    expect(await phoneText(close)).toMatch(/Did you mean/);
    await explain();
    await decideOnPhone(close, 'reject');
    expect((await finishLesson(close)).met).toBe(true);

    // 3. No match: the PSU may still approve.
    const noMatch = await startLesson(page, api, 'vop-no-match');
    await stepUntil(noMatch, () => false);
    expect(await phoneText(noMatch)).toMatch(/does not match/i);
    await explain();
    await decideOnPhone(noMatch, 'approve');
    expect((await finishLesson(noMatch)).met).toBe(true);

    // 4. The payee's bank does not answer: the trainer talks while the check is in progress.
    const silent = await startLesson(page, api, 'vop-payee-bank-silent');
    await stepUntil(silent, stepsRun('vop'));
    await explain();
    await stepUntil(silent, () => false);
    await decideOnPhone(silent, 'approve');
    expect((await finishLesson(silent)).met).toBe(true);

    // 5. Two approvers, and the creator refused in words before pressing anything.
    const duty = await startLesson(page, api, 'separation-of-duty');
    await stepUntil(duty, () => false);
    expect(await phoneText(duty)).toMatch(/prepared|created/i);
    await explain();
    await decideOnPhone(duty, 'approve');
    for (let decision = 0; decision < 2; decision++) {
      expect((await stepUntil(duty, () => false)).pending?.kind).toBe('psu');
      await decideOnPhone(duty, 'approve');
    }
    expect((await finishLesson(duty)).met).toBe(true);

    // 6. The SCA runs out of time: the trainer explains the limits, then the lesson moves time.
    const timeout = await startLesson(page, api, 'sca-timeout-after-opening');
    await stepUntil(timeout, (run) => run.nextStep?.operation === 'advanceClock');
    await explain();
    await stepUntil(timeout, stepsRun('time'));
    expect(await phoneText(timeout)).toMatch(/Time is up/);
    expect((await finishLesson(timeout)).met).toBe(true);

    // 7. New class for the next group.
    await goTo(page, 'Bank');
    await page.getByTestId('new-class').click();
    await page.getByTestId('new-class-confirm').click();
    await expect.poll(async () => (await api.listRuns()).length, WAIT).toBe(0);
    await goTo(page, 'Inspector');
    await expect.poll(() => page.getByTestId('inspector-count').textContent(), WAIT).toBe('showing 0 of 0 kept');
  } finally {
    await ui.stop();
  }
}

describe.concurrent('at a trainer’s pace: 30 s of wall time where the trainer explains, and every step is met', () => {
  it('the lesson script of docs/teaching.md, in the presentation view', ({ expect }) => lessonScript(expect), UI_TIMEOUT + 7 * PACE_MS + 180_000);
  // The bulk is created at step 3; its VoP limit (5 s) is pending until the clock is moved at step 6.
  it('SEPA bulk with a VoP timeout', ({ expect }) => stepAtTrainerPace(expect, 'vop-timeout', [4, 5, 6]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
  // The consent is valid from step 3; the trainer talks before reading it and before moving 90 days on.
  it('consent expiry', ({ expect }) => stepAtTrainerPace(expect, 'consent-expiry', [4, 5, 6]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
  // The tokens are issued at step 1; the trainer talks between reading, moving time and refreshing.
  it('token refresh', ({ expect }) => stepAtTrainerPace(expect, 'token-refresh', [2, 3, 4]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
});
