// The Phone as a bank app and the Bank at 1280 px, against the real
// simulator: plain words for VoP and approvals, the countdown to the SCA time limit on the running
// simulated clock, only current banners and notifications, the PSU picker's marks, the PSU and
// screen kept across a reload, and the Bank's tables fitting their pane.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import { pain001Data, pain001Tree, serialize, sumAmounts } from '../support/pain001-builder';
import { approveSca, createConsent } from '../support/simulator';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const SEPA = 'pain.001-sepa-credit-transfers';
const WAIT = { timeout: 15_000 };

const running = uiPerFile({ viewport: { width: 1280, height: 800 } });

/** A SEPA payment by FRA-CREATOR to these payees, with an authorisation started for the approver; its journey id. */
async function paymentAwaiting(approver: string, payees: { name: string; iban: string; amount?: string }[]): Promise<string> {
  const { bank } = running();
  const transactions = payees.map((p, i) => ({
    endToEndId: `UI-APP-${i}`,
    amount: p.amount ?? '25.00',
    currency: 'EUR',
    creditorName: p.name,
    creditorAccount: { iban: p.iban },
  }));
  const xml = serialize(pain001Tree(pain001Data(SEPA, { transactions, ctrlSum: sumAmounts(transactions.map((t) => t.amount)) })), { declaration: true });
  const created = await bank.tpp.createPayment(await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR'), SEPA, xml);
  expect(created.status, created.text).toBe(201);
  const start = await bank.tpp.startAuthorisation(await psuSession(bank.tpp, bank.control, 'frankfurt', approver), SEPA, created.body.paymentId as string);
  expect(start.status, start.text).toBe(201);
  return (start.body._links.scaRedirect.href as string).split('/').pop() as string;
}

const card = (page: Page, journeyId: string) => page.locator(`[data-testid="journey"][data-journey-id="${journeyId}"]`);

async function signInAs(page: Page, psuId: string): Promise<void> {
  await goTo(page, 'Phone');
  await page.getByTestId('psu-picker').selectOption(psuId);
}

/** What the PSU reads: the card's text without the small trainer lines. */
const wordsOf = (page: Page, journeyId: string) =>
  card(page, journeyId).evaluate((el) => {
    const copy = el.cloneNode(true) as typeof el;
    copy.querySelectorAll('[data-testid="trainer-code"]').forEach((code: { remove(): void }) => code.remove());
    return copy.textContent ?? '';
  });

describe('the Phone as a bank app', () => {
  it(
    'says in plain words who pays whom how much, "Did you mean …?" for a close match, and how many approvals are done',
    async () => {
      const { page } = running();
      const journeyId = await paymentAwaiting('FRA-APPROVER-A', [{ name: 'Mueller Logistik', iban: 'DE97700205700631807745', amount: '1250.00' }]);
      await signInAs(page, 'FRA-APPROVER-A');
      await card(page, journeyId).waitFor(WAIT);

      const banner = card(page, journeyId).getByTestId('vop-banner');
      expect(await banner.textContent()).toContain('Close match');
      expect(await banner.textContent()).toContain('Did you mean Müller Logistik GmbH?');
      expect(await card(page, journeyId).getByTestId('journey-summary').textContent()).toMatch(/^Your account DE\d\d( \d{4})+ ?\d* pays Mueller Logistik$/);
      expect(await card(page, journeyId).getByTestId('journey-amount').textContent()).toContain('1,250.00');
      expect(await card(page, journeyId).getByTestId('journey-approvals').textContent()).toContain('0 of 2 approvals');
      // Codes only in the trainers' small lines: the PSU reads words.
      const words = await wordsOf(page, journeyId);
      for (const code of ['CMTC', 'PATC', 'started', 'pain.001']) expect(words).not.toContain(code);
      expect(await card(page, journeyId).getByTestId('trainer-code').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('CMTC')]));
    },
    UI_TIMEOUT,
  );

  it(
    "keeps the payee's whole VoP banner readable above the bar that holds the decision, at 1280×800 with other PSUs waiting",
    async () => {
      const { page } = running();
      await createConsent(running().bank, 'frankfurt', 'FRA-CREATOR');
      const journeyId = await paymentAwaiting('FRA-APPROVER-B', [{ name: 'Mueller Logistik', iban: 'DE97700205700631807745', amount: '1250.00' }]);
      await signInAs(page, 'FRA-APPROVER-B');
      await card(page, journeyId).waitFor(WAIT);
      await page.locator('[data-testid="psu-waiting"] [data-psu="FRA-CREATOR"]').waitFor(WAIT);
      // A "new approval waiting" notification may sit above the card for a moment; the PSU dismisses it to read on.
      const notice = page.getByTestId('phone-notice');
      if ((await notice.count()) > 0) await notice.getByRole('button', { name: 'Dismiss notification' }).click();
      await notice.waitFor({ state: 'detached', ...WAIT });
      const banner = await card(page, journeyId).getByTestId('vop-banner').boundingBox();
      const bar = await card(page, journeyId).locator('.journey-actions').boundingBox();
      expect(banner && bar && { bannerBottom: banner.y + banner.height, barTop: bar.y }).toSatisfy(
        (b: { bannerBottom: number; barTop: number }) => b.bannerBottom <= b.barTop,
      );
    },
    UI_TIMEOUT,
  );

  it(
    'marks in the PSU picker who has something waiting, with a count',
    async () => {
      const { page } = running();
      await signInAs(page, 'FRA-CREATOR');
      const option = page.locator('[data-testid="psu-picker"] option[value="FRA-APPROVER-A"]');
      await expect.poll(() => option.getAttribute('data-waiting'), WAIT).toBe('1');
      expect(await option.textContent()).toContain('● 1');
      expect(await page.locator('[data-testid="psu-picker"] option[value="FRA-CLERK"]').textContent()).not.toContain('●');
      const chip = page.locator('[data-testid="psu-waiting"] [data-psu="FRA-APPROVER-A"]');
      expect(await chip.textContent()).toContain('1');
      await chip.click();
      expect(await page.getByTestId('psu-picker').inputValue()).toBe('FRA-APPROVER-A');
    },
    UI_TIMEOUT,
  );

  it(
    'keeps the chosen PSU and screen across a reload',
    async () => {
      const { page } = running();
      await signInAs(page, 'FRA-SOLO');
      await page.reload();
      await page.getByTestId('phone-screen').waitFor(WAIT);
      await expect.poll(() => page.getByTestId('psu-picker').inputValue(), WAIT).toBe('FRA-SOLO');
    },
    UI_TIMEOUT,
  );

  it(
    'shows only the current outcome, and no notification for a journey already decided',
    async () => {
      const { page } = running();
      await signInAs(page, 'FRA-CLERK');
      const outcomes = page.getByTestId('outcome');

      const first = await createConsent(running().bank, 'frankfurt', 'FRA-CLERK');
      await card(page, first.journeyId).getByRole('button', { name: 'Open link' }).click();
      await card(page, first.journeyId)
        .getByRole('button', { name: /^Approve/ })
        .click();
      await page.locator(`[data-testid="outcome"][data-journey-id="${first.journeyId}"]`).waitFor(WAIT);

      // Something new arrives: the last outcome is history.
      const second = await createConsent(running().bank, 'frankfurt', 'FRA-CLERK');
      await card(page, second.journeyId).waitFor(WAIT);
      await expect.poll(() => outcomes.count(), WAIT).toBe(0);
      await page.getByTestId('phone-notice').waitFor(WAIT);
      await card(page, second.journeyId).getByRole('button', { name: 'Open link' }).click();
      await card(page, second.journeyId)
        .getByRole('button', { name: /^Reject/ })
        .click();
      await page.locator(`[data-testid="outcome"][data-journey-id="${second.journeyId}"]`).waitFor(WAIT);
      expect(await outcomes.count()).toBe(1);

      // Decided elsewhere (the SCA page, automation): its notification goes with its card.
      const third = await createConsent(running().bank, 'frankfurt', 'FRA-CLERK');
      await card(page, third.journeyId).waitFor(WAIT);
      await page.getByTestId('phone-notice').waitFor(WAIT);
      expect((await approveSca(running().bank, third.journeyId)).status).toBe(200);
      await card(page, third.journeyId).waitFor({ state: 'detached', ...WAIT });
      expect(await page.getByTestId('phone-notice').count()).toBe(0);
    },
    UI_TIMEOUT,
  );

  it(
    'counts down to the SCA time limit on the simulated clock and says clearly when it has passed',
    async () => {
      const { page } = running();
      const journeyId = await paymentAwaiting('FRA-APPROVER-B', [{ name: 'Transports Girard SARL', iban: 'FR7630004008210001042987126' }]);
      await signInAs(page, 'FRA-APPROVER-B');
      const countdown = card(page, journeyId).getByTestId('sca-countdown');
      await countdown.filter({ hasText: /^Open the link within 1[45]:\d\d$/ }).waitFor(WAIT);

      await card(page, journeyId).getByRole('button', { name: 'Open link' }).click();
      await countdown.filter({ hasText: /^[45]:\d\d left to decide$/ }).waitFor(WAIT);
      await running().bank.control.advanceClock('PT4M');
      await countdown.filter({ hasText: /^[01]:\d\d left to decide$/ }).waitFor(WAIT);

      await running().bank.control.advanceClock('PT1M30S');
      const outcome = page.locator(`[data-testid="outcome"][data-journey-id="${journeyId}"]`);
      await outcome.waitFor(WAIT);
      expect(await outcome.getAttribute('data-status')).toBe('failed');
      expect(await outcome.textContent()).toContain('Time is up');
      expect(await outcome.textContent()).toContain('no decision within 5 minutes of opening the link');
    },
    UI_TIMEOUT,
  );
});

describe('the Bank at 1280 px', () => {
  it(
    'fits every table in its pane: low-priority columns give way, nothing is cut at the right edge',
    async () => {
      const { page } = running();
      // A bulk with a long creditor name, a single payment and a consent, beside whatever came before.
      await createConsent(running().bank, 'frankfurt', 'FRA-AISONLY');
      await paymentAwaiting('FRA-APPROVER-B', [{ name: 'Transports Girard SARL', iban: 'FR7630004008210001042987126', amount: '98765.43' }]);
      await paymentAwaiting('FRA-APPROVER-A', [
        { name: 'Internationale Speditions- und Lagerhausgesellschaft Rhein-Main mbH', iban: 'DE97700205700631807745' },
        { name: 'Transports Girard SARL', iban: 'FR7630004008210001042987126' },
      ]);
      await goTo(page, 'Bank');
      await page.locator('[data-testid="payments-row"]').nth(1).waitFor(WAIT);
      await page.locator('[data-testid="consents-row"]').first().waitFor(WAIT);
      for (const table of ['payments', 'consents']) {
        const scroll = page.getByTestId(table).locator('.bank-table-scroll');
        const { scrollWidth, clientWidth } = await scroll.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
        expect(scrollWidth, `${table}: ${scrollWidth} > ${clientWidth}`).toBeLessThanOrEqual(clientWidth);
      }
      // The long name is shortened with an ellipsis, whole on hover; the status stays in view.
      const row = page.locator('[data-testid="payments-row"]').filter({ hasText: 'Internationale' });
      expect(await row.locator('td.col-grow span').first().getAttribute('title')).toContain(
        'Internationale Speditions- und Lagerhausgesellschaft Rhein-Main mbH',
      );
      await row.getByTestId('payment-status').waitFor(WAIT);
    },
    UI_TIMEOUT,
  );
});
