// At a trainer's pace in Chromium: the lesson script of docs/teaching.md given in the presentation view,
// pausing 30 s of wall time wherever the guide pauses to explain, and the time-dependent flows stepped
// with 30 s between clicks while they wait on a time limit. The runs hold the simulated clock, so nothing
// runs out unseen and every step is met (without the hold, the silent payee's 5-second VoP limit passes
// during the pause and its "authorisation refused" step is unmet). Each test has a simulator and a
// browser of its own and they run side by side, so the pauses overlap.
import { describe, it, type ExpectStatic } from 'vitest';
import { controlClient } from '../../shared/control-client';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';
import { awaitedCard, decideOnPhone, finishLesson, newClass, phoneText, startLesson, stepUntil, type Lesson } from './support/lesson';

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

const explain = (): Promise<void> => sleep(PACE_MS);

/**
 * A lesson as the guide gives it, after New class: chosen, presented, stepped with →; `decide` at each
 * decision the lesson waits for on the phone; every step met at the end.
 */
async function giveLesson(
  expect: ExpectStatic,
  flow: string,
  choices: Record<string, string>,
  decide: (lesson: Lesson) => Promise<void>,
  around: { before?(lesson: Lesson): Promise<void>; after?(lesson: Lesson): Promise<void> } = {},
): Promise<void> {
  const ui = await startUi({ viewport: { width: 1280, height: 720 } });
  try {
    const { page } = ui;
    const api = controlClient(ui.url);
    await newClass(page);
    const lesson = await startLesson(page, api, flow, choices);
    await around.before?.(lesson);
    for (let run = await stepUntil(lesson, () => false); run.phase !== 'finished'; run = await stepUntil(lesson, () => false)) await decide(lesson);
    expect((await finishLesson(lesson)).met).toBe(true);
    await around.after?.(lesson);
  } finally {
    await ui.stop();
  }
}

describe.concurrent('at a trainer’s pace: 30 s of wall time where the trainer explains, and every step is met', () => {
  // docs/teaching.md's "The 20-minute script", each lesson on a simulator and browser of its own so the pauses overlap.
  const LESSON_TIMEOUT = UI_TIMEOUT + PACE_MS + 120_000;

  it('1. a consent, approved on the phone', ({ expect }) => giveLesson(expect, 'ais-consent', {}, async (lesson) => {
    await explain();
    await decideOnPhone(lesson, 'approve');
  }), LESSON_TIMEOUT);

  it('2. a close match the PSU decides on the phone (the class votes Reject)', ({ expect }) => giveLesson(expect, 'vop-close-match-psu-decides', { payee: 'closeMatch' }, async (lesson) => {
    expect(await phoneText(lesson)).toMatch(/Close match/);
    expect(await phoneText(lesson)).toMatch(/Did you mean/);
    await explain();
    await decideOnPhone(lesson, 'reject');
  }), LESSON_TIMEOUT);

  it('3. no match: the PSU may still approve', ({ expect }) => giveLesson(expect, 'vop-no-match', {}, async (lesson) => {
    expect(await phoneText(lesson)).toMatch(/does not match/i);
    await explain();
    await decideOnPhone(lesson, 'approve');
  }), LESSON_TIMEOUT);

  it('4. the payee’s bank does not answer: the trainer talks while the check is in progress', ({ expect }) =>
    giveLesson(expect, 'vop-payee-bank-silent', {}, async (lesson) => decideOnPhone(lesson, 'approve'), {
      // Without the run's hold on the clock the 5-second VoP limit passes here, and "authorisation refused" is unmet.
      async before(lesson) {
        await stepUntil(lesson, (run) => run.steps.some((s) => s.step.id === 'vop'));
        await explain();
      },
    }), LESSON_TIMEOUT);

  it('5. two approvers, the creator refused in words before pressing anything', ({ expect }) => {
    let warned = 0;
    return giveLesson(expect, 'separation-of-duty', {}, async (lesson) => {
      const warning = (await awaitedCard(lesson)).getByTestId('refusal-warning');
      if (await warning.count()) {
        expect(await warning.textContent()).toMatch(/you created this payment/);
        warned++;
        await explain();
      }
      await decideOnPhone(lesson, 'approve');
    }).then(() => expect(warned, 'the creator’s phone said the refusal once').toBe(1));
  }, LESSON_TIMEOUT);

  it('6. the SCA runs out of time; then New class for the next group', ({ expect }) =>
    giveLesson(expect, 'sca-timeout-after-opening', {}, () => Promise.reject(new Error('the lesson asks no decision')), {
      async before(lesson) {
        await stepUntil(lesson, (run) => run.nextStep?.operation === 'advanceClock');
        await explain();
        await stepUntil(lesson, (run) => run.steps.some((s) => s.step.operation === 'advanceClock'));
        // The phone hears of the time-out a moment after the run's step.
        await expect.poll(() => phoneText(lesson), WAIT).toMatch(/Time is up/);
      },
      async after({ page, api }) {
        await newClass(page);
        await expect.poll(async () => (await api.listRuns()).length, WAIT).toBe(0);
        await goTo(page, 'Inspector');
        await expect.poll(() => page.getByTestId('inspector-count').textContent(), WAIT).toBe('showing 0 of 0 kept');
      },
    }), LESSON_TIMEOUT);

  // The bulk is created at step 3; its VoP limit (5 s) is pending until the clock is moved at step 6.
  it('SEPA bulk with a VoP timeout', ({ expect }) => stepAtTrainerPace(expect, 'vop-timeout', [4, 5, 6]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
  // The consent is valid from step 3; the trainer talks before reading it and before moving 90 days on.
  it('consent expiry', ({ expect }) => stepAtTrainerPace(expect, 'consent-expiry', [4, 5, 6]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
  // The tokens are issued at step 1; the trainer talks between reading, moving time and refreshing.
  it('token refresh', ({ expect }) => stepAtTrainerPace(expect, 'token-refresh', [2, 3, 4]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
});
