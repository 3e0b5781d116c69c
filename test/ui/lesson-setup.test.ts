// Setting up a lesson on the Flows screen in Chromium, as a trainer does: the lessons tagged and listed
// first; "PSU decides on the phone" ticked for a lesson unless the trainer unticked it for that lesson
// (remembered, also across a reload), and a lesson started with it unticked says so in the presentation;
// each choice labelled and explained in the flow file's words, offering only the customers who can play
// the part, their names whole at a laptop's 1280×800 with the text at 150 %.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlClient } from '../../shared/control-client';
import { goTo } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const WAIT = { timeout: 20_000 };
const SHOTS = process.env.LESSON_SHOTS_DIR ?? '/tmp';

const running = uiPerFile({ viewport: { width: 1280, height: 800 } });

const LESSONS = [
  'ais-consent',
  'sca-rejected-payment',
  'sca-timeout-after-opening',
  'sca-timeout-after-start',
  'separation-of-duty',
  'temporary-error-read-again',
  'vop-close-match-psu-decides',
  'vop-no-match',
  'vop-payee-bank-silent',
];

const item = (page: Page, flow: string): Locator => page.locator(`[data-testid="flow-item"][data-flow="${flow}"]`);

async function pick(page: Page, flow: string): Promise<void> {
  await item(page, flow).click();
  await page.locator(`[data-testid="flow-item"][data-flow="${flow}"][aria-current="true"]`).waitFor(WAIT);
}

const decides = (page: Page): Locator => page.getByTestId('psu-decides');

/**
 * In the page: the select's width inside its padding, and the widest of its options' texts in its own font.
 * Written as text, since the test is compiled without the browser's types; Playwright sends the function's text.
 */
const MEASURE = new Function(
  'field',
  `const style = getComputedStyle(field);
  const context = document.createElement('canvas').getContext('2d');
  context.font = style.font;
  const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const widths = [...field.options].map((o) => context.measureText(o.text).width);
  return { width: field.getBoundingClientRect().width - padding, widest: Math.max(...widths) };`,
) as (field: unknown) => { width: number; widest: number };

/** The select shows each of its options whole: it is wider than the widest option's text in its own font, with room for its arrow. */
async function namesWhole(select: Locator): Promise<void> {
  const { width, widest } = await select.evaluate(MEASURE);
  // The arrow takes about one em.
  expect(width, 'the select is as wide as its longest name').toBeGreaterThanOrEqual(widest + 12);
}

describe('the flows list', () => {
  it('lists the lessons first, under "Lessons", each tagged "Lesson"; no other flow is', async () => {
    const { page } = running();
    await goTo(page, 'Flows');
    await item(page, 'ais-consent').waitFor(WAIT);
    const first = page.locator('.flow-group').first();
    expect(await first.locator('h3').textContent()).toBe('Lessons');
    const lessons = await first.getByTestId('flow-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-flow')));
    expect([...lessons].sort()).toEqual(LESSONS);
    for (const flow of lessons)
      expect(
        await item(page, flow ?? '')
          .getByTestId('lesson-tag')
          .textContent(),
      ).toBe('Lesson');
    expect(await page.getByTestId('lesson-tag').count()).toBe(LESSONS.length);
    const library = await controlClient(running().url).listFlows();
    expect(
      library
        .filter((f) => f.lesson)
        .map((f) => f.name)
        .sort(),
    ).toEqual(LESSONS);
  });
});

describe('“PSU decides on the phone”', () => {
  it('is ticked for a lesson and not for another flow; unticked for a lesson, it stays so for that lesson only, across a reload', async () => {
    const { page } = running();
    await goTo(page, 'Flows');
    await pick(page, 'vop-no-match');
    expect(await decides(page).isChecked()).toBe(true);
    await pick(page, 'funds-confirmation');
    expect(await decides(page).isChecked()).toBe(false);

    await pick(page, 'vop-no-match');
    await decides(page).setChecked(false);
    await pick(page, 'separation-of-duty');
    expect(await decides(page).isChecked()).toBe(true);
    await pick(page, 'vop-no-match');
    expect(await decides(page).isChecked()).toBe(false);

    await page.reload();
    await goTo(page, 'Flows');
    await pick(page, 'vop-no-match');
    expect(await decides(page).isChecked()).toBe(false);
    await pick(page, 'separation-of-duty');
    expect(await decides(page).isChecked()).toBe(true);
    await decides(page).setChecked(false);
    await decides(page).setChecked(true);
    await pick(page, 'funds-confirmation');
    await pick(page, 'separation-of-duty');
    expect(await decides(page).isChecked()).toBe(true);
  });

  it('a lesson started with it unticked says in the presentation that the run approves by itself; ticked, it does not', async () => {
    const { page } = running();
    const api = controlClient(running().url);
    await pick(page, 'vop-no-match');
    expect(await decides(page).isChecked()).toBe(false);
    await page.getByTestId('start-run').click();
    const runId = (await page.getByTestId('run-item').and(page.locator('.run-item-open')).getAttribute('data-run-id', WAIT)) ?? '';
    expect((await api.getRun(runId)).autoApprove).toBe(true);
    await page.getByTestId('present-run').click(WAIT);
    const note = page.getByTestId('present-approves-itself');
    await note.waitFor(WAIT);
    expect(await note.textContent()).toBe(
      '“PSU decides on the phone” is off: the run approves on the customer’s behalf, and the phone will not wait for the class.',
    );
    // Ticked in the presentation: the note goes, and the choice is remembered for the lesson.
    await page.getByTestId('present-psu-decides').setChecked(true);
    await note.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(async () => (await api.getRun(runId)).autoApprove, WAIT).toBe(false);
    await page.keyboard.press('Escape');
    await pick(page, 'funds-confirmation');
    await pick(page, 'vop-no-match');
    expect(await decides(page).isChecked()).toBe(true);
  });
});

describe('the lesson form', () => {
  it('says each choice in the flow file’s words with its help, and offers only the customers who can play the part, names whole', async () => {
    const { page } = running();
    await page.getByTestId('text-size').selectOption('150');
    await goTo(page, 'Flows');
    await pick(page, 'separation-of-duty');
    const field = (role: string): Locator => page.getByTestId(`run-psu-${role}`);
    expect(await page.getByLabel('Who prepares the payment').getAttribute('data-testid')).toBe('run-psu-creator');
    expect(await page.getByLabel('Who approves first (signatory group A)').getAttribute('data-testid')).toBe('run-psu-approverA');
    expect(await page.getByLabel('Who approves second (signatory group B)').getAttribute('data-testid')).toBe('run-psu-approverB');
    expect(await page.getByTestId('run-help-creator').textContent()).toBe(
      'Prepares the payment and then tries to approve it first: the bank refuses, because nobody may give the first approval of their own payment.',
    );
    // The help is what the field is described by, for a screen reader too.
    const helpId = await page.getByTestId('run-help-approverA').getAttribute('id');
    expect(await field('approverA').getAttribute('aria-describedby')).toBe(helpId);
    // Frankfurt has eight customers; one prepares, one approves for each group (not the creator, not the one without the app, not the low limit).
    expect(await field('creator').locator('option').allTextContents()).toEqual(['FRA-CREATOR · Jonas Becker']);
    expect(await field('approverA').locator('option').allTextContents()).toEqual(['FRA-APPROVER-A · Katharina Schmidt']);
    expect(await field('approverB').locator('option').allTextContents()).toEqual(['FRA-APPROVER-B · Mehmet Yilmaz']);
    expect(await page.locator('.run-setup').textContent()).not.toMatch(/\b(creator|approverA|approverB)\b/);
    for (const role of ['creator', 'approverA', 'approverB']) await namesWhole(field(role));
    await page.screenshot({ path: `${SHOTS}/lesson-form-1280x800-150.png` });

    await pick(page, 'ais-consent');
    expect(await page.getByLabel('Whose accounts the provider reads').getAttribute('data-testid')).toBe('run-psu-psu');
    const readers = await field('psu').locator('option').allTextContents();
    expect(readers).not.toContain('FRA-NOAPP · Sabine Hoffmann');
    expect(readers).toContain('FRA-AISONLY · Stefan Wagner');
    await namesWhole(field('psu'));

    await pick(page, 'vop-close-match-psu-decides');
    expect(await page.getByLabel("What the payee's bank says about the name").getAttribute('data-testid')).toBe('run-param-payee');
    expect(await page.getByTestId('run-help-payee').textContent()).toBe(
      "Before the customer approves, the bank asks the payee's bank whether the name matches the account (Verification of Payee).",
    );
    for (const name of ['run-psu-clerk', 'run-psu-signatory', 'run-param-payee']) await namesWhole(page.getByTestId(name));
    await page.screenshot({ path: `${SHOTS}/lesson-form-vop-1280x800-150.png` });

    // A lesson gives no choice of a customer it names no part for: the 503 lesson's customer is its own.
    await pick(page, 'temporary-error-read-again');
    expect(await page.getByTestId('run-psu-creator').count()).toBe(0);
    // Any other flow keeps its roles' selects.
    await pick(page, 'funds-confirmation');
    expect(await page.getByTestId('run-psu-creator').count()).toBe(1);
    await page.getByTestId('text-size').selectOption('100');
  }, 60_000);
});
