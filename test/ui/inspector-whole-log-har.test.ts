// Whole-log exports and exact bytes in Chromium: the Inspector's HAR button exports every exchange the search matches
// (not only the page the list has loaded) and says how many the file holds; Resend of a body that is not UTF-8,
// unedited, sends the logged bytes exactly.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { sendRaw } from '../support/qa-forms';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

const run = promisify(execFile);
let ui: RunningUi;
const FRANKFURT = 230;
const PARIS = 12;
const LATIN1 = Buffer.concat([Buffer.from('{"access":{},"note":"M'), Buffer.from([0xfc]), Buffer.from('ller"}')]);

const accounts = (institution: string, n: number) =>
  sendRaw(ui.url, { method: 'GET', path: `/${institution}/berlingroup/v1/accounts?n=${n}`, headers: [], body: Buffer.alloc(0) });

beforeAll(async () => {
  ui = await startUi();
  for (let n = 0; n < FRANKFURT; n += 46) await Promise.all(Array.from({ length: 46 }, (_, i) => accounts('frankfurt', n + i)));
  await Promise.all(Array.from({ length: PARIS }, (_, i) => accounts('paris', i)));
  await sendRaw(ui.url, { method: 'POST', path: '/frankfurt/berlingroup/v1/consents', headers: [['Content-Type', 'application/json']], body: LATIN1 });
  // The page opened before the traffic had it as events; opened now, the Inspector reads the log a page at a time.
  await ui.page.reload();
  await goTo(ui.page, 'Inspector');
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

const total = FRANKFURT + PARIS + 1;

async function exportHar(): Promise<{ entries: unknown[]; notice: string }> {
  const page = ui.page;
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, page.getByTestId('export-matches-har').click()]);
  const har = JSON.parse(readFileSync(await download.path()).toString('utf8')) as { log: { entries: unknown[] } };
  const notice = page.getByTestId('har-export-notice');
  await notice.waitFor({ timeout: 15_000 });
  return { entries: har.log.entries, notice: (await notice.textContent()) ?? '' };
}

describe("the Inspector's HAR button", () => {
  it(
    'exports every exchange of the log, not only the page listed, and says how many the file holds',
    async () => {
      const page = ui.page;
      // Opened after the traffic, the list loads its first page only.
      await page.getByTestId('inspector-count').getByText(`showing 200 of ${total} kept`).waitFor({ timeout: 15_000 });
      const { entries, notice } = await exportHar();
      expect(entries).toHaveLength(total);
      expect(notice).toContain(`Saved psd2-workbench.har: HAR 1.2 with ${total} exchanges, every exchange of the log, not only the 200 listed;`);
      expect(notice).toContain('bodies that are not UTF-8 in base64');
      await page.screenshot({ path: '/tmp/har-whole-log.png' });
    },
    UI_TIMEOUT,
  );

  it(
    'exports every match of the search and says how many',
    async () => {
      const page = ui.page;
      await page.getByLabel('Filter exchanges').fill('paris');
      await page.getByTestId('inspector-count').getByText(`showing ${PARIS} of ${PARIS} matching`).waitFor({ timeout: 15_000 });
      const { entries, notice } = await exportHar();
      expect(entries).toHaveLength(PARIS);
      expect(notice).toContain(`HAR 1.2 with ${PARIS} exchanges, every exchange matching “paris”;`);
      await page.screenshot({ path: '/tmp/har-search.png' });
      await page.getByLabel('Filter exchanges').fill('');
    },
    UI_TIMEOUT,
  );
});

describe('Copy as cURL of a body that is not UTF-8', () => {
  it(
    'is the command GET /exchanges/{id}/curl answers, and bash with the real curl sends the logged bytes',
    async () => {
      const page = ui.page;
      const logged = ((await (await fetch(`${ui.url}/simulator/v1/exchanges?q=consents`)).json()) as Exchange[])[0];
      await page.getByLabel('Filter exchanges').fill('consents');
      const row = page.locator(`[data-testid="exchange-row"][data-id="${logged?.id}"]`);
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await page.getByRole('button', { name: 'Copy as cURL' }).click();
      const command = await page.getByTestId('curl-command').inputValue({ timeout: 15_000 });
      expect(command).toMatch(/^printf '\{"access":\{\},"note":"M\\374ller"\}' \| curl /);
      expect(`${command}\n`).toBe(await (await fetch(`${ui.url}/simulator/v1/exchanges/${logged?.id}/curl`)).text());
      await page.screenshot({ path: '/tmp/curl-not-utf8.png' });
      await run('bash', ['-c', command]);
      const replayed = ((await (await fetch(`${ui.url}/simulator/v1/exchanges?q=consents`)).json()) as Exchange[])[0];
      expect(replayed?.id).toBeGreaterThan(logged?.id ?? 0);
      expect(replayed?.request.bodyBase64).toBe(LATIN1.toString('base64'));
      await page.getByRole('button', { name: 'Close' }).first().click();
    },
    UI_TIMEOUT,
  );
});

describe('Resend of a body that is not UTF-8', () => {
  it(
    'sends the logged bytes exactly when the body is not edited',
    async () => {
      const page = ui.page;
      const logged = ((await (await fetch(`${ui.url}/simulator/v1/exchanges?q=consents`)).json()) as Exchange[]).at(-1);
      expect(logged?.request.bodyBase64).toBe(LATIN1.toString('base64'));
      await page.getByLabel('Filter exchanges').fill('consents');
      const row = page.locator(`[data-testid="exchange-row"][data-id="${logged?.id}"]`);
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await page.getByRole('tab', { name: 'Edit and resend' }).click();
      const note = page.getByTestId('resend-bytes-note');
      await note.waitFor({ timeout: 15_000 });
      expect(await note.textContent()).toContain('This body is not UTF-8: unedited, its bytes go exactly as logged');
      expect(await page.getByTestId('resend-body-state').textContent()).toContain('byte for byte as logged');
      await page.screenshot({ path: '/tmp/resend-not-utf8.png' });
      const before = ((await (await fetch(`${ui.url}/simulator/v1/exchanges?limit=1`)).json()) as Exchange[])[0]?.id ?? 0;
      await page.getByTestId('resend').getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByTestId('exchange-detail').locator(`.detail-path`).waitFor({ timeout: 15_000 });
      let resent: Exchange | undefined;
      for (let tries = 0; tries < 50 && resent === undefined; tries++) {
        const found = (await (await fetch(`${ui.url}/simulator/v1/exchanges?q=consents`)).json()) as Exchange[];
        resent = found.find((e) => e.id > before);
        if (resent === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(resent?.request.bodyBase64, 'the resent body, byte for byte').toBe(LATIN1.toString('base64'));
      expect(resent?.request.bodySize).toBe(LATIN1.length);
    },
    UI_TIMEOUT,
  );
});
