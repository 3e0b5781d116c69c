// The payment editor in real Chromium against the real simulator: Monaco and its workers load
// from the app's own bundle with every other host refused, the bank's validator marks problems at
// their lines as you type, and a 10,000-transaction bulk validates without freezing the page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pain001TemplateSummary } from '../../preload/api/workbench-api';
import { bulkFromTemplate } from '../../renderer/src/screens/editor/language/generate-bulk';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

const SEPA = 'pain.001-sepa-credit-transfers';
const WAIT = { timeout: 15_000 };

async function sepaTemplate(ui: RunningUi, kind: 'single' | 'bulk'): Promise<string> {
  const res = await fetch(`${ui.url}/simulator/v1/templates?institution=frankfurt`);
  const templates = (await res.json()) as Pain001TemplateSummary[];
  const t = templates.find((x) => x.product === SEPA && x.kind === kind);
  if (!t) throw new Error(`no ${kind} SEPA template at Frankfurt`);
  return t.pain001;
}

const status = (page: Page) => page.getByTestId('editor-status');

/** The problems list as [line, rule, message]. */
async function problems(page: Page): Promise<[number, string, string][]> {
  return page
    .getByTestId('editor-problems')
    .locator('li[data-line]')
    .evaluateAll((items) =>
      items.map((li): [number, string, string] => [
        Number(li.getAttribute('data-line')),
        li.getAttribute('data-rule') ?? '',
        li.querySelector('.editor-problem-message')?.textContent ?? '',
      ]),
    );
}

describe('the payment editor', () => {
  let ui: RunningUi;
  const offsite: string[] = [];
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ui = await startUi();
    const origin = new URL(ui.url).origin;
    // Offline: every request to another host is refused and remembered; the page is loaded again
    // under this rule so nothing before it escapes.
    await ui.page.context().route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === origin || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
      offsite.push(url.href);
      return route.abort('internetdisconnected');
    });
    ui.page.on('console', (m) => {
      // A violation reads "Refused to load/execute/evaluate … because it violates the … Content Security Policy".
      if (/Refused to|unsafe-eval/i.test(m.text())) cspViolations.push(m.text());
    });
    ui.page.on('pageerror', (e) => pageErrors.push(e.message));
    await ui.page.reload();
  }, UI_TIMEOUT);

  afterAll(async () => {
    await ui?.stop();
  });

  it(
    'loads offline from the bundle, with its workers, and takes typing',
    async () => {
      const { page } = ui;
      await page
        .getByRole('navigation')
        .getByRole('button', { name: /Editor/ })
        .click();
      await page.getByTestId('editor-screen').waitFor(WAIT);
      await page.locator('.monaco-editor .view-lines').waitFor(WAIT);
      await page.getByTestId('editor-institution').selectOption('frankfurt');
      await page.getByTestId('editor-product').selectOption(SEPA);
      await page.locator('.monaco-editor .view-lines').click();
      await page.keyboard.insertText('<Document/>');
      await expect.poll(() => page.locator('.monaco-editor .view-lines').textContent(), WAIT).toContain('<Document/>');
      // Digits are text here, not the shell's screen keys.
      await page.keyboard.type('12345');
      await expect.poll(() => page.locator('.monaco-editor .view-lines').textContent(), WAIT).toContain('<Document/>12345');
      expect(await page.getByTestId('editor-screen').isVisible()).toBe(true);
      // The bank's validator answered from its worker: not a pain.001 namespace.
      await expect.poll(() => status(page).textContent(), WAIT).toMatch(/^\d+ problems?$/);
      expect((await problems(page)).map(([, rule]) => rule)).toContain('namespace');
      // The validator's worker, like any worker Monaco starts when it needs one, comes from the app's own assets.
      const workers = () => page.workers().map((w) => w.url());
      await expect.poll(() => workers().some((u) => /\/assets\/validation\.worker-[\w-]+\.js$/.test(u)), WAIT).toBe(true);
      for (const url of workers()) expect(new URL(url).origin).toBe(new URL(ui.url).origin);
      expect(offsite).toEqual([]);
      expect(cspViolations).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
    UI_TIMEOUT,
  );

  it(
    'says a template is valid, then marks a second PmtInf and a wrong IBAN check digit at their lines',
    async () => {
      const { page } = ui;
      await page.getByTestId('editor-psu').selectOption('FRA-CREATOR');
      await page.getByRole('button', { name: 'Load template' }).click();
      await expect.poll(() => status(page).textContent(), WAIT).toBe('Valid pain.001 (1 transaction)');

      // Type a second PmtInf after the first: the template's own, with a wrong check digit in its creditor IBAN.
      const template = await sepaTemplate(ui, 'single');
      const lines = template.split('\n');
      const first = lines.findIndex((l) => l.includes('<PmtInf>'));
      const last = lines.findIndex((l) => l.includes('</PmtInf>'));
      const ibanAt = lines.findIndex((l, i) => i > lines.findIndex((x) => x.includes('<CdtrAcct>')) && l.includes('<IBAN>'));
      const iban = /<IBAN>([A-Z]{2})(\d\d)/.exec(lines[ibanAt] ?? '');
      if (!iban?.[2]) throw new Error('the template has no creditor IBAN');
      const wrong = String((Number(iban[2]) + 1) % 100).padStart(2, '0');
      const block = lines
        .slice(first, last + 1)
        .map((l, i) => (first + i === ibanAt ? l.replace(`<IBAN>${iban[1]}${iban[2]}`, `<IBAN>${iban[1]}${wrong}`) : l))
        .join('\n');
      await page.locator('.monaco-editor .view-lines').click();
      await page.keyboard.press('Control+End');
      for (let n = lines.length; n > last + 1; n--) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('End');
      await page.keyboard.insertText(`\n${block}`);

      const secondPmtInf = last + 2; // 1-based: the line after the first </PmtInf>
      const badIban = secondPmtInf + (ibanAt - first);
      await expect
        .poll(() => problems(page), WAIT)
        .toEqual(
          expect.arrayContaining([
            [secondPmtInf, 'one PmtInf', expect.stringContaining('exactly one is accepted')],
            [badIban, 'IBAN check digits', expect.stringContaining('check digits')],
          ]),
        );
      expect(await status(page).textContent()).toMatch(/^\d+ problems$/);
      // Monaco draws them too: squiggles in the text, the message in the hover.
      expect(await page.locator('.monaco-editor .squiggly-error').count()).toBeGreaterThan(0);
      await page.getByTestId('editor-problems').locator(`li[data-rule="IBAN check digits"] button`).click();
      await page.keyboard.press('F8');
      await expect
        .poll(() => page.locator('.monaco-editor .marker-widget, .monaco-editor .zone-widget').first().textContent(), WAIT)
        .toMatch(/check digits|PmtInf/);
    },
    UI_TIMEOUT,
  );

  it('validates a 10,000-transaction bulk in a worker: a click during validation is handled at once', async () => {
    const { page } = ui;
    const bulk = bulkFromTemplate(await sepaTemplate(ui, 'bulk'), 10_000);
    const dir = mkdtempSync(join(tmpdir(), 'wb-editor-'));
    const file = join(dir, 'bulk-10000.xml');
    writeFileSync(file, bulk);
    try {
      // Every click's wall-clock time (the page and this test read the same system clock) and what
      // the status said when the page handled it. A click's own timeStamp would not do: Chromium
      // stamps it when the busy page finally takes the input, not when it was sent.
      await page.locator('body').evaluate((body) => {
        const doc = body.ownerDocument;
        const w = doc.defaultView as unknown as { clicks: { at: number; status: string }[] };
        w.clicks = [];
        doc.addEventListener(
          'click',
          () => w.clicks.push({ at: Date.now(), status: doc.querySelector('[data-testid="editor-status"]')?.textContent ?? '' }),
          true,
        );
      });
      const toggle = page.getByRole('button', { name: /^Problems/ });
      const box = await toggle.boundingBox();
      if (!box) throw new Error('the problems toggle is not on screen');
      await page.getByTestId('editor-open-file').setInputFiles(file);
      await expect.poll(() => status(page).textContent(), WAIT).toBe('Validating…');
      // Past the debounce, the worker is validating: click by coordinates (no actionability checks,
      // which would wait for a busy page and hide the delay).
      await page.waitForTimeout(350);
      const sentAt = Date.now();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('Valid pain.001 (10000 transactions)');
      const clicks = await page
        .locator('body')
        .evaluate((body) => (body.ownerDocument.defaultView as unknown as { clicks: { at: number; status: string }[] }).clicks);
      console.log(`editor: a click during the validation of 10,000 transactions was handled after ${clicks.map((c) => c.at - sentAt).join(', ')} ms`);
      expect(clicks).toHaveLength(1);
      // Handled while the worker still validates: on the page's thread the click would wait for the end.
      expect(clicks[0]?.status).toBe('Validating…');
      // Within a second even on a busy two-core machine running other tests beside (Monaco's own work on
      // 10,000 transactions may hold an input a few hundred ms); the page-thread validation takes seconds.
      expect((clicks[0]?.at ?? Infinity) - sentAt).toBeLessThan(1_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
