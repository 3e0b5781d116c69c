// The Inspector in Chromium: search beyond the newest page, the exact bytes of a body (as sent,
// hex), and the diff of a failing and a passing exchange (docs/qa.md#the-inspector).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { validateSignedAndTampered } from '../support/signing';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';
import { tickForCompare } from './support/compare-picks';

const WAIT = { timeout: 15_000 };
/** More than the Inspector's first page (PAGE_SIZE 200). */
const BURST = 230;

let ui: RunningUi;

beforeAll(async () => {
  ui = await startUi();
  await goTo(ui.page, 'Inspector');
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

const post = async (path: string, headers: Record<string, string>, body: string): Promise<void> => {
  const res = await fetch(`${ui.url}${path}`, { method: 'POST', headers, body });
  await res.text();
};

const newest = async (limit: number): Promise<Exchange[]> => (await (await fetch(`${ui.url}/simulator/v1/exchanges?limit=${limit}`)).json()) as Exchange[];

const row = (id: number) => ui.page.locator(`[data-testid="exchange-row"][data-id="${id}"]`);
const countText = () => ui.page.getByTestId('inspector-count').textContent();

describe('Inspector: search the whole log', () => {
  let oldId: number;

  beforeAll(async () => {
    await post('/frankfurt/berlingroup/v1/consents', { 'content-type': 'application/json' }, '{"note":"a wombat in the body"}');
    oldId = (await newest(1))[0]?.id ?? 0;
    for (let sent = 0; sent < BURST; sent += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => fetch(`${ui.url}/frankfurt/berlingroup/v1/accounts?n=${sent + i}`).then((r) => r.text())));
    }
  }, UI_TIMEOUT);

  it(
    'finds an exchange older than the newest page by a word of its body, with true counts',
    async () => {
      // The list shows the newest page; the old exchange is not among them until searched for.
      await ui.page.reload();
      await expect.poll(countText, WAIT).toMatch(new RegExp(`^showing 200 of ${BURST + 1} kept$`));
      expect(await row(oldId).count()).toBe(0);

      await ui.page.getByLabel('Filter exchanges').fill('WOMBAT');
      await row(oldId).waitFor(WAIT);
      await expect.poll(countText, WAIT).toBe(`showing 1 of 1 matching, ${BURST + 1} kept`);
      expect(await ui.page.getByTestId('exchange-row').count()).toBe(1);
      // Its failure's code and the start of the reason, in the row.
      expect(await row(oldId).getByTestId('exchange-failure').textContent()).toMatch(/^[A-Z_]+ \S+/);
      await ui.page.getByLabel('Filter exchanges').fill('');
    },
    UI_TIMEOUT,
  );

  it(
    'pages older exchanges in as the list scrolls',
    async () => {
      await expect.poll(countText, WAIT).toBe(`showing 200 of ${BURST + 1} kept`);
      const list = ui.page.getByRole('listbox', { name: 'Exchanges' });
      await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(countText, WAIT).toBe(`showing ${BURST + 1} of ${BURST + 1} kept`);
      // Only the rows in view are drawn (the list is virtualised): scrolled to its end, the oldest is among them.
      await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await row(oldId).waitFor(WAIT);
      expect(await ui.page.getByTestId('exchange-row').count()).toBeLessThan(60);
    },
    UI_TIMEOUT,
  );

  it(
    'narrows to a status class with a chip',
    async () => {
      await post('/frankfurt/sandbox/v1/signature/validation', { 'content-type': 'text/plain' }, 'unsigned');
      const chip = ui.page.getByRole('button', { name: '2xx', exact: true });
      await chip.click();
      await expect.poll(countText, WAIT).toMatch(/matching/);
      const statuses = await ui.page.locator('[data-testid="exchange-row"] .http-status').allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((s) => s.startsWith('2'))).toBe(true);
      await chip.click();
      await expect.poll(countText, WAIT).not.toMatch(/matching/);
    },
    UI_TIMEOUT,
  );
});

describe('Inspector: the exact bytes', () => {
  it(
    'shows CRLF, a trailing space and an umlaut as sent, and their bytes in hex',
    async () => {
      await post('/frankfurt/berlingroup/v1/consents', { 'content-type': 'text/plain; charset=utf-8' }, 'first line \r\nÄpfel\tend');
      const id = (await newest(1))[0]?.id ?? 0;
      await row(id).click();
      const detail = ui.page.getByTestId('exchange-detail');
      await detail.getByRole('button', { name: 'As sent' }).first().click();
      const asSent = detail.getByTestId('body-as-sent').first();
      await asSent.waitFor(WAIT);
      expect(await detail.getByTestId('body-shown').first().textContent()).toMatch(/^As sent/);
      expect(await asSent.locator('.invisible-space').textContent()).toBe('·');
      expect(await asSent.locator('.invisible-cr').count()).toBe(1);
      expect(await asSent.locator('.invisible-lf').count()).toBe(1);
      expect(await asSent.locator('.invisible-tab').count()).toBe(1);
      expect(await asSent.locator('.invisible-non-ascii').textContent()).toBe('Ä');

      await detail.getByRole('button', { name: 'Hex' }).first().click();
      const hex = await detail.getByTestId('body-hex').first().textContent();
      // "line " then CR LF, then Ä as two UTF-8 bytes; the tab on the next line.
      expect(hex).toContain('00000010  66 65 6c 09 65 6e 64');
      expect(hex).toMatch(/^00000000 {2}66 69 72 73 74 20 6c 69 {2}6e 65 20 0d 0a c3 84 70 \|first line \.\.\.\.p\|/);
    },
    UI_TIMEOUT,
  );
});

describe('Inspector: diff two exchanges', () => {
  it(
    'shows a failing and a passing signed request side by side, differences marked',
    async () => {
      await validateSignedAndTampered(ui.bank, '<Document>Müller</Document>\n');
      const [failing, passing] = await newest(2);
      expect(failing?.signature?.verdict.valid).toBe(false);
      expect(passing?.signature?.verdict.valid).toBe(true);

      await tickForCompare(ui.page, [passing?.id ?? 0, failing?.id ?? 0]);
      await ui.page.getByRole('button', { name: /^Compare/ }).click();
      const diff = ui.page.getByTestId('exchange-diff');
      await diff.waitFor(WAIT);

      const section = (title: string) =>
        diff.getByTestId('diff-section').filter({ has: ui.page.locator('.diff-section-title', { hasText: new RegExp(`^${title}$`) }) });
      // Same method and path: the request line is identical and folded away.
      expect(await section('Request line').getAttribute('data-identical')).toBe('true');
      expect(await section('Request line').evaluate((el) => el.hasAttribute('open'))).toBe(false);
      // Headers aligned by name: PSU-ID differs, the word that changed marked.
      const psuId = section('Request headers')
        .locator('tr[data-diff="changed"]')
        .filter({ has: ui.page.locator('th', { hasText: /^psu-id/i }) });
      expect(await psuId.count()).toBe(1);
      expect(await psuId.locator('.diff-right .diff-word').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/someone|else/)]));
      // The bank's answers differ in their body, marked line by line.
      expect(await section('Response body').getAttribute('data-identical')).toBe('false');
      expect(await section('Response body').locator('tr[data-diff="changed"], tr[data-diff="removed"], tr[data-diff="added"]').count()).toBeGreaterThan(0);
      expect(await section('Response body').locator('.diff-word').count()).toBeGreaterThan(0);
      // The signing strings, line by line: the psu-id line differs.
      expect(
        await section('Signing string')
          .locator('tr[data-diff="changed"] th', { hasText: /psu-id/i })
          .count(),
      ).toBe(1);
      // The identical request body can be opened.
      await section('Request body').locator('summary').click();
      expect(await section('Request body').evaluate((el) => el.hasAttribute('open'))).toBe(true);
    },
    UI_TIMEOUT,
  );
});
