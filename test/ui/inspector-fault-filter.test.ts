// The Inspector narrowed to injected answers (docs/testing-your-tpp.md): the chip "injected by a fault
// rule" lists only the answers a fault rule injected, a rule's number beside it only that rule's, the note on an
// injected answer lists its rule's at one click, and new traffic joins the list only when a rule injected it.
// The Flows screen's composer offers the operator's fault steps: a rule set there is the operator's own.
import { describe, expect, it } from 'vitest';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const ui = uiPerFile();

const addFault = async (rule: unknown): Promise<number> => {
  const res = await fetch(`${ui().url}/simulator/v1/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};
const tokenRequest = (institution: string): Promise<Response> =>
  fetch(`${ui().url}/${institution}/oauth/v1/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${ui().bank.client.clientId}:${ui().bank.client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });

describe('the Inspector’s filter on injected answers', () => {
  it(
    'lists only the injected answers, then one rule’s, and new traffic only when a rule injected it',
    async () => {
      const { page } = ui();
      const unavailable = await addFault({
        match: { operation: 'token-client-credentials', institution: 'frankfurt' },
        action: { status: 503, retryAfter: 5 },
        times: 1,
      });
      const slow = await addFault({ match: { institution: 'paris' }, action: { delayMs: 5 }, times: 1 });
      expect((await tokenRequest('frankfurt')).status).toBe(503);
      expect((await tokenRequest('paris')).status).toBe(200);
      expect((await tokenRequest('frankfurt')).status).toBe(200);
      expect((await tokenRequest('london')).status).toBe(200);

      await goTo(page, 'Inspector');
      const rows = page.getByTestId('exchange-row');
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(4);
      const chip = page.getByTestId('inspector-fault-chip');
      expect(await chip.textContent()).toBe('injected by a fault rule');
      expect(await chip.getAttribute('aria-pressed')).toBe('false');

      await chip.click();
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(2);
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      expect(await rows.nth(0).textContent()).toContain('/paris/oauth/v1/token');
      expect(await rows.nth(1).textContent()).toContain('/frankfurt/oauth/v1/token');
      expect(await rows.nth(1).textContent()).toContain('503');
      expect(await page.getByTestId('inspector-count').textContent()).toBe('showing 2 of 2 matching, 4 kept');

      // One rule's answers: its number beside the chip.
      const rule = page.getByTestId('inspector-fault-rule');
      expect(await rule.getAttribute('placeholder')).toBe('any');
      expect(await page.locator('.chip-rule').textContent()).toBe('only rule');
      await rule.fill(String(unavailable));
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(1);
      expect(await rows.first().textContent()).toContain('/frankfurt/oauth/v1/token');
      await rows.first().click();
      await page.getByTestId('fault-note').waitFor({ timeout: 5_000 });
      await page.screenshot({ path: '/tmp/inspector-fault-filter.png' });

      // Any rule again; new traffic joins only when a rule injected it.
      await rule.fill('');
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(2);
      await addFault({ match: { institution: 'london' }, action: { status: 500 }, times: 1 });
      expect((await tokenRequest('brussels')).status).toBe(200);
      expect((await tokenRequest('london')).status).toBe(500);
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(3);
      expect(await rows.first().textContent()).toContain('/london/oauth/v1/token');
      expect((await rows.allTextContents()).join(' ')).not.toContain('/brussels/');

      // Off: every exchange again.
      await chip.click();
      expect(await chip.getAttribute('aria-pressed')).toBe('false');
      await expect(rule.count()).resolves.toBe(0);
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(6);

      // The note on an injected answer lists its rule's answers at one click.
      await rows.filter({ hasText: '/paris/oauth/v1/token' }).first().click();
      const list = page.getByTestId('fault-note-list');
      expect(await list.textContent()).toBe(`List rule ${slow}’s answers`);
      await page.getByTestId('fault-note').screenshot({ path: '/tmp/inspector-fault-note.png' });
      await list.click();
      await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(1);
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      expect(await rule.inputValue()).toBe(String(slow));
      await expect(list.count()).resolves.toBe(0);
      await page.screenshot({ path: '/tmp/inspector-fault-filter-rule.png' });
    },
    UI_TIMEOUT,
  );

  it(
    'the Flows screen’s composer sets a fault rule from JSON typed into its fields',
    async () => {
      const { page } = ui();
      await fetch(`${ui().url}/simulator/v1/faults`, { method: 'DELETE' });
      await goTo(page, 'Flows');
      await page.getByTestId('composer-tab').click();
      await page.getByTestId('composer-operation').selectOption('addFault');
      const composer = page.getByTestId('composer');
      expect(await composer.locator('input[data-param="action"]').getAttribute('placeholder')).toBe('{"status": 503, "retryAfter": 5}');
      await composer.locator('input[data-param="match"]').fill('{"operation": "payment-status", "institution": "frankfurt"}');
      await composer.locator('input[data-param="action"]').fill('{"status": 503, "retryAfter": 5}');
      await composer.locator('input[data-param="note"]').fill('from the composer');
      await composer.screenshot({ path: '/tmp/composer-add-fault.png' });
      await page.getByTestId('composer-alone').click();
      await page.getByTestId('request-editor').waitFor({ timeout: 10_000 });
      await page.getByTestId('run-to-end').click();
      await page.getByTestId('run-finished').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('step-done').last().getByTestId('step-status').textContent()).toBe('201');
      // The run is finished and still live: the composer's rule stays, as one set on the Bank screen.
      const rules = (await (await fetch(`${ui().url}/simulator/v1/faults`)).json()) as { note: string; match: unknown }[];
      expect(rules).toMatchObject([{ note: 'from the composer', match: { operation: 'payment-status', institution: 'frankfurt' } }]);
    },
    UI_TIMEOUT,
  );
});
