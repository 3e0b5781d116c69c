// Faults on demand in the UI: a fault added from the Bank screen fires on the bank's traffic and
// counts it; an answer a rule injected says so in the Inspector, naming the rule and what it did, and an
// exchange whose connection a rule dropped shows "no answer", not a status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenRequest as bankTokenRequest } from '../support/control';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

let ui: RunningUi;
beforeAll(async () => {
  ui = await startUi();
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

const addFault = (rule: unknown): Promise<Response> =>
  fetch(`${ui.url}/simulator/v1/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) });
const tokenRequest = (): Promise<Response> => bankTokenRequest({ url: ui.url, client: ui.bank.client });

describe('injected answers in the Inspector', () => {
  it(
    'marks the answer a rule injected and shows a dropped connection as no answer',
    async () => {
      expect((await addFault({ match: { operation: 'token-client-credentials' }, action: { status: 503, retryAfter: 5 }, times: 1 })).status).toBe(201);
      expect((await tokenRequest()).status).toBe(503);
      const rows = ui.page.getByTestId('exchange-row').filter({ hasText: '/frankfurt/oauth/v1/token' });
      await rows.first().waitFor({ timeout: 5_000 });
      await rows.first().click();
      const note = ui.page.getByTestId('fault-note');
      await note.waitFor({ timeout: 5_000 });
      expect(await note.textContent()).toMatch(
        /^Injected on purpose by rule \d+: 503 \(Retry-After 5 s\), before the bank acts\. Faults are set on the Bank screen/,
      );

      expect((await addFault({ match: { operation: 'token-client-credentials' }, action: { drop: 'reset' }, times: 1 })).status).toBe(201);
      await expect(tokenRequest()).rejects.toThrow();
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(2);
      await rows.first().click();
      expect(await ui.page.getByTestId('exchange-detail').locator('.detail-title .http-status').textContent()).toBe('no answer');
      expect(await note.textContent()).toContain('the connection reset, before the bank acts');
      await ui.page.screenshot({ path: '/tmp/inspector-fault.png' });
    },
    UI_TIMEOUT,
  );

  it(
    'a fault added on the Bank screen fires on the next request, counts it, and the Inspector names it',
    async () => {
      const page = ui.page;
      await fetch(`${ui.url}/simulator/v1/faults`, { method: 'DELETE' });
      await page.keyboard.press('4');
      const panel = page.getByTestId('faults-panel');
      await panel.getByTestId('faults-empty').waitFor({ timeout: 5_000 });
      await panel.getByTestId('fault-operation').selectOption('token-client-credentials');
      await panel.getByTestId('fault-institution').selectOption('frankfurt');
      await panel.getByTestId('fault-action').selectOption({ label: '429 Too Many Requests, Retry-After 2 s' });
      await panel.getByTestId('fault-times').fill('1');
      await panel.getByTestId('fault-add').click();
      const row = panel.getByTestId('fault-row');
      await row.waitFor({ timeout: 5_000 });
      expect(await row.textContent()).toContain('TPP token requests at frankfurt: 429 (Retry-After 2 s), before the bank acts, 1 time.');
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/bank-faults-1280x800.png' });

      const res = await tokenRequest();
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('2');
      await expect.poll(() => row.getByTestId('fault-counts').textContent(), { timeout: 5_000 }).toBe('Fired 1 of 1 matched, done.');

      await page.keyboard.press('2');
      const rows = page.getByTestId('exchange-row').filter({ hasText: '/frankfurt/oauth/v1/token' });
      // The first test's two, then this one, newest first.
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(3);
      await rows.first().click();
      expect(await page.getByTestId('fault-note').textContent()).toContain('429 (Retry-After 2 s), before the bank acts');

      await page.keyboard.press('4');
      await panel.getByTestId('faults-clear').click();
      await panel.getByTestId('faults-empty').waitFor({ timeout: 5_000 });
      expect((await tokenRequest()).status).toBe(200);
    },
    UI_TIMEOUT,
  );
});
