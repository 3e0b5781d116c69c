// The Inspector in Chromium against the browser host: outside traffic shows up live with
// the bank's signature verdict, and its cURL replays to the same answer.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseHeaders, demoSigningKey, signedHeaders } from '../support/signing';
import type { TestBank } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

const run = promisify(execFile);
const PAYMENT = 'post /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers';
const SIGNED_NAMES = ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'];

let ui: RunningUi;
let bank: TestBank;

beforeAll(async () => {
  ui = await startUi();
  bank = ui.bank;
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

/** A signed request to the sandbox's validation utility whose signature the bank rejects (PSU-ID changed after signing). */
async function sendBadlySigned(): Promise<number> {
  const body = '<Document>Müller</Document>\n';
  const headers = signedHeaders(demoSigningKey(bank), SIGNED_NAMES, baseHeaders(), body);
  headers['psu-id'] = 'someone-else';
  const res = await fetch(`${ui.url}/frankfurt/sandbox/v1/signature/validation`, {
    method: 'POST',
    headers: { ...headers, 'bank-request-target': PAYMENT, 'content-type': 'application/xml' },
    body,
  });
  await res.text();
  return res.status;
}

describe('Inspector', () => {
  it(
    'says where to point a TPP while there is no traffic',
    async () => {
      const empty = ui.page.getByTestId('inspector-empty');
      await empty.waitFor({ timeout: 15_000 });
      expect(await empty.textContent()).toContain(`${ui.url}/frankfurt/berlingroup/v1`);
    },
    UI_TIMEOUT,
  );

  it(
    'shows an outside request within a second, with its signature verdict',
    async () => {
      const status = await sendBadlySigned();
      const sentAt = Date.now();
      const row = ui.page.getByTestId('exchange-row').filter({ hasText: '/frankfurt/sandbox/v1/signature/validation' });
      await row.locator('[data-status="rejected"]', { hasText: 'SIGNATURE_INVALID' }).waitFor({ timeout: 1_000 });
      expect(Date.now() - sentAt).toBeLessThan(1_000);
      expect(await row.locator('.http-status').textContent()).toBe(String(status));

      await row.click();
      await ui.page.getByRole('tab', { name: /Signature/ }).click();
      const verdict = ui.page.getByTestId('signature-verdict');
      await verdict.waitFor();
      expect(await verdict.textContent()).toMatch(/SIGNATURE_INVALID/);
      // Each check with its outcome, the signing string beside the headers parameter, the certificate.
      expect(await ui.page.locator('.check-failed').count()).toBeGreaterThan(0);
      expect(await ui.page.getByTestId('signing-string').textContent()).toMatch(/psu-id:\s+someone-else/);
      expect(await ui.page.getByTestId('certificate').textContent()).toContain('organizationIdentifier');
    },
    UI_TIMEOUT,
  );

  it(
    'lists summaries and asks for the whole of an exchange only when it is selected',
    async () => {
      const asked: string[] = [];
      const note = (request: { url(): string }): void => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/simulator/v1/exchanges')) asked.push(`${url.pathname}${url.search}`);
      };
      ui.page.on('request', note);
      try {
        for (let i = 0; i < 3; i++) await (await fetch(`${ui.url}/frankfurt/berlingroup/v1/summaries-only-${i}`)).text();
        const rows = ui.page.getByTestId('exchange-row').filter({ hasText: '/summaries-only-' });
        await expect.poll(() => rows.count(), { timeout: 3_000 }).toBe(3);
        // A search's page is asked for as summaries, and new traffic fetches no whole record.
        await ui.page.getByLabel('Filter exchanges').fill('summaries-only');
        await expect.poll(() => asked.some((a) => a.includes('q=summaries-only'))).toBe(true);
        expect(asked.filter((a) => /^\/simulator\/v1\/exchanges\?/.test(a)).every((a) => a.includes('view=summary'))).toBe(true);
        expect(asked.filter((a) => /^\/simulator\/v1\/exchanges\/\d+$/.test(a))).toEqual([]);
        const id = await rows.first().getAttribute('data-id');
        await rows.first().click();
        await ui.page.getByRole('tab', { name: /Response/ }).click();
        await ui.page.getByTestId('exchange-detail').getByText('RESOURCE_UNKNOWN').first().waitFor();
        expect(asked.filter((a) => /^\/simulator\/v1\/exchanges\/\d+$/.test(a))).toEqual([`/simulator/v1/exchanges/${id}`]);
      } finally {
        ui.page.off('request', note);
        await ui.page.getByLabel('Filter exchanges').fill('');
      }
    },
    UI_TIMEOUT,
  );

  it(
    'copies an unsigned payment request as cURL that replays to the same status',
    async () => {
      const res = await fetch(`${ui.url}/frankfurt/berlingroup/v1/payments/sepa-credit-transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': '6f0b4b9e-1111-4c5e-9d7a-0c2e5e3b9a10', 'x-note': "it's quoted" },
        body: JSON.stringify({ instructedAmount: { currency: 'EUR', amount: '12.30' } }),
      });
      await res.text();

      const row = ui.page.getByTestId('exchange-row').filter({ hasText: '/payments/sepa-credit-transfers' }).first();
      await row.waitFor({ timeout: 2_000 });
      await row.click();
      await ui.page.getByRole('button', { name: 'Copy as cURL' }).click();
      const command = await ui.page.getByTestId('curl-command').inputValue();
      expect(command).toContain("--data-binary '{");
      expect(command).toContain(`'x-note: it'\\''s quoted'`);

      const { stdout } = await run('bash', ['-c', `${command} --output /dev/null --write-out '%{http_code}'`]);
      expect(Number(stdout)).toBe(res.status);
    },
    UI_TIMEOUT,
  );

  it(
    'filters the list and moves through it with the arrow keys',
    async () => {
      const filter = ui.page.getByLabel('Filter exchanges');
      await filter.fill('signature/validation');
      await expect.poll(() => ui.page.getByTestId('exchange-row').count()).toBe(1);
      await filter.fill('');
      await expect.poll(() => ui.page.getByTestId('exchange-row').count()).toBeGreaterThanOrEqual(2);
      const list = ui.page.getByRole('listbox', { name: 'Exchanges' });
      await list.focus();
      await ui.page.keyboard.press('ArrowUp');
      const selected = await ui.page.locator('[aria-selected="true"][data-testid="exchange-row"]').getAttribute('data-id');
      await ui.page.keyboard.press('ArrowDown');
      const next = await ui.page.locator('[aria-selected="true"][data-testid="exchange-row"]').getAttribute('data-id');
      expect(Number(next)).toBeLessThan(Number(selected));
    },
    UI_TIMEOUT,
  );

  it(
    'switches screens with the number keys and shows the live simulated clock',
    async () => {
      await ui.page.locator('body').click({ position: { x: 5, y: 700 } });
      await ui.page.keyboard.press('3');
      await ui.page.getByTestId('phone-screen').waitFor();
      await ui.page.keyboard.press('1');
      await ui.page.getByTestId('flows-screen').waitFor();
      await ui.page.keyboard.press('2');
      await ui.page
        .getByTestId('inspector-empty')
        .or(ui.page.getByRole('listbox', { name: 'Exchanges' }))
        .waitFor();
      const before = await ui.page.getByTestId('clock').textContent();
      await fetch(`${ui.url}/simulator/v1/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance: 'P1D' }),
      });
      await expect.poll(() => ui.page.getByTestId('clock').textContent(), { timeout: 2_000 }).not.toBe(before);
    },
    UI_TIMEOUT,
  );
});
