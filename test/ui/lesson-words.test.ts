// The library's lessons that docs/teaching.md's script leaves out, given in the presentation view with the
// diagram's HTTP labels off, as a trainer gives them to bank clerks: at each step the caption, the waiting
// line and every arrow say what happened in words, with no wire code (those stay in the small print); whom
// the lesson waits for is named, not coded; and the phone shows the step's subject or nothing, never a
// finished card of an earlier step. The script's lessons get the same checks at both screen sizes in
// trainer-pace.test.ts (labels off on the small screen), so every lesson is looked at with labels off once.
// Two browsers side by side halve the wait (started first by test/support/slow-first-sequencer.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it, type ExpectStatic } from 'vitest';
import { readLibrary } from '../../main/flows/library/library';
import type { FlowRunState } from '../../preload/api/workbench-api';
import { controlClient, type ControlClient } from '../../shared/control-client';
import { PROJECT_ROOT, startUi, UI_TIMEOUT } from './support/browser';
import { SCRIPT_LESSONS, startLesson } from './support/lesson';
import { checkLessonStep, checkNameCheck, psuNames, shown } from './support/lesson-checks';

const WAIT = { timeout: 30_000 };
const POLL_MS = 100;
const SHOTS = process.env.PRESENT_SHOTS_DIR ?? '/tmp';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const library = readLibrary(join(PROJECT_ROOT, 'resources', 'flows'));
/** LESSONS=a,b gives only those lessons (the script's too), for a quick look at one. */
const ONLY = process.env.LESSONS?.split(',');
/** Given step by step at both screen sizes by trainer-pace.test.ts, with the same checks. */
const SCRIPT = new Set<string>(SCRIPT_LESSONS);

/** The library's lessons: the flows their files mark so; without any, those docs/teaching.md names in bold. */
function lessons(): string[] {
  const marked = library.filter((f) => f.lesson === true).map((f) => f.name);
  if (marked.length > 0) return marked;
  const guide = readFileSync(join(PROJECT_ROOT, 'docs', 'teaching.md'), 'utf8');
  return library.filter((f) => guide.includes(`**${f.title}**`)).map((f) => f.name);
}

async function settled(api: ControlClient, runId: string): Promise<FlowRunState> {
  for (let waited = 0; waited < WAIT.timeout; waited += POLL_MS) {
    const run = await api.getRun(runId);
    if (run.phase !== 'running') return run;
    await sleep(POLL_MS);
  }
  throw new Error(`run ${runId} did not come to rest`);
}

/** Gives one lesson step by step in the presentation view, checking the words and the phone at each step. */
async function walk(expect: ExpectStatic, page: Page, api: ControlClient, flow: string): Promise<void> {
  const lesson = await startLesson(page, api, flow);
  const names = await psuNames(api);
  await page.getByTestId('present-diagram').getByTestId('http-labels').setChecked(false);
  const next = async (): Promise<void> => {
    const done = (await api.getRun(lesson.runId)).steps.length;
    await page.getByTestId('present-next').click(WAIT);
    await expect
      .poll(async () => {
        const now = await api.getRun(lesson.runId);
        return now.steps.length > done || now.pending?.kind === 'psu' || now.phase === 'finished';
      }, WAIT)
      .toBe(true);
  };
  await next();
  let run = await settled(api, lesson.runId);
  for (let guard = 0; guard < 40; guard++) {
    const unmet = run.steps.find((s) => !s.met);
    expect(unmet, `${flow} step ${unmet?.step.id}: ${JSON.stringify(unmet?.unmet)} ${unmet?.error ?? ''}`).toBeUndefined();
    await shown(page, run);
    const pending = run.pending?.kind === 'psu' ? run.pending : null;
    const step = pending ? run.nextStep?.id : run.steps.at(-1)?.step.id;
    const at = `${flow}, step ${step}`;

    await checkLessonStep(expect, page, run, names, at);
    await checkNameCheck(expect, page, flow, step, at);

    if (run.phase === 'finished') break;
    if (pending) {
      const action = pending.either === true ? 'approve' : pending.expected;
      await page.locator('[data-testid="present"] [data-testid="inline-phone"] [data-awaited="true"]').getByTestId(action).click(WAIT);
      await expect.poll(async () => (await api.getRun(lesson.runId)).pending?.kind !== 'psu', WAIT).toBe(true);
    } else {
      await next();
    }
    run = await settled(api, lesson.runId);
  }
  expect(run.phase, flow).toBe('finished');
  expect(run.met, flow).toBe(true);
  await page.screenshot({ path: `${SHOTS}/lesson-words-${flow}.png` });
  await page.keyboard.press('Escape');
}

/** The lessons in `parts` groups, as even as they go. */
function groups(names: string[], parts: number): string[][] {
  return Array.from({ length: parts }, (_, i) => names.filter((_, j) => j % parts === i)).filter((g) => g.length > 0);
}

describe.concurrent('every lesson in the presentation view speaks a bank clerk’s words, and its phone belongs to the step', () => {
  for (const group of groups(
    lessons().filter((l) => (ONLY === undefined ? !SCRIPT.has(l) : ONLY.includes(l))),
    2,
  )) {
    it(
      group.join(', '),
      async ({ expect }) => {
        const ui = await startUi({ viewport: { width: 1280, height: 800 } });
        try {
          const api = controlClient(ui.url);
          for (const flow of group) await walk(expect, ui.page, api, flow);
        } finally {
          await ui.stop();
        }
      },
      UI_TIMEOUT + 240_000,
    );
  }
});
