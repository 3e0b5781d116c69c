// With --tls every connection needs a client certificate, the browser's too: with the demo
// TPP's QWAC imported from DIR/tpp/qwac.p12 the UI works, control API and event stream
// included; a browser without it gets no connection at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

const WAIT = { timeout: 10_000 };

let ui: RunningUi;

beforeAll(async () => {
  ui = await startUi({ tls: true });
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

describe('the browser UI under --tls', () => {
  it(
    'opens with the imported qwac.p12 and follows the clock live',
    async () => {
      expect(ui.url).toMatch(/^https:/);
      const { page } = ui;
      const clock = page.getByTestId('clock');
      await clock.waitFor(WAIT);
      expect(await page.locator('.shell-error').count()).toBe(0);
      const before = await clock.textContent();
      await page.keyboard.press('4');
      await page.getByRole('button', { name: 'Advance the clock by 1 day' }).click();
      await expect.poll(() => clock.textContent(), WAIT).not.toBe(before);
    },
    UI_TIMEOUT,
  );

  it(
    'gets no connection without a client certificate',
    async () => {
      const context = await ui.browser.newContext({ ignoreHTTPSErrors: true });
      try {
        const page = await context.newPage();
        await expect(page.goto(`${ui.url}/`, { timeout: 10_000 })).rejects.toThrow();
      } finally {
        await context.close();
      }
    },
    UI_TIMEOUT,
  );
});
