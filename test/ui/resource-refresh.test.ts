// The Phone and the Bank read the bank's lists from one store, refreshed once per host event
// batch: a command no longer refreshes everything itself and then again when its events come,
// and a batch fetches only the lists it touched. Counted as the page's own control API requests.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsent } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

const PSU = 'FRA-CREATOR';
const WAIT = { timeout: 10_000 };
const LISTS = ['info', 'sca', 'consents', 'payments', 'baskets', 'psus'] as const;
// Longer than a command waits for its events before refreshing by itself, so such a refresh is counted too.
const SETTLE_MS = 2_500;

/** The control API lists the page asks for while `work` runs and for a while after, by name. */
async function listRequestsDuring(page: Page, work: () => Promise<void>): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(LISTS.map((list) => [list, 0]));
  const onRequest = (request: { url(): string; method(): string }): void => {
    const list = /\/simulator\/v1\/([a-z]+)$/.exec(new URL(request.url()).pathname)?.[1];
    if (request.method() === 'GET' && list !== undefined && list in counts) counts[list] = (counts[list] ?? 0) + 1;
  };
  page.on('request', onRequest);
  try {
    await work();
    await page.waitForTimeout(SETTLE_MS);
  } finally {
    page.off('request', onRequest);
  }
  return counts;
}

describe('the lists the Phone and the Bank show', () => {
  let ui: RunningUi;

  beforeAll(async () => {
    ui = await startUi();
  }, UI_TIMEOUT);

  afterAll(async () => {
    await ui?.stop();
  });

  it(
    'are fetched once after an Approve on the Phone, and only those the decision changed',
    async () => {
      const { page } = ui;
      await goTo(page, 'Phone');
      await page.getByTestId('psu-picker').selectOption(PSU);
      const consent = await createConsent(ui.bank, 'frankfurt', PSU);
      const card = page.locator(`[data-testid="journey"][data-journey-id="${consent.journeyId}"]`);
      await card.getByRole('button', { name: 'Open link' }).click(WAIT);
      await page.locator(`[data-testid="journey"][data-journey-id="${consent.journeyId}"][data-status="opened"]`).waitFor(WAIT);

      const counts = await listRequestsDuring(page, async () => {
        await card.getByRole('button', { name: /^Approve/ }).click();
        await page.locator('[data-testid="outcome"][data-status="finalised"]').waitFor(WAIT);
        await card.waitFor({ state: 'detached', ...WAIT });
      });

      expect(counts).toEqual({ info: 0, sca: 1, consents: 1, payments: 0, baskets: 0, psus: 0 });
    },
    UI_TIMEOUT,
  );

  it(
    'are fetched once each after the Bank moves the clock, which may change them all',
    async () => {
      const { page } = ui;
      await goTo(page, 'Bank');
      await page.locator('[data-testid="consents-row"]').first().waitFor(WAIT);
      const clock = page.getByTestId('bank-now');
      const before = await clock.textContent();

      const counts = await listRequestsDuring(page, async () => {
        await page.getByRole('button', { name: 'Advance the clock by 1 day' }).click();
        await expect.poll(() => clock.textContent(), WAIT).not.toBe(before);
      });

      expect(counts).toEqual({ info: 0, sca: 1, consents: 1, payments: 1, baskets: 1, psus: 0 });
    },
    UI_TIMEOUT,
  );
});
