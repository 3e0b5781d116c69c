// The presentation view driven as a presenter's clicker and a keyboard drive it, in Chromium at a laptop's
// 1280×800 with the text at 150 %: Space and ↓ go on, ↑ goes back (as → and ←); Space on a tick box with
// the focus still goes on and leaves the box as it was; the lesson's title wraps, never cut; and the
// lesson ends with the words docs/teaching.md quotes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlClient } from '../../shared/control-client';
import { goTo, PROJECT_ROOT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const WAIT = { timeout: 20_000 };
const SHOTS = process.env.PRESENT_SHOTS_DIR ?? '/tmp';
const LESSON = 'sca-timeout-after-opening';
const TITLE = 'SCA runs out of time: 5 minutes after the PSU opened the link';

const running = uiPerFile({ viewport: { width: 1280, height: 800 } });

async function stepsDone(page: Page, done: number): Promise<void> {
  await page.locator(`[data-testid="present"][data-steps-done="${done}"]`).waitFor(WAIT);
}

describe('the presentation view’s keys, title and ending', () => {
  it('goes on with Space and ↓, back with ↑, and its title wraps whole at 1280×800 with the text at 150 %', async () => {
    const { page } = running();
    await page.getByTestId('text-size').selectOption('150');
    await goTo(page, 'Flows');
    await page.locator(`[data-testid="flow-item"][data-flow="${LESSON}"]`).click();
    await page.getByTestId('start-run').click();
    await page.getByTestId('present-run').click(WAIT);
    const present = page.getByTestId('present');
    await present.waitFor(WAIT);

    const title = page.locator('.present-flow');
    expect(await title.textContent()).toBe(TITLE);
    // Nothing of it is cut: it needs no more room than it has, and lies inside the window.
    const cut = await title.evaluate((h) => h.scrollWidth > h.clientWidth || h.scrollHeight > h.clientHeight);
    expect(cut, 'the title is cut').toBe(false);
    const box = await title.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 1280).toBe(true);
    await page.screenshot({ path: `${SHOTS}/present-title-1280x800-150.png` });

    await page.keyboard.press('Space');
    await stepsDone(page, 1);
    await page.keyboard.press('ArrowDown');
    await stepsDone(page, 2);
    // With the tick box focused (clicked twice: as it was), Space goes on and leaves the box alone.
    const decides = page.getByTestId('present-psu-decides');
    await decides.click();
    await decides.click();
    expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe('present-psu-decides');
    await page.keyboard.press('Space');
    await stepsDone(page, 3);
    expect(await decides.isChecked()).toBe(true);

    const before = await present.getAttribute('data-run-id');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => present.getAttribute('data-run-id'), WAIT).not.toBe(before);
    await stepsDone(page, 2);
    expect(await page.getByTestId('present-status').textContent()).toContain('Going back replays the lesson on fresh data up to step 2');
  }, 90_000);

  it('ends with the guide’s words', async () => {
    const { page } = running();
    const api = controlClient(running().url);
    const runId = (await page.getByTestId('present').getAttribute('data-run-id')) ?? '';
    for (let done = 2; done < 9; done++) {
      await page.keyboard.press('Space');
      await stepsDone(page, done + 1);
    }
    await expect.poll(async () => (await api.getRun(runId)).phase, WAIT).toBe('finished');
    const ending = (await page.getByTestId('present-status').textContent()) ?? '';
    expect(ending).toBe('The lesson is over: every step went as expected');
    const guide = readFileSync(join(PROJECT_ROOT, 'docs', 'teaching.md'), 'utf8').replace(/\s+/g, ' ');
    expect(guide).toContain(`*${ending}*`);
    await page.keyboard.press('Escape');
    await page.getByTestId('text-size').selectOption('100');
  }, 90_000);
});
