// A lesson's choices on the Flows screen in Chromium: the form shows the flow's parameters in plain
// words with their defaults preselected; the values picked there are what the run uses (the payee
// of the chosen VoP outcome in the payment request) and what it keeps; an unmet expectation reads
// with its values quoted once.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FlowRunState } from '../../preload/api/workbench-api';
import { controlClient } from '../../shared/control-client';
import { uiPerFile } from './support/ui-per-file';
import { goTo } from './support/browser';

const WAIT = { timeout: 20_000 };
const LESSON = 'vop-close-match-psu-decides';

const running = uiPerFile({ viewport: { width: 1280, height: 800 } });

async function openRun(page: Page): Promise<FlowRunState> {
  const runId = await page.getByTestId('run-item').and(page.locator('.run-item-open')).getAttribute('data-run-id');
  return controlClient(running().url).getRun(runId ?? '');
}

describe('the lesson form', () => {
  it('offers for each role only the PSUs the lesson holds for, and says in words when the amount is more than anyone may authorise alone', async () => {
    const { page } = running();
    await goTo(page, 'Flows');
    await page.locator('[data-testid="flow-item"][data-flow="sca-rejected-payment"]').click();
    await page.getByTestId('run-parameters').waitFor(WAIT);
    // Frankfurt has eight PSUs; only its clerk prepares and only its sole signatory authorises alone.
    expect(await page.getByTestId('run-psu-clerk').locator('option').allTextContents()).toEqual(['FRA-CLERK · Julia Neumann']);
    expect(await page.getByTestId('run-psu-signatory').locator('option').allTextContents()).toEqual(['FRA-SOLO · Andreas Richter']);
    const amount = page.getByLabel('How much the payment is for (euro)');
    await amount.fill('100000.01');
    await amount.press('Enter');
    const problem = page.getByTestId('cast-problem');
    await problem.waitFor(WAIT);
    expect(await problem.textContent()).toBe('Nobody at frankfurt can play “Who authorises the payment” for 100000.01: choose a smaller amount.');
    expect(await page.getByTestId('start-run').isDisabled()).toBe(true);
    // The PSUs are still the right ones: only the amount is too large.
    expect(await page.getByTestId('run-psu-signatory').locator('option').allTextContents()).toEqual(['FRA-SOLO · Andreas Richter']);
    expect(await page.getByTestId('run-psu-clerk').locator('option').allTextContents()).toEqual(['FRA-CLERK · Julia Neumann']);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: '/tmp/cast-problem-1920x1080-150.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await amount.fill('100000.00');
    await amount.press('Enter');
    await problem.waitFor({ state: 'detached', ...WAIT });
    expect(await page.getByTestId('start-run').isEnabled()).toBe(true);
  }, 60_000);

  it('shows the choices with their defaults, and the run pays the payee of the outcome picked', async () => {
    const { page } = running();
    await goTo(page, 'Flows');
    await page.locator(`[data-testid="flow-item"][data-flow="${LESSON}"]`).click();
    const form = page.getByTestId('run-parameters');
    await form.waitFor(WAIT);
    const payee = page.getByLabel("What the payee's bank says about the name");
    expect(await payee.inputValue()).toBe('closeMatch');
    expect(await payee.locator('option').allTextContents()).toEqual([
      'Match: the name is right',
      'Close match: almost the right name',
      'No match: another name',
      'Not applicable: the name cannot be checked for this account',
      "No answer: the payee's bank does not respond",
      "Service unavailable: the payee's bank is down",
    ]);
    expect(await page.getByLabel('How much the payment is for (euro)').inputValue()).toBe('250.00');
    expect(await page.getByTestId('run-psu-signatory').locator('xpath=..').textContent()).toContain('Who authorises the payment');
    await page.screenshot({ path: '/tmp/flow-parameters-1280x800.png' });
    // 1920×1080 at 150 % zoom is a 1280×720 CSS viewport.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: '/tmp/flow-parameters-1920x1080-150.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    await payee.selectOption('noMatch');
    await page.getByLabel('How much the payment is for (euro)').fill('42.00');
    await page.getByLabel('How much the payment is for (euro)').press('Enter');
    await page.getByTestId('psu-decides').setChecked(false);
    await page.getByTestId('start-run').click();
    await page.getByTestId('request-editor').waitFor(WAIT);
    await page.getByTestId('run-to-end').click();
    await page.locator('[data-testid="run-finished"][data-met="true"]').waitFor({ timeout: 60_000 });

    const run = await openRun(page);
    expect(run.params).toEqual({ payee: 'noMatch', amount: '42.00', clerk: 'FRA-CLERK', signatory: 'FRA-SOLO' });
    const registry = await controlClient(running().url).listVopRegistry('frankfurt');
    const noMatch = registry.payees.find((p) => p.outcome === 'noMatch');
    const request = run.steps.find((s) => s.step.id === 'payment')?.exchanges.at(-1)?.requestBody ?? '';
    expect(request).toContain(`<Nm>${noMatch?.creditorName}</Nm>`);
    expect(request).toContain('>42.00</InstdAmt>');
    // The run keeps its choices: the form shows them, fixed.
    expect(await payee.inputValue()).toBe('noMatch');
    expect(await payee.isDisabled()).toBe(true);
  }, 120_000);

  it('waits for the PSU to approve or reject on the phone, shows the close match, and is met after a rejection', async () => {
    const { page } = running();
    await page.locator(`[data-testid="flow-item"][data-flow="${LESSON}"]`).click();
    await page.getByTestId('run-parameters').waitFor(WAIT);
    await page.getByTestId('psu-decides').setChecked(true);
    await page.getByTestId('start-run').click();
    await page.getByTestId('request-editor').waitFor(WAIT);
    await page.getByTestId('run-to-end').click();
    const awaited = page.locator('[data-testid="inline-phone"] [data-awaited="true"]');
    await awaited.getByTestId('reject').waitFor(WAIT);
    expect(await page.getByText('to decide in the bank’s app').count()).toBe(1);
    expect(await awaited.textContent()).toContain('Close match');
    await page.screenshot({ path: '/tmp/flow-parameters-waiting-1280x800.png' });
    await awaited.getByTestId('reject').click();
    await page.locator('[data-testid="run-finished"][data-met="true"]').waitFor({ timeout: 60_000 });
    const run = await openRun(page);
    expect(run.steps.find((s) => s.step.id === 'authorisation')?.exchanges.at(-1)?.responseBody).toContain('"failed"');
  }, 120_000);

  it('an unmet expectation shows its values quoted once', async () => {
    const { page } = running();
    const client = controlClient(running().url);
    const kept = await openRun(page);
    const file = JSON.parse(await client.exportRun(kept.runId)) as { run: { steps: { met: boolean; unmet: unknown[] }[]; met: boolean } };
    const last = file.run.steps.at(-1);
    if (last === undefined) throw new Error('the run has no steps');
    Object.assign(last, { met: false, unmet: [{ path: 'body.scaStatus', expected: '"finalised"', actual: '"failed"' }] });
    file.run.met = false;
    const imported = await client.importRun(JSON.stringify(file));
    await page.locator(`[data-testid="run-item"][data-run-id="${imported.runId}"]`).click();
    const card = page.locator('[data-testid="step-done"][data-met="false"]');
    await card.waitFor(WAIT);
    if ((await card.getByLabel('Unmet expectations').count()) === 0) await card.locator('.step-line').click();
    expect(await card.getByLabel('Unmet expectations').textContent()).toBe('body.scaStatus: expected "finalised", got "failed"');
  }, 60_000);

  // Every lesson with each outcome of the payee's bank runs live through the control API the screen calls
  // (test/api/flows-lessons.test.ts, "runs each lesson live"). From the screen, one run of each kind the form and
  // the run take a different way: a payee's bank that answers (the two tests above: no match, close match), one
  // that does not (the run moves the clock), an SCA the PSU lets time out (approving on the PSU's behalf must not
  // approve it), a consent rather than a payment, and three PSUs authorising in turn.
  it('runs one lesson of each kind from the screen with its choices, met', async () => {
    const { page } = running();
    const client = controlClient(running().url);
    const runLesson = async (flow: string, choices: Record<string, string>): Promise<void> => {
      await page.locator(`[data-testid="flow-item"][data-flow="${flow}"]`).click();
      await page.locator(`[data-testid="flow-item"][data-flow="${flow}"][aria-current="true"]`).waitFor(WAIT);
      for (const [name, value] of Object.entries(choices)) await page.getByTestId(`run-param-${name}`).selectOption(value);
      await page.getByTestId('psu-decides').setChecked(false);
      await page.getByTestId('start-run').click();
      await page.getByTestId('request-editor').waitFor(WAIT);
      await page.getByTestId('run-to-end').click();
      const finished = page.getByTestId('run-finished');
      await finished.waitFor({ timeout: 60_000 });
      const run = await openRun(page);
      expect(await finished.getAttribute('data-met'), `${flow} ${JSON.stringify(choices)}: ${JSON.stringify(run.steps.find((s) => !s.met)?.unmet)}`).toBe(
        'true',
      );
      expect(run.params).toMatchObject(choices);
    };
    const lessons = (await client.listFlows()).filter((f) => (f.parameters ?? []).length > 0);
    expect(lessons.map((f) => f.name).sort()).toEqual([
      'ais-consent',
      'sca-rejected-payment',
      'sca-timeout-after-opening',
      'sca-timeout-after-start',
      'separation-of-duty',
      'vop-close-match-psu-decides',
      'vop-no-match',
      'vop-payee-bank-silent',
    ]);
    await runLesson(LESSON, { payee: 'timeout' });
    for (const lesson of ['sca-timeout-after-start', 'ais-consent', 'separation-of-duty']) await runLesson(lesson, {});
  }, 120_000);
});
