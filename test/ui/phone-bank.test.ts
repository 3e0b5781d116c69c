// The Phone and Bank screens against the real simulator: a TPP creates a consent over
// plain HTTP, the PSU approves it on the Phone, the Bank shows it valid, and moving the
// simulated clock on the Bank makes it expire on screen. Then a payment: the approver sees
// whom it pays on the Phone, and the Bank's state diagram lights the transition it took.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedConsent, TestBank } from '../support/simulator';
import { createConsent } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';

const PSU = 'FRA-CREATOR';
const SEPA = 'pain.001-sepa-credit-transfers';
const WAIT = { timeout: 10_000 };

describe('the Phone approves a consent and the Bank shows its lifecycle', () => {
  let ui: RunningUi;
  let bank: TestBank;
  let consent: CreatedConsent;

  beforeAll(async () => {
    ui = await startUi();
    bank = ui.bank;
  }, UI_TIMEOUT);

  afterAll(async () => {
    await ui?.stop();
  });

  it(
    'shows a TPP-created consent on the PSU’s phone, approves it, and the Bank lists it valid',
    async () => {
      const { page } = ui;
      await goTo(page, 'Phone');
      await page.getByTestId('psu-picker').selectOption(PSU);
      await page.getByTestId('phone-empty').waitFor(WAIT);
      expect(await page.getByTestId('phone-empty').textContent()).toContain('Jonas Becker');

      consent = await createConsent(bank, 'frankfurt', PSU);

      const card = page.locator(`[data-testid="journey"][data-journey-id="${consent.journeyId}"]`);
      await card.waitFor(WAIT);
      await page.getByTestId('phone-notice').waitFor(WAIT);
      expect(await card.getAttribute('data-status')).toBe('started');
      expect(await card.textContent()).toContain(consent.consentId);

      await card.getByRole('button', { name: 'Open link' }).click();
      await page.locator(`[data-testid="journey"][data-journey-id="${consent.journeyId}"][data-status="opened"]`).waitFor(WAIT);
      await card.getByRole('button', { name: /^Approve/ }).click();

      await page.locator('[data-testid="outcome"][data-status="finalised"]').waitFor(WAIT);
      await card.waitFor({ state: 'detached', ...WAIT });
      await page.getByTestId('phone-empty').waitFor(WAIT);

      await goTo(page, 'Bank');
      const row = page.locator(`[data-testid="consents-row"][data-id="${consent.consentId}"]`);
      await row.getByTestId('consent-status').filter({ hasText: 'valid' }).waitFor(WAIT);
      expect(await row.textContent()).toContain(PSU);

      await row.click();
      const detail = page.getByTestId('bank-detail');
      await detail.waitFor(WAIT);
      expect(await detail.textContent()).toContain(consent.consentId);
    },
    UI_TIMEOUT,
  );

  it(
    'expires the consent on screen once the Bank moves the simulated clock past validUntil',
    async () => {
      const { page } = ui;
      const row = page.locator(`[data-testid="consents-row"][data-id="${consent.consentId}"]`);
      const status = row.getByTestId('consent-status');
      const clock = page.getByTestId('bank-now');
      const before = await clock.textContent();

      // The bank expires a consent at the start of its validUntil day (UK time): a day on it is still valid.
      await page.getByRole('button', { name: 'Advance the clock by 1 day' }).click();
      await expect.poll(() => clock.textContent(), WAIT).not.toBe(before);
      expect(await status.textContent()).toBe('valid');

      await page.getByRole('button', { name: 'Advance the clock by 90 days' }).click();
      await status.filter({ hasText: 'expired' }).waitFor(WAIT);
    },
    UI_TIMEOUT,
  );

  it(
    'shows the approver whom a payment pays, and the Bank lights PATC → PDNG once both approvals are in',
    async () => {
      const { page } = ui;
      const created = await bank.tpp.createPayment(await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR'), SEPA, readTemplate('sepa-single.xml'));
      expect(created.status, created.text).toBe(201);
      const paymentId = created.body.paymentId as string;
      const start = await bank.tpp.startAuthorisation(await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A'), SEPA, paymentId);
      expect(start.status, start.text).toBe(201);
      const journeyId = (start.body._links.scaRedirect.href as string).split('/').pop() as string;

      await goTo(page, 'Phone');
      await page.getByTestId('psu-picker').selectOption('FRA-APPROVER-A');
      const card = page.locator(`[data-testid="journey"][data-journey-id="${journeyId}"]`);
      await card.waitFor(WAIT);
      expect(await card.getByTestId('journey-creditor').textContent()).toContain('Transports Girard SARL');
      expect(await card.getByTestId('journey-creditor-account').textContent()).toBe('FR76 3000 4008 2100 0104 2987 126');

      await card.getByRole('button', { name: 'Open link' }).click();
      await page.locator(`[data-testid="journey"][data-journey-id="${journeyId}"][data-status="opened"]`).waitFor(WAIT);
      await card.getByRole('button', { name: /^Approve/ }).click();
      await card.waitFor({ state: 'detached', ...WAIT });
      const second = await authorisePayment(bank.tpp, bank.control, await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B'), SEPA, paymentId);
      expect(second.journey.status, second.journey.outcomeReason).toBe('finalised');

      await goTo(page, 'Bank');
      const row = page.locator(`[data-testid="payments-row"][data-id="${paymentId}"]`);
      await row.getByTestId('payment-status').filter({ hasText: 'PDNG' }).waitFor(WAIT);
      await row.click();
      const diagram = page.getByTestId('payment-state-diagram');
      // Attached, not visible: a horizontal edge has no height, which Playwright counts as hidden.
      await diagram.locator('[data-transition="PATC-PDNG"][data-active="true"]').waitFor({ state: 'attached', ...WAIT });
      expect(await diagram.locator('[data-active="true"]').count()).toBe(1);
      expect(await diagram.getAttribute('aria-label')).toContain('PATC → PDNG');
    },
    UI_TIMEOUT,
  );

  it(
    'asks before Reset, keeps everything on Keep, and empties the tables on Reset now',
    async () => {
      const page = ui.page;
      await goTo(page, 'Bank');
      const rows = page.locator('[data-testid="payments-row"]');
      expect(await rows.count()).toBeGreaterThan(0);

      await page.getByTestId('bank-reset').click();
      await page.getByRole('group', { name: 'Confirm the reset' }).getByRole('button', { name: 'Keep' }).click();
      expect(await rows.count()).toBeGreaterThan(0);
      expect(((await fetch(`${ui.url}/simulator/v1/payments`).then((r) => r.json())) as unknown[]).length).toBeGreaterThan(0);

      await page.getByTestId('bank-reset').click();
      await page.getByTestId('bank-reset-confirm').click();
      await expect.poll(() => rows.count(), WAIT).toBe(0);
      expect(await fetch(`${ui.url}/simulator/v1/payments`).then((r) => r.json())).toEqual([]);
    },
    UI_TIMEOUT,
  );
});
