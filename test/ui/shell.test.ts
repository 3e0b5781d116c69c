// The frame around the screens: a page that loads without a console error (frame-ancestors
// travels as a header, a favicon is there), the simulated clock running on screen between
// events, the theme command kept across reloads, the palette offering approvals for
// "approve", and the chosen screen kept across a reload.
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createConsent } from '../support/simulator';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const WAIT = { timeout: 15_000 };

const running = uiPerFile();

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

async function typeInPalette(page: Page, words: string): Promise<void> {
  await page.keyboard.press('Control+K');
  await palette(page).waitFor(WAIT);
  await page.keyboard.type(words);
}

async function runCommand(page: Page, words: string): Promise<void> {
  await typeInPalette(page, words);
  await page.keyboard.press('Enter');
  await palette(page).waitFor({ state: 'detached', ...WAIT });
}

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');
const background = (page: Page) => page.locator('html').evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor);

describe('the shell', () => {
  it(
    'loads without a console error, sends frame-ancestors as a header and shows a favicon',
    async () => {
      const page = await running().page.context().newPage();
      const errors: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`${running().url}/`);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.getByTestId('clock').waitFor(WAIT);
      // Whatever the page loads late (the favicon, a lazy chunk) has had time to fail.
      await page.waitForLoadState('networkidle');
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(icon).not.toBeNull();
      const favicon = await fetch(new URL(icon as string, page.url()));
      expect(favicon.status).toBe(200);
      expect(favicon.headers.get('content-type')).toBe('image/svg+xml');
      expect(errors).toEqual([]);
      await page.close();
    },
    UI_TIMEOUT,
  );

  it(
    'runs the simulated clock in the top bar without any event',
    async () => {
      const clock = running().page.getByTestId('clock');
      await clock.waitFor(WAIT);
      const first = await clock.textContent();
      // Seconds on screen: the text changes within a few seconds while nothing moves the clock.
      await expect.poll(() => clock.textContent(), { timeout: 10_000, interval: 250 }).not.toBe(first);
      const shown = Date.parse((await clock.getAttribute('datetime')) as string);
      const { now } = (await fetch(`${running().url}/simulator/v1/clock`).then((r) => r.json())) as { now: string };
      // The shown clock and the simulator's agree to within the ticks and a slow machine.
      expect(Math.abs(Date.parse(now) - shown)).toBeLessThan(5_000);
    },
    UI_TIMEOUT,
  );

  it(
    'switches the theme from the palette and keeps it across a reload',
    async () => {
      const { page } = running();
      expect(await theme(page)).toBe('system');
      const light = await background(page);
      await runCommand(page, 'theme dark');
      expect(await theme(page)).toBe('dark');
      await expect.poll(() => background(page), WAIT).not.toBe(light);
      const dark = await background(page);

      await page.reload();
      await page.getByTestId('clock').waitFor(WAIT);
      expect(await theme(page)).toBe('dark');
      expect(await background(page)).toBe(dark);

      await runCommand(page, 'theme light');
      expect(await theme(page)).toBe('light');
      expect(await background(page)).toBe(light);
      await runCommand(page, 'theme system');
      expect(await theme(page)).toBe('system');
    },
    UI_TIMEOUT,
  );

  it(
    'offers the waiting approval first for "approve", before the PSUs named approver',
    async () => {
      const { page } = running();
      await goTo(page, 'Phone');
      await page.getByTestId('psu-picker').selectOption('FRA-CREATOR');
      const consent = await createConsent(running().bank, 'frankfurt', 'FRA-CREATOR');
      await page.locator(`[data-testid="journey"][data-journey-id="${consent.journeyId}"]`).waitFor(WAIT);

      await typeInPalette(page, 'approve');
      const options = palette(page).getByRole('option');
      await expect.poll(() => options.count(), WAIT).toBeGreaterThan(1);
      expect(await options.first().getAttribute('data-command')).toBe('phone-open');
      expect(await options.nth(1).getAttribute('data-command')).toMatch(/^phone-psu-/);
      await page.keyboard.press('Escape');
      await palette(page).waitFor({ state: 'detached', ...WAIT });
    },
    UI_TIMEOUT,
  );

  it(
    'keeps the chosen screen across a reload, each screen rendering before the host has answered',
    async () => {
      const { page } = running();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const [screen, shown] of [
        ['Bank', 'bank-screen'],
        ['Flows', 'flows-screen'],
        ['Phone', 'phone-screen'],
      ] as const) {
        await goTo(page, screen);
        await page.reload();
        await page.getByTestId(shown).waitFor(WAIT);
        await page.getByTestId('clock').waitFor(WAIT);
      }
      expect(errors).toEqual([]);
    },
    UI_TIMEOUT,
  );
});
