// A trainer giving a lesson in the presentation view: picks the lesson and its choices on the Flows
// screen, presents it, steps with →, pauses to explain, and decides on the phone when the lesson waits.
import type { Locator, Page } from 'playwright-core';
import type { FlowRunState } from '../../../preload/api/workbench-api';
import type { ControlClient } from '../../../shared/control-client';
import { goTo } from './browser';

const WAIT = { timeout: 30_000 };
const POLL_MS = 100;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * docs/teaching.md's 20-minute script, in its order: trainer-pace gives these at both screen sizes, and
 * lesson-words walks the library's other lessons, so every lesson is looked at step by step once per screen.
 */
export const SCRIPT_LESSONS = [
  'ais-consent',
  'vop-close-match-psu-decides',
  'vop-no-match',
  'vop-payee-bank-silent',
  'separation-of-duty',
  'sca-timeout-after-opening',
] as const;

export interface Lesson {
  page: Page;
  api: ControlClient;
  runId: string;
  /** Looks at the screen wherever `stepUntil` finds the lesson at rest (after each step, and where it waits for the PSU). */
  atRest?: (run: FlowRunState) => Promise<void>;
}

/** Runs a library flow from the Flows screen to its end, the PSUs approving automatically. */
export async function runFlowToEnd(page: Page, name: string): Promise<void> {
  await goTo(page, 'Flows');
  await page.locator(`[data-testid="flow-item"][data-flow="${name}"]`).click();
  await page.getByTestId('psu-decides').setChecked(false);
  await page.getByTestId('start-run').click();
  await page.getByTestId('request-editor').waitFor(WAIT);
  await page.getByTestId('run-to-end').click();
  await page.getByTestId('run-finished').waitFor(WAIT);
}

/** "New class" on the Bank screen, confirmed: the next group starts from the dataset's state. */
export async function newClass(page: Page): Promise<void> {
  await goTo(page, 'Bank');
  await page.getByTestId('new-class').click();
  await page.getByTestId('new-class-confirm').click();
  await page.getByTestId('new-class-dialog').waitFor({ state: 'detached', ...WAIT });
}

/** Picks the lesson, sets its choices, lets the PSU decide on the phone, starts it and presents it. */
export async function startLesson(page: Page, api: ControlClient, flow: string, choices: Record<string, string> = {}): Promise<Lesson> {
  await goTo(page, 'Flows');
  await page.locator(`[data-testid="flow-item"][data-flow="${flow}"]`).click();
  for (const [name, value] of Object.entries(choices)) await page.getByTestId(`run-param-${name}`).selectOption(value);
  await page.getByTestId('psu-decides').setChecked(true);
  await page.getByTestId('start-run').click();
  const runId = (await page.getByTestId('run-item').and(page.locator('.run-item-open')).getAttribute('data-run-id', WAIT)) ?? '';
  await page.getByTestId('present-run').click(WAIT);
  await page.getByTestId('present').waitFor(WAIT);
  return { page, api, runId };
}

const settled = (run: FlowRunState): boolean => run.phase !== 'running';

async function current(lesson: Lesson): Promise<FlowRunState> {
  for (let waited = 0; waited < WAIT.timeout; waited += POLL_MS) {
    const run = await lesson.api.getRun(lesson.runId);
    if (settled(run)) return run;
    await sleep(POLL_MS);
  }
  throw new Error(`the lesson ${lesson.runId} did not come to rest`);
}

/**
 * Presses → until `until` holds of the run (or the run waits for the PSU, or ends): answers the run then.
 * Every step run must have met its expectation.
 */
export async function stepUntil(lesson: Lesson, until: (run: FlowRunState) => boolean): Promise<FlowRunState> {
  for (;;) {
    const run = await current(lesson);
    const unmet = run.steps.find((s) => !s.met);
    if (unmet) throw new Error(`step ${unmet.number} (${unmet.step.id}) of ${run.flow.name} was not met: ${JSON.stringify(unmet.unmet)} ${unmet.error ?? ''}`);
    await lesson.atRest?.(run);
    if (until(run) || run.phase === 'finished' || run.pending?.kind === 'psu') return run;
    const done = run.steps.length;
    await lesson.page.getByTestId('present-next').click(WAIT);
    for (let waited = 0; waited < WAIT.timeout; waited += POLL_MS) {
      const now = await lesson.api.getRun(lesson.runId);
      if (now.steps.length > done || now.pending?.kind === 'psu' || now.phase === 'finished') break;
      await sleep(POLL_MS);
    }
  }
}

/** The PSU presses Approve or Reject on the phone the lesson shows, for the decision it waits for. */
export async function decideOnPhone(lesson: Lesson, action: 'approve' | 'reject'): Promise<void> {
  const awaited = lesson.page.locator('[data-testid="present"] [data-testid="inline-phone"] [data-awaited="true"]');
  await awaited.getByTestId(action).click(WAIT);
  for (let waited = 0; waited < WAIT.timeout; waited += POLL_MS) {
    if ((await lesson.api.getRun(lesson.runId)).pending?.kind !== 'psu') return;
    await sleep(POLL_MS);
  }
  throw new Error('the lesson did not go on after the PSU decided');
}

/** Steps to the end; answers the finished run. */
export async function finishLesson(lesson: Lesson): Promise<FlowRunState> {
  const run = await stepUntil(lesson, () => false);
  if (run.phase !== 'finished') throw new Error(`the lesson waits for the PSU at step ${run.steps.length + 1}`);
  await lesson.page.keyboard.press('Escape');
  return run;
}

/** The card of the decision the lesson waits for, once the phone shows it (it learns of the journey a moment after the run). */
export async function awaitedCard(lesson: Lesson): Promise<Locator> {
  const card = lesson.page.locator('[data-testid="present"] [data-testid="inline-phone"] [data-awaited="true"] [data-testid="journey"]');
  await card.first().waitFor(WAIT);
  return card.first();
}

/** What the phone of the lesson says, in words: once it shows the decision awaited, when the lesson awaits one. */
export async function phoneText(lesson: Lesson): Promise<string> {
  if ((await lesson.api.getRun(lesson.runId)).pending?.kind === 'psu') await awaitedCard(lesson);
  return (await lesson.page.getByTestId('present-phones').textContent()) ?? '';
}
