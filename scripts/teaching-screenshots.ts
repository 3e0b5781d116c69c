// The pictures of docs/teaching.md, made by the app as a trainer would see it on a projector at 150 %:
// 1920×1080 (1280×720 CSS pixels) for most, and the presentation view at 1280×800 too (853×533), light
// and dark, where the room is tightest. `npm run screenshots` writes them into docs/teaching/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { controlClient } from '../shared/control-client';
import { goTo, PROJECT_ROOT, startUi } from '../test/ui/support/browser';
import { awaitedCard, decideOnPhone, finishLesson, startLesson, stepUntil } from '../test/ui/support/lesson';

const OUT = join(PROJECT_ROOT, 'docs', 'teaching');
/** The screens a trainer projects, each at 150 %: CSS pixels of two thirds the screen's, drawn with 1.5 device pixels each. */
const SCREENS = [
  { name: '1920x1080', viewport: { width: 1280, height: 720 } },
  { name: '1280x800', viewport: { width: 853, height: 533 } },
] as const;
const SCALE = 1.5;

async function shoot(page: Page, name: string): Promise<void> {
  // No focus ring or caret in a picture for a guide.
  await page.locator(':focus').evaluateAll((focused) => focused.forEach((el) => (el as unknown as { blur(): void }).blur()));
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

/** The presentation view as it is at each screen size, light and dark: `present-1280x800-dark.png`, …. */
async function shootPresent(page: Page): Promise<void> {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen.viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await shoot(page, `present-${screen.name}-${colorScheme}`);
    }
  }
  await page.setViewportSize(SCREENS[0].viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}

export async function teachingScreenshots(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const ui = await startUi({ viewport: SCREENS[0].viewport });
  // A context of its own: the pictures have the projector's 1.5 device pixels per CSS pixel, as the class sees them.
  const context = await ui.browser.newContext({ viewport: SCREENS[0].viewport, deviceScaleFactor: SCALE, colorScheme: 'light' });
  try {
    const page = await context.newPage();
    await page.goto(`${ui.url}/`);
    const api = controlClient(ui.url);

    await goTo(page, 'Bank');
    await page.getByTestId('new-class').click();
    await shoot(page, 'new-class');
    await page.getByTestId('new-class-confirm').click();

    const close = await startLesson(page, api, 'vop-close-match-psu-decides', { payee: 'closeMatch' });
    // The step that says what the payee's bank answered: the longest caption, the diagram at the payee's bank.
    await stepUntil(close, (run) => run.steps.some((s) => s.step.id === 'vop'));
    await shootPresent(page);
    await stepUntil(close, () => false);
    await shoot(page, 'close-match');
    await decideOnPhone(close, 'approve');
    await finishLesson(close);

    // The creator's own consent first; then the payment the bank will refuse the creator, said before pressing.
    const duty = await startLesson(page, api, 'separation-of-duty');
    for (;;) {
      await stepUntil(duty, () => false);
      if ((await (await awaitedCard(duty)).getByTestId('refusal-warning').count()) > 0) break;
      await decideOnPhone(duty, 'approve');
    }
    await shoot(page, 'separation-of-duty');
    await page.keyboard.press('Escape');

    const timeout = await startLesson(page, api, 'sca-timeout-after-opening');
    await stepUntil(timeout, (run) => run.nextStep?.operation === 'advanceClock');
    // Out of the presentation for a moment: the top bar says the lesson holds time still.
    await page.keyboard.press('Escape');
    await shoot(page, 'time-paused');
    await page.keyboard.press('p');
    await page.getByTestId('present').waitFor();
    await stepUntil(timeout, (run) => run.steps.some((s) => s.step.operation === 'advanceClock'));
    await page.getByTestId('present-phones').getByText('Time is up').waitFor();
    await shoot(page, 'time-is-up');
    await finishLesson(timeout);
  } finally {
    await context.close();
    await ui.stop();
  }
}
