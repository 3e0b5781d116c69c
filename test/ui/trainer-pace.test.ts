// At a trainer's pace in Chromium: the lesson script of docs/teaching.md given in one session in the
// presentation view, lesson after lesson, pausing wherever the guide pauses to explain, on the two screens
// the guide names at 150 % (1920×1080 and 1280×800); and the time-dependent flows stepped with a pause
// between clicks while they wait on a time limit. The runs hold the simulated clock, so nothing runs out
// unseen and every step is met (without the hold, the silent payee's 5-second VoP limit passes during the
// pause and its "authorisation refused" step is unmet). At every step the script rests at, what the class
// reads is in a bank clerk's words (HTTP labels off on the small screen), the phone belongs to the step, the
// name check says what the payment got and the caption's every line is in view (test/ui/support/lesson-checks.ts). Each script and each flow has a simulator and a browser of its own,
// and they run side by side, so pauses overlap.
import type { Page } from 'playwright-core';
import { describe, it, type ExpectStatic } from 'vitest';
import type { FlowRunState } from '../../preload/api/workbench-api';
import { controlClient, type ControlClient } from '../../shared/control-client';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';
import { awaitedCard, decideOnPhone, finishLesson, newClass, phoneText, SCRIPT_LESSONS, startLesson, stepUntil, type Lesson } from './support/lesson';
import { captionCut, checkLessonStep, checkNameCheck, psuNames, shown } from './support/lesson-checks';

/**
 * The trainer's pause between two clicks: a real one talks for half a minute, but what a pause can break
 * is the shortest time limit that runs on while the trainer talks, Verification of Payee's 5 s
 * (docs/teaching.md). Just over it proves what a longer pause would, at a fifth of the wait.
 */
const PACE_MS = 6_000;
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
    await page.getByTestId('psu-decides').setChecked(false);
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

/** The screens docs/teaching.md names, at 150 %: the page's CSS pixels are two thirds of the screen's. */
const SCREENS = [
  { name: '1920×1080', viewport: { width: 1280, height: 720 }, httpLabels: true },
  // With the diagram's HTTP labels off, as for bank clerks: the script's share of lesson-words.test.ts.
  { name: '1280×800', viewport: { width: 853, height: 533 }, httpLabels: false },
] as const;

interface Trainer {
  page: Page;
  api: ControlClient;
  /** The dataset's PSUs' names, for the waiting line. */
  names: ReadonlyMap<string, string>;
  screen: string;
  httpLabels: boolean;
}

/** Looks at each step once where the lesson rests on it: the words and the phone, and the caption's every line in view. */
function checkEachStep(expect: ExpectStatic, trainer: Trainer, flow: string): (run: FlowRunState) => Promise<void> {
  let checked = '';
  return async (run) => {
    const pending = run.pending?.kind === 'psu';
    const step = pending ? run.nextStep?.id : run.steps.at(-1)?.step.id;
    const at = `${trainer.screen}, ${flow}, step ${run.steps.length}${pending ? ' (the decision)' : ''}: ${step}`;
    if (step === undefined || at === checked) return;
    checked = at;
    await shown(trainer.page, run);
    await checkLessonStep(expect, trainer.page, run, trainer.names, at);
    await checkNameCheck(expect, trainer.page, flow, step, at);
    expect(await captionCut(trainer.page), `${at}: the caption`).toBeNull();
  };
}

/**
 * A lesson as the guide gives it: chosen, presented, stepped with →, each step looked at where it rests;
 * `decide` at each decision the lesson waits for on the phone; every step met at the end.
 */
async function giveLesson(
  expect: ExpectStatic,
  trainer: Trainer,
  flow: string,
  choices: Record<string, string>,
  decide: (lesson: Lesson) => Promise<void>,
  before?: (lesson: Lesson) => Promise<void>,
): Promise<void> {
  const lesson = { ...(await startLesson(trainer.page, trainer.api, flow, choices)), atRest: checkEachStep(expect, trainer, flow) };
  await trainer.page.getByTestId('present-diagram').getByTestId('http-labels').setChecked(trainer.httpLabels);
  await before?.(lesson);
  for (let run = await stepUntil(lesson, () => false); run.phase !== 'finished'; run = await stepUntil(lesson, () => false)) await decide(lesson);
  expect((await finishLesson(lesson)).met, flow).toBe(true);
}

describe.concurrent('at a trainer’s pace: a pause longer than the VoP limit where the trainer explains, and every step is met', () => {
  // docs/teaching.md's "The 20-minute script": six lessons one after the other on one bank and one
  // browser, as a trainer gives them, then New class; six pauses. Once per screen, side by side.
  for (const screen of SCREENS)
    it(
      `the 20-minute script at ${screen.name} and 150 %, lesson after lesson in the presentation view, each step in plain words with its phone, then New class`,
      async ({ expect }) => {
        const ui = await startUi({ viewport: screen.viewport });
        try {
          const { page } = ui;
          const api = controlClient(ui.url);
          const trainer: Trainer = { page, api, names: await psuNames(api), screen: screen.name, httpLabels: screen.httpLabels };
          await newClass(page);

          // 1. A consent, approved on the phone.
          await giveLesson(expect, trainer, 'ais-consent', {}, async (lesson) => {
            await explain();
            await decideOnPhone(lesson, 'approve');
          });

          // 2. A close match the PSU decides on the phone (the class votes Reject).
          await giveLesson(expect, trainer, 'vop-close-match-psu-decides', { payee: 'closeMatch' }, async (lesson) => {
            expect(await phoneText(lesson)).toMatch(/Close match/);
            expect(await phoneText(lesson)).toMatch(/Did you mean/);
            await explain();
            await decideOnPhone(lesson, 'reject');
          });

          // 3. No match: the PSU may still approve.
          await giveLesson(expect, trainer, 'vop-no-match', {}, async (lesson) => {
            expect(await phoneText(lesson)).toMatch(/does not match/i);
            await explain();
            await decideOnPhone(lesson, 'approve');
          });

          // 4. The payee's bank does not answer: the trainer talks while the check is in progress. Without
          // the run's hold on the clock the 5-second VoP limit passes here, and "authorisation refused" is unmet.
          await giveLesson(
            expect,
            trainer,
            'vop-payee-bank-silent',
            {},
            (lesson) => decideOnPhone(lesson, 'approve'),
            async (lesson) => {
              await stepUntil(lesson, (run) => run.steps.some((s) => s.step.id === 'vop'));
              await explain();
            },
          );

          // 5. Two approvers, the creator refused in words before pressing anything.
          let warned = 0;
          await giveLesson(expect, trainer, 'separation-of-duty', {}, async (lesson) => {
            const warning = (await awaitedCard(lesson)).getByTestId('refusal-warning');
            if (await warning.count()) {
              expect(await warning.textContent()).toMatch(/you created this payment/);
              warned++;
              await explain();
            }
            await decideOnPhone(lesson, 'approve');
          });
          expect(warned, 'the creator’s phone said the refusal once').toBe(1);

          // 6. The SCA runs out of time.
          await giveLesson(
            expect,
            trainer,
            'sca-timeout-after-opening',
            {},
            () => Promise.reject(new Error('the lesson asks no decision')),
            async (lesson) => {
              await stepUntil(lesson, (run) => run.nextStep?.operation === 'advanceClock');
              await explain();
              await stepUntil(lesson, (run) => run.steps.some((s) => s.step.operation === 'advanceClock'));
              // The phone hears of the time-out a moment after the run's step.
              await expect.poll(() => phoneText(lesson), WAIT).toMatch(/Time is up/);
            },
          );

          // New class for the next group: no runs, an empty log.
          const runs = await api.listRuns();
          expect(runs.map((r) => r.flowName).sort(), 'the lessons lesson-words leaves to this script').toEqual([...SCRIPT_LESSONS].sort());
          expect(runs.map((r) => r.met)).toEqual([true, true, true, true, true, true]);
          await newClass(page);
          await expect.poll(async () => (await api.listRuns()).length, WAIT).toBe(0);
          await goTo(page, 'Inspector');
          await expect.poll(() => page.getByTestId('inspector-count').textContent(), WAIT).toBe('showing 0 of 0 kept');
        } finally {
          await ui.stop();
        }
      },
      // Each of the script's some sixty rests is looked at, and the view catches up with the run first.
      UI_TIMEOUT + 6 * PACE_MS + 480_000,
    );

  // The bulk is created at step 3; its VoP limit (5 s) is pending until the clock is moved at step 6.
  it('SEPA bulk with a VoP timeout', ({ expect }) => stepAtTrainerPace(expect, 'vop-timeout', [4, 5, 6]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
  // The consent is valid from step 3; the trainer talks before reading it and before moving 90 days on.
  it('consent expiry', ({ expect }) => stepAtTrainerPace(expect, 'consent-expiry', [4, 5, 6]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
  // The tokens are issued at step 1; the trainer talks between reading, moving time and refreshing.
  it('token refresh', ({ expect }) => stepAtTrainerPace(expect, 'token-refresh', [2, 3, 4]), UI_TIMEOUT + 4 * PACE_MS + 60_000);
});
