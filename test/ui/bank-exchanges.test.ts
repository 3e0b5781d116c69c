// The Bank's detail pane lists the selected resource's exchanges, live, and each opens in the
// Inspector with that exchange selected, even one older than the Inspector's first page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedConsent, TestBank } from '../support/simulator';
import { call, createConsent, tppToken } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';

const WAIT = { timeout: 10_000 };

async function openBank(page: Page): Promise<void> {
  await page.getByRole('navigation').locator('a, button').filter({ hasText: 'Bank' }).first().click();
}

describe('the Bank lists a resource’s exchanges and opens them in the Inspector', () => {
  let ui: RunningUi;
  let bank: TestBank;
  let token: string;
  let consent: CreatedConsent;
  let other: CreatedConsent;

  const readStatus = async (c: CreatedConsent): Promise<void> => {
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${c.consentId}/status`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    ui = await startUi();
    bank = ui.bank;
    token = await tppToken(bank, 'frankfurt');
    consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    other = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await readStatus(consent);
    await readStatus(other);
  }, UI_TIMEOUT);

  afterAll(async () => {
    await ui?.stop();
  });

  const exchangeRows = () => ui.page.getByTestId('resource-exchanges').getByTestId('resource-exchange');

  /** Clicks the consent's creation in the Bank and expects the Inspector to show that very exchange. */
  async function expectCreationOpensInInspector(): Promise<void> {
    const { page } = ui;
    const creation = exchangeRows().last();
    const id = await creation.getAttribute('data-id');
    await creation.click();

    const selected = page.locator('[data-testid="exchange-row"][aria-selected="true"]');
    await selected.waitFor(WAIT);
    expect(await selected.getAttribute('data-id')).toBe(id);
    const detail = page.getByTestId('exchange-detail');
    await detail.waitFor(WAIT);
    expect(await detail.locator('.detail-path').textContent()).toBe('/frankfurt/berlingroup/v1/consents');
  }

  it(
    'lists the selected consent’s exchanges newest first, and a new one as it happens',
    async () => {
      const { page } = ui;
      await openBank(page);
      await page.locator(`[data-testid="consents-row"][data-id="${consent.consentId}"]`).click();
      await expect.poll(() => exchangeRows().count(), WAIT).toBe(2);
      const columns = (selector: string) => exchangeRows().locator(selector).allTextContents();
      expect(await columns('.bank-exchange-method')).toEqual(['GET', 'POST']);
      expect(await columns('.wire-plain')).toEqual([`/consents/${consent.consentId.slice(0, 8)}…/status`, '/consents']);
      expect(await columns('.http-status')).toEqual(['200', '201']);
      expect(await exchangeRows().locator('.http-status').first().getAttribute('class')).toContain('http-2xx');
      expect(await page.getByTestId('resource-exchanges').textContent()).not.toContain(other.consentId.slice(0, 8));

      await readStatus(consent);
      await expect.poll(() => exchangeRows().count(), WAIT).toBe(3);
    },
    UI_TIMEOUT,
  );

  it(
    'opens a clicked exchange in the Inspector with it selected',
    async () => {
      await expectCreationOpensInInspector();
    },
    UI_TIMEOUT,
  );

  it(
    'opens an exchange older than the Inspector’s first page',
    async () => {
      const { page } = ui;
      // Push the consent's creation out of the newest 200 the Inspector loads when it opens.
      for (let i = 0; i < 21; i++) await Promise.all(Array.from({ length: 10 }, () => readStatus(other)));
      await page.reload();
      await openBank(page);
      await page.locator(`[data-testid="consents-row"][data-id="${consent.consentId}"]`).click();
      await expect.poll(() => exchangeRows().count(), WAIT).toBe(3);
      await expectCreationOpensInInspector();
    },
    UI_TIMEOUT,
  );

  it(
    'lists a payment’s creation, authorisation and SCA page',
    async () => {
      const { page } = ui;
      const product = 'pain.001-sepa-credit-transfers';
      const session = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
      const created = await bank.tpp.createPayment(session, product, readTemplate('sepa-single.xml'));
      const paymentId = created.body.paymentId as string;
      await authorisePayment(bank.tpp, bank.control, session, product, paymentId);

      await openBank(page);
      await page.locator(`[data-testid="payments-row"][data-id="${paymentId}"]`).click();
      await expect.poll(() => exchangeRows().count(), WAIT).toBe(3);
      const short = `${paymentId.slice(0, 8)}…`;
      expect(await exchangeRows().locator('.wire-plain').allTextContents()).toEqual([
        expect.stringMatching(/^\/sca\/[0-9a-f]{8}…$/),
        `/payments/${product}/${short}/authorisations`,
        `/payments/${product}`,
      ]);
    },
    UI_TIMEOUT,
  );
});
