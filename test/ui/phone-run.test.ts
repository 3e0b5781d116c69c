// Phone and run agree: opening the link on the inline phone is the run's step, a
// decision in a second window moves the run at once, the inline phone says "Time is up" in words,
// and each window keeps its own screen and PSU over a reload.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const WAIT = { timeout: 15_000 };

const running = uiPerFile({ viewport: { width: 1280, height: 800 } });

async function startFlow(page: Page, name: string): Promise<void> {
  await goTo(page, 'Flows');
  await page.locator(`[data-testid="flow-item"][data-flow="${name}"]`).click();
  await page.getByTestId('psu-decides').setChecked(true);
  await page.getByTestId('start-run').click();
}

/** Presses Run step, a step at a time, until `stepId` is the current step, not yet prepared. */
async function stepUntil(page: Page, stepId: string): Promise<void> {
  const current = page.getByTestId('step-current');
  for (let i = 0; i < 10; i++) {
    await current.waitFor(WAIT);
    if ((await current.getAttribute('data-step')) === stepId) {
      await page.getByTestId('prepare').waitFor(WAIT);
      return;
    }
    const made = await page.getByTestId('step-done').count();
    await page.getByTestId('run-step').first().click();
    await expect.poll(() => page.getByTestId('step-done').count(), WAIT).toBe(made + 1);
  }
  throw new Error(`the run did not get to ${stepId}`);
}

const done = (page: Page, stepId: string) => page.locator(`[data-testid="step-done"][data-step="${stepId}"]`);
const inlinePhone = (page: Page) => page.locator('[data-testid="inline-phone"][data-psu="FRA-AISONLY"]');

describe('the phone and the run agree', () => {
  it(
    'Open link on the inline phone is the run’s step; a decision in a second window moves the run at once; that window stays on the Phone over a reload',
    async () => {
      const { page, url } = running();
      await startFlow(page, 'ais-consent');
      await stepUntil(page, 'openSca');

      await inlinePhone(page).getByTestId('open-link').click();
      await done(page, 'openSca').waitFor(WAIT);
      expect(await done(page, 'openSca').getAttribute('data-met')).toBe('true');
      await page.locator('[data-testid="step-current"][data-step="approve"]').waitFor(WAIT);
      await page.screenshot({ path: '/tmp/phone-run-opened.png' });

      // A second window on the same browser: the PSU approves on its Phone screen.
      const second = await page.context().newPage();
      try {
        await second.goto(url);
        await goTo(second, 'Phone');
        await second.getByTestId('psu-picker').selectOption('FRA-AISONLY');
        await second.locator('[data-testid="journey"] [data-testid="approve"]').click();
        // The first window's run makes the step by itself, nothing pressed there.
        await done(page, 'approve').waitFor(WAIT);
        expect(await done(page, 'approve').getAttribute('data-met')).toBe('true');
        await page.locator('[data-testid="step-current"][data-step="statusAfter"]').waitFor(WAIT);
        // The real decision on the step: the bank app's POST, as the second window sent it.
        await expect.poll(() => done(page, 'approve').textContent(), WAIT).toMatch(/\/simulator\/v1\/sca\//);
        await page.screenshot({ path: '/tmp/phone-run-decided.png' });

        // Each window its own screen and PSU: the second stays on the Phone, the first on Flows.
        await second.reload();
        await second.getByTestId('phone-screen').waitFor(WAIT);
        await expect.poll(() => second.getByTestId('psu-picker').inputValue(), WAIT).toBe('FRA-AISONLY');
        await page.reload();
        await page.getByTestId('flows-screen').waitFor(WAIT);
      } finally {
        await second.close();
      }
    },
    UI_TIMEOUT * 2,
  );

  it(
    'the inline phone says “Time is up” in words when the clock moves past the limit while the run waits',
    async () => {
      const { page, bank } = running();
      await startFlow(page, 'ais-consent');
      await stepUntil(page, 'approve');
      await page.getByTestId('prepare').click();
      await inlinePhone(page).getByTestId('approve').waitFor(WAIT);
      await bank.control.advanceClock('PT10M');
      // The run stops at the step (it expected an approval); the phone stays and says why.
      await page.getByTestId('run-finished').waitFor(WAIT);
      const outcome = inlinePhone(page).getByTestId('outcome');
      await outcome.waitFor(WAIT);
      expect(await outcome.getAttribute('data-outcome')).toBe('timedOutAfterOpening');
      expect(await outcome.textContent()).toContain('Time is up');
      expect(await outcome.textContent()).toContain('within 5 minutes of opening the link');
      await inlinePhone(page).screenshot({ path: '/tmp/phone-run-time-is-up.png' });
    },
    UI_TIMEOUT,
  );
});
