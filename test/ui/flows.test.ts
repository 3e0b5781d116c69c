// The Flows screen in Chromium against the real simulator: a two-authorisation payment run step by
// step with the approvers deciding on the inline phones, its live sequence diagram; a signature
// failure whose red arrow opens the bank's diagnosis in the Inspector; a free request composed on its
// own; and a run taken elsewhere as HAR and its diagram as SVG.
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRunState } from '../../preload/api/workbench-api';
import { controlClient } from '../../shared/control-client';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';
import { watchShown } from './support/watch';

const WAIT = { timeout: 20_000 };
const FLOW_TIMEOUT = 120_000;

let ui: RunningUi;

beforeAll(async () => {
  ui = await startUi({ viewport: { width: 1920, height: 1080 } });
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

/** The run the screen shows, as the host keeps it. */
async function openRun(page: Page): Promise<FlowRunState> {
  const runId = await page.getByTestId('run-item').and(page.locator('.run-item-open')).getAttribute('data-run-id');
  return controlClient(ui.url).getRun(runId ?? '');
}

/** An element's computed stroke, in the page's own terms. */
const strokeOf = (line: Locator): Promise<string | undefined> => line.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).stroke);

const exchangesOf = (run: FlowRunState) => [...run.steps.flatMap((s) => s.exchanges), ...run.current];

async function startFlow(page: Page, name: string, autoApprove: boolean): Promise<void> {
  await goTo(page, 'Flows');
  await page.locator(`[data-testid="flow-item"][data-flow="${name}"]`).click();
  await page.getByTestId('psu-decides').setChecked(!autoApprove);
  await page.getByTestId('start-run').click();
  await page.getByTestId('request-editor').waitFor(WAIT);
}

/** Runs to the end, approving on the inline phones whenever the run waits for a PSU; returns how many approvals. */
async function runToEndApprovingOnPhones(page: Page): Promise<number> {
  await page.getByTestId('run-to-end').click();
  const finished = page.getByTestId('run-finished');
  // The decision the run waits for, not any other journey of the same PSU.
  const approve = page.locator('[data-testid="inline-phone"] [data-awaited="true"] [data-testid="approve"]');
  let approvals = 0;
  for (let i = 0; i < 12; i++) {
    await finished.or(approve).first().waitFor(WAIT);
    if (await finished.isVisible()) return approvals;
    const journey = await page.locator('[data-testid="inline-phone"] [data-awaited="true"] [data-testid="journey"]').getAttribute('data-journey-id');
    await approve.click();
    approvals++;
    await page.locator(`[data-testid="inline-phone"] [data-testid="journey"][data-journey-id="${journey}"]`).waitFor({ state: 'detached', ...WAIT });
  }
  throw new Error('the run did not finish');
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, click()]);
  const bytes = readFileSync(await download.path());
  return { name: download.suggestedFilename(), text: bytes.toString('utf8'), bytes };
}

describe('the Flows screen', () => {
  it(
    'says what to do when nothing is picked',
    async () => {
      await goTo(ui.page, 'Flows');
      expect(await ui.page.getByTestId('flows-empty').textContent()).toContain('Pick a flow on the left to start a run, or compose a free request');
    },
    UI_TIMEOUT,
  );

  it(
    'runs the two-authorisation payment with the PSUs approving on the inline phones, and draws it',
    async () => {
      const { page } = ui;
      await startFlow(page, 'sepa-two-authorisations', false);
      const approvals = await runToEndApprovingOnPhones(page);
      // The creator's and both approvers' consents, and the two payment authorisations.
      expect(approvals).toBeGreaterThanOrEqual(5);

      expect(await page.getByTestId('run-finished').getAttribute('data-met')).toBe('true');
      const run = await openRun(page);
      expect(run.met).toBe(true);
      const steps = page.getByTestId('step-done');
      expect(await steps.count()).toBe(run.flow.steps.length);
      expect(await steps.locator('[data-testid="met"][data-met="false"]').count()).toBe(0);
      expect(await steps.getByTestId('step-status').allTextContents()).toEqual(run.steps.map((s) => String(s.status)));
      // The operator's processing took the payment from PDNG to ACCP; the last status report says ACCP.
      const processed = steps.and(page.locator('[data-step="processed"]'));
      await processed.getByRole('button', { expanded: false }).click();
      await processed.getByRole('button', { expanded: true }).waitFor(WAIT);
      expect(
        await processed
          .getByTestId('bank-changes')
          .locator('[data-status]')
          .evaluateAll((all) => all.map((s) => s.getAttribute('data-status'))),
      ).toEqual(['PDNG', 'ACCP']);
      expect(await steps.last().getByTestId('flow-exchange').last().getByTestId('body').textContent()).toContain('ACCP');

      const arrows = page.getByTestId('seq-arrow');
      expect(await arrows.count()).toBe(exchangesOf(run).length);
      const labels = await arrows.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')));
      expect(labels).toContain('POST /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers → 201');
      expect(
        labels.filter((l) => l?.startsWith('POST /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers/') && l.endsWith('/authorisations → 201')),
      ).toHaveLength(2);
      expect(await page.locator('[data-testid="seq-arrow"][data-failed="true"]').count()).toBe(0);
    },
    FLOW_TIMEOUT,
  );

  it(
    'draws a signature failure in red, and its arrow opens the bank’s diagnosis in the Inspector',
    async () => {
      const { page } = ui;
      await startFlow(page, 'signature-body-changed', true);
      await page.getByTestId('run-to-end').click();
      await page.getByTestId('run-finished').waitFor(WAIT);

      const red = page.locator('[data-testid="seq-arrow"][data-failed="true"]');
      expect(await red.count()).toBe(1);
      const stroke = await strokeOf(red.locator('line').first());
      // The status vocabulary's red, as a RJCT badge wears it.
      const rejected = await page.locator('body').evaluate((body) => {
        const probe = body.ownerDocument.createElement('span');
        probe.className = 'status status-RJCT';
        body.append(probe);
        const colour = body.ownerDocument.defaultView?.getComputedStyle(probe).color;
        probe.remove();
        return colour;
      });
      expect(stroke).toBe(rejected);
      const ok = page.locator('[data-testid="seq-arrow"][data-failed="false"]').first();
      expect(await strokeOf(ok.locator('line').first())).not.toBe(rejected);

      expect(await red.getAttribute('aria-label')).toBe('POST /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers → 401');
      await red.click();
      const detail = page.getByTestId('exchange-detail');
      await detail.waitFor(WAIT);
      expect(await page.locator('[data-testid="exchange-row"][aria-selected="true"]').textContent()).toContain('/payments/pain.001-sepa-credit-transfers');
      await detail.getByRole('tab', { name: /Signature/ }).click();
      const verdict = detail.getByTestId('signature-verdict');
      expect(await verdict.textContent()).toContain('SIGNATURE_INVALID');
      expect(await verdict.textContent()).toContain('digest-matches');
    },
    FLOW_TIMEOUT,
  );

  it(
    'composes a free request on its own, sends it and shows the answer',
    async () => {
      const { page } = ui;
      await goTo(page, 'Flows');
      await page.getByTestId('composer-tab').click();
      await page.getByTestId('composer-operation').selectOption('getAccounts');
      await page.locator('[data-testid="composer"] select[data-param="psu"]').selectOption('FRA-CREATOR');
      await page.getByTestId('composer-alone').click();
      await page.getByTestId('request-editor').waitFor(WAIT);
      await page.getByTestId('run-to-end').click();
      await page.getByTestId('run-finished').waitFor(WAIT);
      const result = page.getByTestId('step-done').last();
      expect(await result.getByTestId('step-status').textContent()).toBe('200');
      const answer = result.getByTestId('flow-exchange').last();
      expect(await answer.textContent()).toContain('/frankfurt/berlingroup/v1/accounts');
      expect(await answer.getByTestId('body').textContent()).toContain('"accounts"');
    },
    FLOW_TIMEOUT,
  );

  it(
    'exports the open run as HAR, and its diagram as a standalone SVG and as a PNG at twice its size',
    async () => {
      const { page } = ui;
      const run = await openRun(page);
      const har = await downloaded(page, () => page.getByTestId('export-har').click());
      expect(har.name).toMatch(/^flow-run-.+\.har$/);
      expect(JSON.parse(har.text).log.entries).toHaveLength(exchangesOf(run).length);
      expect(await page.getByTestId('run-notice').textContent()).toContain(har.name);

      const svg = await downloaded(page, () => page.getByTestId('export-svg').click());
      expect(svg.name).toMatch(/^flow-run-.+\.svg$/);
      expect(svg.text).toContain('<svg');
      expect(svg.text).not.toContain('class="seq');
      expect(svg.text).toMatch(/stroke:rgb\(/);
      expect(svg.text.match(/role="button"/g)).toHaveLength(exchangesOf(run).length);

      const png = await downloaded(page, () => page.getByTestId('export-png').click());
      expect(png.name).toMatch(/^flow-run-.+\.png$/);
      expect(png.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      // Drawn at twice the diagram's size.
      const width = Number(await page.getByTestId('sequence-diagram').getAttribute('width'));
      expect(png.bytes.readUInt32BE(16)).toBe(width * 2);
    },
    FLOW_TIMEOUT,
  );

  it(
    'keeps runs: opens one read-only, replays it, imports an exported file and deletes a run',
    async () => {
      const { page } = ui;
      const kept = page.locator('[data-testid="run-item"]');
      const sepa = kept.filter({ hasText: 'Single SEPA payment' }).first();
      const sepaId = await sepa.getAttribute('data-run-id');
      await sepa.click();
      // The list marks the run open once the screen has it; until then another run may still be shown.
      await expect.poll(() => page.locator('.run-item-open').getAttribute('data-run-id'), WAIT).toBe(sepaId);
      await page.getByTestId('run-finished').waitFor(WAIT);
      const opened = await openRun(page);
      expect(opened.flow.name).toBe('sepa-two-authorisations');
      expect(await page.getByTestId('request-editor').count()).toBe(0);

      const before = await kept.count();
      const shown = await watchShown(page, '[data-testid="replay-progress"]', 'text');
      await page.getByRole('button', { name: 'Replay' }).click();
      await expect.poll(() => kept.count(), WAIT).toBe(before + 1);
      const progress = await shown();
      expect(progress.filter((text) => /: step \d+ of \d+$/.test(text)).length, progress.join(' | ')).toBeGreaterThan(0);
      const openId = () => page.locator('.run-item-open').getAttribute('data-run-id');
      await expect.poll(openId, WAIT).not.toBe(opened.runId);
      const replay = await openRun(page);
      expect(replay).toMatchObject({ replayOf: opened.runId, met: true });

      const file = await downloaded(page, () => page.getByTestId('export-run').click());
      expect(file.name).toBe(`flow-run-sepa-two-authorisations-${replay.startedAt.slice(0, 10)}.json`);
      expect(await page.getByTestId('run-notice').textContent()).toContain(file.name);
      await page.getByTestId('import-run').setInputFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
      await expect.poll(() => kept.count(), WAIT).toBe(before + 2);
      await expect.poll(openId, WAIT).not.toBe(replay.runId);
      const imported = await openRun(page);
      expect(imported).toMatchObject({ imported: true });
      expect(await page.locator('.run-item-open').textContent()).toContain('imported');

      await page.getByTestId('delete-run').click();
      await expect.poll(() => kept.count(), WAIT).toBe(before + 1);
      expect(await page.locator(`[data-testid="run-item"][data-run-id="${imported.runId}"]`).count()).toBe(0);
    },
    FLOW_TIMEOUT,
  );

  it(
    'starts a flow and exports the run as HAR from the command palette',
    async () => {
      const { page } = ui;
      await goTo(page, 'Inspector');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await page.keyboard.press('Control+K');
      await page.keyboard.type('Start flow: Funds confirmation');
      await page.keyboard.press('Enter');
      await palette.waitFor({ state: 'detached', ...WAIT });
      await page.getByTestId('flows-screen').waitFor(WAIT);
      await page.locator('[data-testid="step-current"] [data-testid="request-editor"]').waitFor(WAIT);
      expect(await page.locator('.run-title h2').textContent()).toBe('Funds confirmation');

      await page.keyboard.press('Control+K');
      await page.keyboard.type('Export run as HAR');
      const har = await downloaded(page, () => page.keyboard.press('Enter'));
      expect(har.name).toMatch(/^flow-run-funds-confirmation-.+\.har$/);
    },
    FLOW_TIMEOUT,
  );
});
