// Faults on demand in the Inspector (issue 33): an answer a fault rule injected says so, naming the rule
// and what it did, and an exchange whose connection a rule dropped shows "no answer", not a status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const tokenRequest = (): Promise<Response> =>
  fetch(`${ui.url}/frankfurt/oauth/v1/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${ui.bank.client.clientId}:${ui.bank.client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });

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
      expect(await note.textContent()).toMatch(/^Injected on purpose by rule \d+: 503 \(Retry-After 5 s\), before the bank acts\./);

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
});
