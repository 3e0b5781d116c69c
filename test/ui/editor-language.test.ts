// The payment editor's second half in real Chromium against the real simulator: schema completion
// at the cursor, a quick fix that makes CtrlSum right, submission through the built-in TPP with the
// payment's pain.002 explained beside the text (and refreshed as the payment changes), the bank's
// refusal as markers, and a payment's original opened read-only from the Bank screen.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pain001TemplateSummary } from '../../preload/api/workbench-api';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';
import { watchShown } from './support/watch';

const SEPA = 'pain.001-sepa-credit-transfers';
const WAIT = { timeout: 20_000 };

const status = (page: Page) => page.getByTestId('editor-status');
const lines = (page: Page) => page.locator('.monaco-editor .view-lines');
/** The lines in view as text (Monaco draws spaces as no-break spaces). */
const shown = async (page: Page): Promise<string> => ((await lines(page).textContent()) ?? '').replace(/\u00a0/g, ' ');

/** The problems list as [line, rule]. */
async function problems(page: Page): Promise<[number, string][]> {
  return page
    .getByTestId('editor-problems')
    .locator('li[data-line]')
    .evaluateAll((items) => items.map((li): [number, string] => [Number(li.getAttribute('data-line')), li.getAttribute('data-rule') ?? '']));
}

/** Puts the cursor at the end of a 1-based line. */
async function endOfLine(page: Page, line: number): Promise<void> {
  await lines(page).click();
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

async function template(ui: RunningUi): Promise<string> {
  const res = await fetch(`${ui.url}/simulator/v1/templates?institution=frankfurt`);
  const t = ((await res.json()) as Pain001TemplateSummary[]).find((x) => x.product === SEPA && x.kind === 'single');
  if (!t) throw new Error('no SEPA template at Frankfurt');
  return t.pain001;
}

describe('the payment editor: completion, quick fixes, submission, originals', () => {
  let ui: RunningUi;
  let dir: string;
  /** The payment submitted byte for byte, opened again from the Bank screen. */
  let submittedId = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ui = await startUi();
    dir = mkdtempSync(join(tmpdir(), 'wb-editor2-'));
    ui.page.on('pageerror', (e) => pageErrors.push(e.message));
    const { page } = ui;
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Editor/ })
      .click();
    await lines(page).waitFor(WAIT);
    await page.getByTestId('editor-institution').selectOption('frankfurt');
    await page.getByTestId('editor-psu').selectOption('FRA-CREATOR');
    await page.getByTestId('editor-product').selectOption(SEPA);
  }, UI_TIMEOUT);

  afterAll(async () => {
    await ui?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'offers the elements the schema allows at the cursor and inserts one with the cursor inside',
    async () => {
      const { page } = ui;
      await page.getByRole('button', { name: 'Load template' }).click();
      await expect.poll(() => status(page).textContent(), WAIT).toBe('Valid pain.001 (1 transaction)');
      const text = await template(ui);
      const ctrlSum = text.split('\n').findIndex((l) => l.includes('<CtrlSum>')) + 1;
      await endOfLine(page, ctrlSum);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+Space');
      const rows = page.locator('.monaco-editor .suggest-widget .monaco-list-row');
      await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
      const labels = await rows.locator('.label-name').allTextContents();
      // After GrpHdr's CtrlSum: InitgPty (required) and FwdgAgt, nothing before it, nothing of another element.
      expect(labels).toEqual(['InitgPty', 'FwdgAgt']);
      expect(await rows.first().textContent()).toContain('1..1');
      await page.keyboard.press('Escape');
      // A typed "<" offers them too; Enter inserts the pair with the cursor between.
      await page.keyboard.type('<Fw');
      await expect.poll(() => rows.locator('.label-name').allTextContents(), WAIT).toEqual(['FwdgAgt']);
      await page.keyboard.press('Enter');
      await page.keyboard.type('X');
      await expect.poll(() => shown(page), WAIT).toContain('<FwdgAgt>X</FwdgAgt>');
      await page.keyboard.press('Control+z');
      await page.keyboard.press('Control+z');
      await page.getByRole('button', { name: 'Load template' }).click();
      await expect.poll(() => status(page).textContent(), WAIT).toBe('Valid pain.001 (1 transaction)');
    },
    UI_TIMEOUT,
  );

  it(
    'submits a wrong CtrlSum: the bank’s refusal is marked at its line; the quick fix makes it right',
    async () => {
      const { page } = ui;
      const text = await template(ui);
      const ctrlSum = text.split('\n').findIndex((l) => l.includes('<CtrlSum>')) + 1;
      await endOfLine(page, ctrlSum);
      for (let i = 0; i < '</CtrlSum>'.length; i++) await page.keyboard.press('ArrowLeft');
      for (let i = 0; i < '1250.00'.length; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type('99.99');
      await expect.poll(() => problems(page), WAIT).toContainEqual([ctrlSum, 'CtrlSum']);

      // Sent anyway: the bank answers PAYMENT_FAILED naming the line, which becomes a marker there.
      await page.getByTestId('editor-submit').click();
      await page.getByTestId('editor-refused').waitFor(WAIT);
      await expect.poll(() => problems(page), WAIT).toContainEqual([ctrlSum, 'PAYMENT_FAILED']);
      expect(await page.getByTestId('editor-sent').locator('summary').textContent()).toMatch(
        /→ 400\s*POST \/frankfurt\/berlingroup\/v1\/payments\/pain\.001-sepa-credit-transfers$/,
      );

      // The quick fix on the validator's marker: Ctrl+. where it is, then the fix.
      await page.getByTestId('editor-problems').locator('li[data-rule="CtrlSum"] button').click();
      await page.keyboard.press('Control+.');
      const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Recompute NbOfTxs and CtrlSum' });
      await fix.first().waitFor(WAIT);
      await fix.first().click();
      await expect.poll(() => status(page).textContent(), WAIT).toBe('Valid pain.001 (1 transaction)');
      expect(await problems(page)).toEqual([]);
      expect(await shown(page)).toContain('<CtrlSum>1250.00</CtrlSum>');
    },
    UI_TIMEOUT,
  );

  it(
    'submits as the PSU through the built-in TPP: the exact bytes, and the pain.002 explained and refreshed',
    async () => {
      const { page } = ui;
      // Trailing spaces and a comment: the bank must receive the editor's text byte for byte.
      const text = `${(await template(ui)).replace('<ChrgBr>', '<!-- kept as typed -->  \n      <ChrgBr>')}`;
      const file = join(dir, 'payment.xml');
      writeFileSync(file, text);
      await page.getByTestId('editor-open-file').setInputFiles(file);
      await expect.poll(() => status(page).textContent(), WAIT).toBe('Valid pain.001 (1 transaction)');
      await page.getByTestId('editor-submit').click();
      const summary = page.getByTestId('editor-pain002-summary');
      await expect.poll(() => summary.textContent(), WAIT).toBe('Waiting for authorisations (0 of 2 given)');
      const tx = page.getByTestId('editor-transactions').locator('li').first();
      expect(await tx.getAttribute('data-status')).toBe('PATC');
      expect(await page.getByTestId('editor-pain002').locator('.status-PATC').first().textContent()).toBe('PATC');
      expect(await page.getByTestId('editor-sent').locator('summary').textContent()).toMatch(
        /→ 201\s*POST \/frankfurt\/berlingroup\/v1\/payments\/pain\.001-sepa-credit-transfers$/,
      );

      const payments = (await (await fetch(`${ui.url}/simulator/v1/payments`)).json()) as { paymentId: string }[];
      expect(payments).toHaveLength(1);
      const paymentId = payments[0]?.paymentId ?? '';
      submittedId = paymentId;
      const stored = Buffer.from(await (await fetch(`${ui.url}/simulator/v1/payments/${paymentId}/pain001`)).arrayBuffer());
      expect(stored.equals(Buffer.from(text, 'utf8'))).toBe(true);

      // Another PSU authorises in the bank's app: the report follows without a click.
      const approver = await psuSession(ui.bank.tpp, ui.bank.control, 'frankfurt', 'FRA-APPROVER-A');
      const { journey } = await authorisePayment(ui.bank.tpp, ui.bank.control, approver, SEPA, paymentId);
      expect(journey.status).toBe('finalised');
      await expect.poll(() => summary.textContent(), WAIT).toBe('Waiting for authorisations (1 of 2 given)');
    },
    UI_TIMEOUT,
  );

  it(
    'fills payees of the VoP registry by outcome and explains the VoP reason in words',
    async () => {
      const { page } = ui;
      await page.getByTestId('editor-outcome').selectOption('closeMatch');
      await page.getByRole('button', { name: 'Load template' }).click();
      await expect.poll(() => status(page).textContent(), WAIT).toBe('Valid pain.001 (1 transaction)');
      await page.getByTestId('editor-submit').click();
      const reason = page.getByTestId('editor-transactions').locator('.editor-tx-reason[data-code="CMTC"]');
      await expect.poll(() => reason.textContent(), WAIT).toMatch(/Close match: the payee’s bank holds the name \S+/);
    },
    UI_TIMEOUT,
  );

  it('generates a bulk of 10,000 credit transfers in chunks, with its progress, valid as made', async () => {
    const { page } = ui;
    const shown = await watchShown(page, '[data-testid="editor-bulk-progress"]', 'progress');
    await page.getByTestId('editor-bulk-count').fill('10000');
    await page.getByRole('button', { name: 'Generate bulk' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 60_000 }).toBe('Valid pain.001 (10000 transactions)');
    expect(await shown()).toContain('5000/10000');
    expect(await page.getByTestId('editor-bulk-progress').count()).toBe(0);
  }, 90_000);

  it(
    'opens a payment’s original from the Bank screen read-only; “Edit a copy” makes it editable',
    async () => {
      const { page } = ui;
      const paymentId = submittedId;
      const original = await (await fetch(`${ui.url}/simulator/v1/payments/${paymentId}/pain001`)).text();
      await page.getByRole('navigation').getByRole('button', { name: /Bank/ }).click();
      await page.locator(`[data-testid="payments-row"][data-id="${paymentId}"]`).click();
      await page.getByTestId('open-pain001').click();
      await page.getByTestId('editor-readonly').waitFor(WAIT);
      expect(original).toContain('kept as typed');
      await expect.poll(() => page.getByTestId('editor-readonly').textContent(), WAIT).toContain(paymentId.slice(0, 8));
      // The original as sent (its comment further down: the editor draws only the lines in view).
      await lines(page).click();
      await page.keyboard.press('Control+End');
      await expect.poll(() => shown(page), WAIT).toContain('kept as typed');
      await expect.poll(() => page.getByTestId('editor-pain002-summary').textContent(), WAIT).toBe('Waiting for authorisations (1 of 2 given)');
      // Typing changes nothing; Monaco says why.
      const before = await shown(page);
      await lines(page).click();
      await page.keyboard.type('zzz');
      expect(await shown(page)).toBe(before);
      expect(await page.getByTestId('editor-submit').isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Edit a copy' }).click();
      await expect.poll(() => page.getByTestId('editor-readonly').count(), WAIT).toBe(0);
      await page.keyboard.type('zzz');
      await expect.poll(() => shown(page), WAIT).toContain('zzz');
      expect(pageErrors).toEqual([]);
    },
    UI_TIMEOUT,
  );
});
