// The presentation view in Chromium against the real simulator: a consent lesson stepped with → at
// 1280×800 and at 1280×720 CSS pixels (1920×1080 at 150 %), light and dark, with the caption, the
// PSU's phone, the diagram and the Next control in the window; the HTTP behind one click; ← going back
// by a replay on fresh data, said on screen; P and the palette; the text size kept across a reload.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlClient } from '../../shared/control-client';
import { uiPerFile } from './support/ui-per-file';
import { goTo } from './support/browser';

const WAIT = { timeout: 20_000 };
const LESSON_TIMEOUT = 120_000;
const SHOTS = process.env.PRESENT_SHOTS_DIR ?? '/tmp';

const running = uiPerFile({ viewport: { width: 1280, height: 800 } });

const present = (page: Page): Locator => page.getByTestId('present');

/** Waits until the view shows `done` steps run and is at rest. */
async function stepsDone(page: Page, done: number): Promise<void> {
  await page.locator(`[data-testid="present"][data-steps-done="${done}"]`).waitFor(WAIT);
}

/** The element lies wholly inside the window: nothing of it needs scrolling to. */
async function inWindow(page: Page, what: Locator, name: string): Promise<void> {
  const box = await what.boundingBox();
  const size = page.viewportSize();
  expect(box, `${name} is shown`).not.toBeNull();
  if (!box || !size) return;
  expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${name} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(size.width + 0.5);
  expect(box.y + box.height, `${name} bottom`).toBeLessThanOrEqual(size.height + 0.5);
}

/**
 * The zoomed app fills the window, no more and no less (it once filled only its top two thirds at 150 %), and
 * every control of the top bar stays inside it, the text size itself among them (the bar wraps instead).
 */
async function appFillsWindow(page: Page): Promise<void> {
  const size = page.viewportSize();
  await expect.poll(async () => Math.round((await page.locator('.shell').boundingBox())?.height ?? 0)).toBe(size?.height);
  await inWindow(page, page.locator('.shell'), 'the app');
  for (const id of ['clock-toggle', 'clock', 'time-next-limit', 'mode', 'text-size']) await inWindow(page, page.getByTestId(id), id);
  await inWindow(page, page.getByRole('button', { name: 'Commands' }), 'the Commands button');
}

async function allInWindow(page: Page): Promise<void> {
  await inWindow(page, page.getByTestId('present-caption'), 'the caption');
  await inWindow(page, present(page).getByTestId('inline-phone').first(), 'the phone');
  await inWindow(page, page.getByTestId('present-diagram'), 'the diagram');
  await inWindow(page, page.getByTestId('present-next'), 'the Next control');
  // The page itself does not scroll.
  expect(await page.locator('html').evaluate((html) => html.scrollHeight)).toBeLessThanOrEqual((page.viewportSize()?.height ?? 0) + 1);
}

describe('the presentation view', () => {
  it(
    'steps a consent lesson with →, the phone and the diagram beside the caption, in the window at both sizes',
    async () => {
      const { page } = running();
      await goTo(page, 'Flows');
      await page.locator('[data-testid="flow-item"][data-flow="ais-consent"]').click();
      await page.getByTestId('psu-decides').setChecked(true);
      await page.getByTestId('start-run').click();
      await page.getByTestId('request-editor').waitFor(WAIT);
      await page.getByTestId('present-run').click();
      await present(page).waitFor(WAIT);
      const caption = page.getByTestId('present-caption');
      expect(await caption.getAttribute('data-step')).toBe('1');
      // The lesson holds time still, and the presentation says so where the trainer looks.
      await expect.poll(() => present(page).getByTestId('clock-toggle').textContent(), WAIT).toContain('Time paused');

      // A tick box clicked keeps no keys: → still goes on after it.
      const decides = page.getByTestId('present-psu-decides');
      await decides.setChecked(false);
      await decides.setChecked(true);
      // Steps 1 to 4: the app's token, the consent, its status, the PSU's browser opening the link.
      for (let done = 1; done <= 4; done++) {
        await page.keyboard.press('ArrowRight');
        await stepsDone(page, done);
      }
      expect(await caption.getAttribute('data-state')).toBe('done');
      expect(await caption.getAttribute('data-step')).toBe('4');
      expect(await page.getByTestId('present-status').textContent()).toContain('Press → for the next step');
      // Step 5: the PSU approves, on the phone beside the diagram.
      await page.keyboard.press('ArrowRight');
      await present(page).getByTestId('inline-phone').first().waitFor(WAIT);
      await expect.poll(() => caption.getAttribute('data-state'), WAIT).toBe('underWay');
      expect(await caption.getAttribute('data-step')).toBe('5');
      expect(await page.getByTestId('present-status').textContent()).toMatch(/Waiting for .+ to approve on the phone/);
      expect(await page.getByTestId('present-next').isDisabled()).toBe(true);
      const words = await page.getByTestId('present-diagram').locator('.seq-words').allTextContents();
      expect(words).toContain('2.2 TPP asks for a consent');
      expect(words).toContain('4. PSU’s browser opens the SCA link');

      // No focus ring in the pictures: a click on the caption takes the focus off the tick box.
      await caption.click();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const size of [
          { width: 1280, height: 800 },
          { width: 1280, height: 720 },
        ]) {
          await page.setViewportSize(size);
          await allInWindow(page);
          await page.screenshot({ path: `${SHOTS}/present-${size.width}x${size.height}-${scheme}.png` });
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });

      await present(page).locator('[data-testid="inline-phone"] [data-awaited="true"] [data-testid="approve"]').click();
      await stepsDone(page, 5);
      expect(await caption.getAttribute('data-step')).toBe('5');
      expect(await caption.getAttribute('data-state')).toBe('done');
      expect(await caption.textContent()).toContain('as expected');
      const words5 = await page.getByTestId('present-diagram').locator('.seq-words').allTextContents();
      expect(words5).toContain('5. PSU approves in the bank’s app');
    },
    LESSON_TIMEOUT,
  );

  it(
    'shows the step’s headers and bodies behind one click',
    async () => {
      const { page } = running();
      expect(await page.getByTestId('present-http').count()).toBe(0);
      await page.getByTestId('present-show-http').click();
      const http = page.getByTestId('present-http');
      await http.waitFor(WAIT);
      const exchange = http.getByTestId('flow-exchange').first();
      expect(await exchange.textContent()).toContain('/simulator/v1/sca/');
      expect((await exchange.textContent())?.toLowerCase()).toContain('content-type');
      expect(await exchange.textContent()).toContain('finalised');
      await page.screenshot({ path: `${SHOTS}/present-http.png` });
      await page.getByTestId('present-show-http').click();
      await page.getByTestId('present-diagram').waitFor(WAIT);
    },
    LESSON_TIMEOUT,
  );

  it(
    'goes back a step with ← by replaying the lesson on fresh data, and says so',
    async () => {
      const { page } = running();
      const before = await present(page).getAttribute('data-run-id');
      expect(await page.getByTestId('present-back').getAttribute('title')).toContain('Going back replays the lesson on fresh data up to step 4');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => present(page).getAttribute('data-run-id'), WAIT).not.toBe(before);
      await stepsDone(page, 4);
      const caption = page.getByTestId('present-caption');
      expect(await caption.getAttribute('data-step')).toBe('4');
      expect(await caption.getAttribute('data-state')).toBe('done');
      expect(await page.getByTestId('present-status').textContent()).toContain('Going back replays the lesson on fresh data up to step 4');

      const runId = (await present(page).getAttribute('data-run-id')) ?? '';
      const replay = await controlClient(running().url).getRun(runId);
      expect(replay).toMatchObject({ replayOf: before, phase: 'ready', autoApprove: false, nextStep: { id: 'approve' } });
      expect(replay.steps).toHaveLength(4);
      await page.screenshot({ path: `${SHOTS}/present-back.png` });

      // The replayed run is live: → runs step 5 again, and it waits for the PSU on the phone.
      await page.keyboard.press('ArrowRight');
      await present(page).locator('[data-testid="inline-phone"] [data-awaited="true"] [data-testid="approve"]').waitFor(WAIT);
      expect(await caption.getAttribute('data-step')).toBe('5');
    },
    LESSON_TIMEOUT,
  );

  it(
    'leaves with Escape, comes back with P and from the palette',
    async () => {
      const { page } = running();
      await page.keyboard.press('Escape');
      await present(page).waitFor({ state: 'detached', ...WAIT });
      await page.keyboard.press('p');
      await present(page).waitFor(WAIT);
      await page.keyboard.press('Escape');
      await present(page).waitFor({ state: 'detached', ...WAIT });
      await page.keyboard.press('Control+K');
      await page.keyboard.type('Present the run as a lesson');
      await page.keyboard.press('Enter');
      await present(page).waitFor(WAIT);
      await page.keyboard.press('Escape');
      await present(page).waitFor({ state: 'detached', ...WAIT });
    },
    LESSON_TIMEOUT,
  );

  it(
    'scales the whole app by the text size, kept across a reload',
    async () => {
      const { page } = running();
      await page.setViewportSize({ width: 1280, height: 800 });
      // The clock's button grows with the text: at 150 % it is one and a half times as high.
      const toggle = page.getByTestId('clock-toggle');
      const normal = await toggle.boundingBox();
      await page.getByTestId('text-size').selectOption('150');
      await expect.poll(() => page.locator('html').getAttribute('data-text-size')).toBe('150');
      const larger = await toggle.boundingBox();
      expect((larger?.height ?? 0) / (normal?.height ?? 1)).toBeCloseTo(1.5, 1);
      await appFillsWindow(page);
      await page.reload();
      await page.locator('.topbar').waitFor(WAIT);
      expect(await page.getByTestId('text-size').inputValue()).toBe('150');
      expect(((await toggle.boundingBox())?.height ?? 0) / (normal?.height ?? 1)).toBeCloseTo(1.5, 1);
      await appFillsWindow(page);
      for (const size of ['200', '150']) {
        await page.getByTestId('text-size').selectOption(size);
        await appFillsWindow(page);
      }
      // The presentation at that size still fits the window (caption and Next at least; the phone and diagram shrink to fit).
      await page.locator('[data-testid="run-item"]').first().click();
      await page.getByTestId('sequence-diagram').waitFor(WAIT);
      await page.keyboard.press('p');
      await present(page).waitFor(WAIT);
      await page.setViewportSize({ width: 1280, height: 720 });
      await inWindow(page, page.getByTestId('present-caption'), 'the caption');
      await inWindow(page, page.getByTestId('present-next'), 'the Next control');
      await page.screenshot({ path: `${SHOTS}/present-text-150.png` });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+K');
      await page.keyboard.type('Text size: 100');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('html').getAttribute('data-text-size')).toBe('100');
    },
    LESSON_TIMEOUT,
  );
});
