// The command palette in Chromium against the real simulator: Ctrl+K opens it, typing
// narrows the commands, Enter runs one through the same stores the buttons use.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsent } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

const WAIT = { timeout: 10_000 };
const DAY_MS = 24 * 60 * 60 * 1000;
const SCREENSHOTS = '/tmp';

let ui: RunningUi;

beforeAll(async () => {
  ui = await startUi();
  await ui.page.getByTestId('clock').waitFor(WAIT);
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

async function simulatedNow(): Promise<number> {
  const res = await fetch(`${ui.url}/simulator/v1/clock`);
  const { now } = (await res.json()) as { now: string };
  return Date.parse(now);
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press('Control+K');
  await palette(page).waitFor(WAIT);
}

/** Opens the palette, types, and runs the command Enter picks. */
async function runCommand(page: Page, words: string): Promise<void> {
  await openPalette(page);
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
  await palette(page).waitFor({ state: 'detached', ...WAIT });
}

describe('command palette', () => {
  it(
    'opens on Ctrl+K with the focus in its search box and every command listed',
    async () => {
      const { page } = ui;
      await openPalette(page);
      const input = palette(page).getByRole('combobox', { name: 'Command' });
      expect(await input.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      const options = palette(page).getByRole('option');
      expect(await options.count()).toBeGreaterThan(10);
      // The one highlighted row is the one Enter runs, and the search box says which it is.
      const selected = palette(page).locator('[role="option"][aria-selected="true"]');
      expect(await selected.count()).toBe(1);
      expect(await input.getAttribute('aria-activedescendant')).toBe(await selected.getAttribute('id'));

      await page.screenshot({ path: `${SCREENSHOTS}/command-palette-light.png` });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${SCREENSHOTS}/command-palette-dark.png` });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.keyboard.type('phone');
      await page.screenshot({ path: `${SCREENSHOTS}/command-palette-filtered.png` });
      await page.keyboard.press('Escape');
      await palette(page).waitFor({ state: 'detached', ...WAIT });
    },
    UI_TIMEOUT,
  );

  it(
    'moves the simulated clock by 90 days on "90 days" and Enter',
    async () => {
      const { page } = ui;
      const clock = page.getByTestId('clock');
      const shownBefore = await clock.textContent();
      const before = await simulatedNow();

      await openPalette(page);
      await page.keyboard.type('90 days');
      expect(await palette(page).locator('[aria-selected="true"]').textContent()).toContain('Advance the clock by 90 days');
      await page.keyboard.press('Enter');
      await palette(page).waitFor({ state: 'detached', ...WAIT });

      // The command's request is sent after the palette closes: wait for the bank's clock, not the shown
      // one (its seconds tick anyway).
      await expect.poll(async () => (await simulatedNow()) - before, WAIT).toBeGreaterThanOrEqual(90 * DAY_MS);
      await expect.poll(() => clock.textContent(), WAIT).not.toBe(shownBefore);
      const moved = (await simulatedNow()) - before;
      // The simulated clock keeps ticking with real time between the two readings.
      expect(moved).toBeLessThan(90 * DAY_MS + 60_000);
    },
    UI_TIMEOUT,
  );

  it(
    'switches to the Phone on "phone" and Enter',
    async () => {
      const { page } = ui;
      await openPalette(page);
      await page.keyboard.type('phone');
      await page.keyboard.press('Enter');
      await page.getByTestId('phone-screen').waitFor(WAIT);
      expect(await palette(page).count()).toBe(0);
    },
    UI_TIMEOUT,
  );

  it(
    'signs in on the Phone, opens the link and approves a waiting consent',
    async () => {
      const { page } = ui;
      const consent = await createConsent(ui.bank, 'frankfurt', 'FRA-CREATOR');

      await runCommand(page, 'sign in FRA-CREATOR');
      expect(await page.getByTestId('psu-picker').inputValue()).toBe('FRA-CREATOR');
      const card = page.locator(`[data-testid="journey"][data-journey-id="${consent.journeyId}"]`);
      await card.waitFor(WAIT);

      await runCommand(page, 'open the link');
      await page.locator(`[data-testid="journey"][data-journey-id="${consent.journeyId}"][data-status="opened"]`).waitFor(WAIT);
      await runCommand(page, 'approve');
      await page.locator('[data-testid="outcome"][data-status="finalised"]').waitFor(WAIT);
    },
    UI_TIMEOUT,
  );

  it(
    'closes on Escape and gives the focus back where it was',
    async () => {
      const { page } = ui;
      const bankButton = page.getByRole('navigation').getByRole('button', { name: /Bank/ });
      await bankButton.focus();
      await openPalette(page);
      await page.keyboard.press('Escape');
      await palette(page).waitFor({ state: 'detached', ...WAIT });
      expect(await bankButton.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    },
    UI_TIMEOUT,
  );

  it(
    'lists a command that cannot run now greyed out with the reason, and Enter does nothing',
    async () => {
      const { page } = ui;
      await openPalette(page);
      await page.keyboard.type('curl');
      const curl = palette(page).getByRole('option', { name: /selected exchange as cURL/ });
      expect(await curl.getAttribute('aria-disabled')).toBe('true');
      expect(await curl.textContent()).toContain('Select an exchange first');
      expect(await curl.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Enter');
      expect(await palette(page).count()).toBe(1);
      await page.keyboard.press('Escape');
      await palette(page).waitFor({ state: 'detached', ...WAIT });
    },
    UI_TIMEOUT,
  );

  it(
    'asks before resetting the bank, and Escape goes back without resetting',
    async () => {
      const { page } = ui;
      await openPalette(page);
      await page.keyboard.type('reset');
      await page.keyboard.press('Enter');
      const confirm = page.getByTestId('palette-confirm');
      await confirm.waitFor(WAIT);
      expect(await confirm.textContent()).toContain("Reset the bank to the dataset's initial state?");
      expect(await confirm.getByRole('button', { name: 'Reset' }).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/command-palette-confirm.png` });

      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached', ...WAIT });
      expect(await palette(page).getByRole('combobox').inputValue()).toBe('reset');
      await page.keyboard.press('Escape');
      await palette(page).waitFor({ state: 'detached', ...WAIT });
    },
    UI_TIMEOUT,
  );

  it(
    'shows the selected exchange as cURL and puts the focus in the Inspector filter',
    async () => {
      const { page } = ui;
      await (await fetch(`${ui.url}/frankfurt/berlingroup/v1/accounts`)).text();
      await runCommand(page, 'go to inspector');
      const row = page.getByTestId('exchange-row').filter({ hasText: '/frankfurt/berlingroup/v1/accounts' });
      await row.click();
      await page.getByTestId('exchange-detail').waitFor(WAIT);

      await runCommand(page, 'curl');
      expect(await page.getByTestId('curl-command').inputValue()).toContain('/frankfurt/berlingroup/v1/accounts');

      await runCommand(page, 'filter');
      const filter = page.getByRole('searchbox', { name: 'Filter exchanges' });
      await expect.poll(() => filter.evaluate((el) => el === el.ownerDocument.activeElement), WAIT).toBe(true);
    },
    UI_TIMEOUT,
  );
});
