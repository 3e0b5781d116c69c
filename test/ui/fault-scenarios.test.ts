// The bank-level scenarios on the Bank screen (docs/testing-your-tpp.md#presets-bank-level-scenarios):
// a trainer starts one in words, with its minutes and institution where it needs them, sees it listed with
// what it touched, and the bank behaves so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenRequest as bankTokenRequest } from '../support/control';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

let ui: RunningUi;
beforeAll(async () => {
  ui = await startUi();
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

const tokenRequest = (): Promise<Response> => bankTokenRequest({ url: ui.url, client: ui.bank.client });

describe('bank-level scenarios on the Bank screen', () => {
  it(
    'starts the maintenance scenario for an institution and N minutes, which the bank then answers 503 to, and counts it',
    async () => {
      const page = ui.page;
      // Through the navigation, which waits for the app: a shortcut pressed before it has mounted goes nowhere.
      await goTo(page, 'Bank');
      const panel = page.getByTestId('faults-panel');
      await panel.getByTestId('faults-empty').waitFor({ timeout: 10_000 });
      await panel.getByTestId('fault-scenario').selectOption({ label: 'The bank is under maintenance for N minutes: every request answers 503' });
      // Maintenance is for one institution: not started before one is chosen.
      expect(await panel.getByTestId('fault-scenario-add').isDisabled()).toBe(true);
      await panel.getByTestId('fault-scenario-institution').selectOption('frankfurt');
      await panel.getByTestId('fault-scenario-minutes').fill('10');
      await panel.getByTestId('fault-scenario-add').click();
      const row = panel.getByTestId('fault-row');
      await row.waitFor({ timeout: 5_000 });
      expect(await row.textContent()).toContain('at frankfurt: the bank is under maintenance for 10 min of simulated time');
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/bank-fault-scenarios-1280x800.png' });

      const res = await tokenRequest();
      expect(res.status).toBe(503);
      expect(((await res.json()) as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('SERVICE_UNAVAILABLE');
      await expect.poll(() => row.getByTestId('fault-counts').textContent(), { timeout: 5_000 }).toBe('1 request answered 503.');

      await panel.getByTestId('faults-clear').click();
      await panel.getByTestId('faults-empty').waitFor({ timeout: 5_000 });
      expect((await tokenRequest()).status).toBe(200);
    },
    UI_TIMEOUT,
  );
});
