// Lessons prepared ahead, as a trainer does it in Chromium (docs/teaching.md): a payee and a customer added
// from the Bank screen, a lesson saved with them on the Flows screen, still listed after New class and
// starting with its options, then exported and imported into a second simulator with its own data folder, where
// the lesson and its payee are removed again.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ibanCheckDigits } from '../../main/domain/iso20022/iban';
import { controlClient } from '../../shared/control-client';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

const WAIT = { timeout: 20_000 };
const LESSON = 'vop-close-match-psu-decides';
const BBAN = '500105175407324931';
const IBAN = `DE${ibanCheckDigits('DE', BBAN)}${BBAN}`;
/** As a trainer copies it from an invoice: in groups of four. */
const IBAN_AS_WRITTEN = IBAN.replace(/(.{4})/g, '$1 ').trim();
const LESSON_NAME = 'Monday’s class: close match with Café Müller, €1,250';

let first: RunningUi;
let second: RunningUi;

beforeAll(async () => {
  [first, second] = await Promise.all([startUi(), startUi()]);
}, UI_TIMEOUT);
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

const panel = (page: Page) => page.getByTestId('lessons-prepared');

describe('lessons prepared ahead', () => {
  it('adds a payee and a customer from the Bank screen, saves a lesson with them that survives New class, and takes it to a second simulator', async () => {
    const { page } = first;
    const api = controlClient(first.url);
    await goTo(page, 'Bank');

    // A payee of Frankfurt's VoP registry whose bank answers a close match.
    const prep = panel(page);
    await prep.scrollIntoViewIfNeeded();
    await prep.getByTestId('prep-empty').waitFor(WAIT);
    await prep.getByTestId('prep-payee-institution').selectOption('frankfurt');
    await prep.getByLabel('Account holder’s registered name').fill('Café Müller');
    await prep.getByLabel('IBAN').fill(IBAN_AS_WRITTEN);
    await prep.getByTestId('prep-payee-outcome').selectOption('closeMatch');
    await prep.getByTestId('prep-payee-creditor').fill('Cafe Mueller Frankfurt');
    await prep.getByTestId('prep-payee-add').click();
    await prep.getByTestId('prep-payee-row').filter({ hasText: 'Café Müller' }).waitFor(WAIT);
    expect((await api.listVopRegistry('frankfurt')).payees.at(-1)).toMatchObject({
      iban: IBAN,
      registeredName: 'Café Müller',
      creditorName: 'Cafe Mueller Frankfurt',
      outcome: 'closeMatch',
      added: true,
    });

    // A customer of the coffee roaster (FRA-CORP-2) who approves its payments up to €5,000.
    await prep.getByTestId('prep-psu-institution').selectOption('frankfurt');
    await prep.getByTestId('prep-psu-company').selectOption('FRA-CORP-2');
    await prep.getByLabel('Name', { exact: true }).fill('Mia Wagner');
    expect(await prep.getByTestId('prep-psu-id').inputValue()).toBe('FRA-MIA-WAGNER');
    await prep.getByTestId('prep-psu-role').selectOption('approves');
    await prep.getByTestId('prep-psu-limit').fill('5000.00');
    await prep.getByTestId('prep-psu-add').click();
    await prep.getByTestId('prep-psu-row').filter({ hasText: 'Mia Wagner' }).waitFor(WAIT);
    expect((await api.listPsus()).find((p) => p.psuId === 'FRA-MIA-WAGNER')).toMatchObject({
      name: 'Mia Wagner',
      corporateId: 'FRA-CORP-2',
      approvalLimits: { sepa: { currency: 'EUR', amount: '5000.00' } },
    });

    // The close-match lesson with that payee, €1,250 and the new customer approving, saved under a name.
    await goTo(page, 'Flows');
    await page.locator(`[data-testid="flow-item"][data-flow="${LESSON}"]`).click();
    await page.getByTestId('run-parameters').waitFor(WAIT);
    await page.getByTestId('run-param-payee').selectOption(`closeMatch:${IBAN}`);
    expect(await page.getByTestId('run-param-payee').locator('option:checked').textContent()).toBe('Café Müller: close match (added)');
    const amount = page.getByLabel('How much the payment is for (euro)');
    await amount.fill('1250.00');
    await amount.press('Enter');
    await page.getByTestId('run-psu-signatory').selectOption('FRA-MIA-WAGNER');
    await page.getByTestId('save-lesson').click();
    await page.getByTestId('save-lesson-name').fill(LESSON_NAME);
    await page.getByTestId('save-lesson-confirm').click();
    const saved = page.locator(`[data-testid="saved-lesson"][data-lesson="${LESSON_NAME}"]`);
    await saved.waitFor(WAIT);
    expect(await api.listLessons()).toEqual([
      {
        name: LESSON_NAME,
        flow: LESSON,
        institution: 'frankfurt',
        psus: { clerk: 'FRA-CLERK', signatory: 'FRA-MIA-WAGNER' },
        params: { payee: `closeMatch:${IBAN}`, amount: '1250.00' },
      },
    ]);

    // New class clears the bank, the log and the runs, not what was prepared.
    await api.reset({ log: true, runs: true, clock: 'start' });
    await page.reload();
    await goTo(page, 'Flows');
    await saved.waitFor(WAIT);
    await page.locator(`[data-testid="flow-item"][data-flow="sca-rejected-payment"]`).click();
    await saved.click();
    await page.getByTestId('run-parameters').waitFor(WAIT);
    expect(await page.getByTestId('run-param-payee').inputValue()).toBe(`closeMatch:${IBAN}`);
    expect(await amount.inputValue()).toBe('1250.00');
    expect(await page.getByTestId('run-psu-signatory').inputValue()).toBe('FRA-MIA-WAGNER');
    expect(await saved.getAttribute('aria-current')).toBe('true');

    // It starts with those options (the run to its end with them: test/api/lessons-prepared.test.ts).
    await page.getByTestId('start-run').click();
    await page.getByTestId('request-editor').waitFor(WAIT);
    const [run] = await api.listRuns();
    const started = await api.getRun(run?.runId ?? '');
    expect(started.psus).toMatchObject({ clerk: 'FRA-CLERK', signatory: 'FRA-MIA-WAGNER' });
    expect(started.params).toMatchObject({ payee: `closeMatch:${IBAN}`, amount: '1250.00' });

    // One file takes it all to a second simulator, with its own data folder.
    await goTo(page, 'Bank');
    await prep.getByTestId('prep-lesson-row').filter({ hasText: LESSON_NAME }).waitFor(WAIT);
    const download = page.waitForEvent('download');
    await prep.getByTestId('prep-export').click();
    const file = await (await download).path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported).toMatchObject({ format: 'psd2-workbench-lessons', version: 1 });

    const other = second.page;
    await goTo(other, 'Bank');
    await panel(other).getByTestId('prep-import').setInputFiles(file);
    const notice = panel(other).getByTestId('prep-notice');
    await notice.waitFor(WAIT);
    expect(await notice.textContent()).toBe('Imported 1 lesson, 1 payee, 1 customer.');
    expect(await controlClient(second.url).exportLessons()).toEqual(exported);
    await goTo(other, 'Flows');
    await other.locator(`[data-testid="saved-lesson"][data-lesson="${LESSON_NAME}"]`).click();
    await other.getByTestId('run-parameters').waitFor(WAIT);
    expect(await other.getByTestId('run-param-payee').locator('option:checked').textContent()).toBe('Café Müller: close match (added)');
    expect(await other.getByTestId('run-psu-signatory').inputValue()).toBe('FRA-MIA-WAGNER');
  }, 180_000);

  it('removes the saved lesson from the Flows list, then its payee from the Bank screen, each after a question in plain words', async () => {
    const { page } = second;
    const api = controlClient(second.url);
    const prep = panel(page);
    const payee = prep.getByTestId('prep-payee-row').filter({ hasText: 'Café Müller' });

    // The lesson pays Café Müller: the payee stays, and the panel names the lesson.
    await goTo(page, 'Bank');
    await payee.getByTestId('remove').click();
    expect(await payee.getByTestId('remove-question').textContent()).toBe(
      'Take Café Müller out of frankfurt’s VoP registry? The name check of new payments no longer knows this account; payments made already keep their answer.',
    );
    await payee.getByTestId('remove-confirm').click();
    const refusal = prep.getByTestId('prep-error');
    await refusal.waitFor(WAIT);
    expect(await refusal.textContent()).toBe(
      `Not removed: Café Müller (${IBAN}) is the payee of the saved lesson “${LESSON_NAME}”: remove the lesson first, then the payee`,
    );

    await goTo(page, 'Flows');
    const saved = page.locator(`[data-testid="saved-lesson"][data-lesson="${LESSON_NAME}"]`);
    const entry = page.getByTestId('saved-lesson-entry').filter({ has: saved });
    await entry.getByTestId('remove').click();
    await entry.getByTestId('remove-confirm').click();
    await saved.waitFor({ state: 'detached', ...WAIT });
    expect(await api.listLessons()).toEqual([]);

    await goTo(page, 'Bank');
    await payee.getByTestId('remove').click();
    await payee.getByTestId('remove-confirm').click();
    await payee.waitFor({ state: 'detached', ...WAIT });
    expect(await prep.getByTestId('prep-notice').textContent()).toBe('Café Müller is no longer in the VoP registry of frankfurt.');
    expect((await api.listVopRegistry('frankfurt')).payees.some((p) => p.iban === IBAN)).toBe(false);
    // The customer stays: nothing removed it.
    expect(await prep.getByTestId('prep-psu-row').filter({ hasText: 'Mia Wagner' }).count()).toBe(1);
  }, 120_000);
});
