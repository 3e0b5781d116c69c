// The PSU's browser on the bank's SCA page while the PSU acts on the Phone: once done, the page sends
// the browser back to TPP-Redirect-URI exactly as the TPP sent it (spec Consents rules 1-2); a journey
// that times out says why, on the page and on the Phone. And the Phone's connected providers with Revoke.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import { createConsentReturningTo, expectBgError } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

const WAIT = { timeout: 10_000 };
/** The TPP's own page, answered by the browser's route below: no outside network. */
const TPP_ORIGIN = 'https://tpp.example';

let ui: RunningUi;
let browserPage: Page;

beforeAll(async () => {
  ui = await startUi();
  const context = ui.page.context();
  await context.route(`${TPP_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back at the TPP</h1>' }));
  browserPage = await context.newPage();
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

async function showPhoneOf(psuId: string, journeyId: string, status: string): Promise<void> {
  await goTo(ui.page, 'Phone');
  await ui.page.getByTestId('psu-picker').selectOption(psuId);
  await ui.page.locator(`[data-testid="journey"][data-journey-id="${journeyId}"][data-status="${status}"]`).waitFor(WAIT);
}

describe('the PSU returns to the TPP', () => {
  it(
    'the SCA page follows the journey and, once approved on the Phone, sends the browser to the TPP-Redirect-URI exactly',
    async () => {
      // A state and characters a careless bank would re-encode.
      const tppRedirectUri = `${TPP_ORIGIN}/return/cb?state=Ab%2Fc-9_~&lang=en`;
      const c = await createConsentReturningTo(ui.bank, 'FRA-CREATOR', tppRedirectUri);
      await browserPage.goto(c.scaRedirect);
      await browserPage.getByText("Continue in your bank's app").waitFor(WAIT);

      await showPhoneOf('FRA-CREATOR', c.journeyId, 'opened');
      // The browser stays on the bank's page while the PSU has not acted.
      expect(browserPage.url()).toBe(c.scaRedirect);
      await ui.page
        .locator(`[data-testid="journey"][data-journey-id="${c.journeyId}"]`)
        .getByRole('button', { name: /^Approve/ })
        .click();

      await browserPage.waitForURL((url) => url.origin === TPP_ORIGIN, WAIT);
      expect(browserPage.url()).toBe(tppRedirectUri);
      expect(await browserPage.textContent('h1')).toBe('Back at the TPP');
    },
    UI_TIMEOUT,
  );

  it(
    'a journey that times out shows the PSU why, on the page and on the Phone, then returns to the TPP',
    async () => {
      const tppRedirectUri = `${TPP_ORIGIN}/return/timeout?state=t-1`;
      const c = await createConsentReturningTo(ui.bank, 'FRA-APPROVER-A', tppRedirectUri);
      await browserPage.goto(c.scaRedirect);
      await showPhoneOf('FRA-APPROVER-A', c.journeyId, 'opened');

      await ui.bank.control.advanceClock('PT5M1S');
      const reason = 'no decision within 5 minutes of opening the link';
      await browserPage.locator('#progress').filter({ hasText: reason }).waitFor(WAIT);
      expect(browserPage.url()).toBe(c.scaRedirect);
      await ui.page.locator('[data-testid="outcome"][data-status="failed"]').filter({ hasText: reason }).waitFor(WAIT);

      await browserPage.waitForURL((url) => url.origin === TPP_ORIGIN, WAIT);
      expect(browserPage.url()).toBe(tppRedirectUri);
    },
    UI_TIMEOUT,
  );
});

describe('connected providers on the Phone', () => {
  it(
    "lists the PSU's valid consents; Revoke makes one revokedByPsu and its token stops reading",
    async () => {
      const session = await psuSession(ui.bank.tpp, ui.bank.control, 'frankfurt', 'FRA-APPROVER-B');
      await goTo(ui.page, 'Phone');
      await ui.page.getByTestId('psu-picker').selectOption('FRA-APPROVER-B');
      const provider = ui.page.locator(`[data-testid="provider"][data-consent-id="${session.consentId}"]`);
      await provider.waitFor(WAIT);
      expect(await provider.textContent()).toContain(ui.bank.client.organizationId);

      await provider.getByRole('button', { name: /^Revoke access for/ }).click();
      await provider.waitFor({ state: 'detached', ...WAIT });

      expect((await ui.bank.tpp.consentStatus('frankfurt', session.consentId)).body).toMatchObject({ consentStatus: 'revokedByPsu' });
      expectBgError(await ui.bank.tpp.accounts(session), 401, 'CONSENT_INVALID');
    },
    UI_TIMEOUT,
  );
});
