// The Bank screen sets the per-TPP rate limit and blocks the consent service (every outcome of
// the spec reachable): what the operator sets there is what a TPP then meets, and a change made by
// automation through the control API shows on the screen by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consentHeaders, recurringConsentBody, tppToken, type TestBank } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

const WAIT = { timeout: 10_000 };
const json = { 'content-type': 'application/json' };

describe('the Bank screen’s rate limit and service blocks', () => {
  let ui: RunningUi;
  let bank: TestBank;

  beforeAll(async () => {
    ui = await startUi();
    bank = ui.bank;
    await goTo(ui.page, 'Bank');
  }, UI_TIMEOUT);
  afterAll(async () => {
    await ui?.stop();
  });

  const newConsent = async (): Promise<number> =>
    (
      await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', {
        headers: consentHeaders(await tppToken(bank, 'frankfurt'), 'FRA-CREATOR'),
        body: recurringConsentBody(),
      })
    ).status;

  it('sets the rate limit the bank then applies, and follows a limit set by automation', async () => {
    const { page } = ui;
    const section = page.getByTestId('operator-settings');
    await section.getByTestId('rate-limit-state').filter({ hasText: 'Off' }).waitFor(WAIT);
    await section.getByTestId('rate-limit-input').fill('25');
    await section.getByTestId('rate-limit-apply').click();
    await section.getByTestId('rate-limit-state').filter({ hasText: 'Over 25 in a second' }).waitFor(WAIT);
    expect((await call(bank, 'GET', '/simulator/v1/rate-limit')).body).toEqual({ perSecond: 25 });

    await call(bank, 'POST', '/simulator/v1/rate-limit', { headers: json, body: JSON.stringify({ perSecond: 0 }) });
    await section.getByTestId('rate-limit-state').filter({ hasText: 'Off' }).waitFor(WAIT);
    expect(await section.getByTestId('rate-limit-input').inputValue()).toBe('0');
  });

  it('blocks the consent service at an institution for every TPP, and unblocks it', async () => {
    const { page } = ui;
    const section = page.getByTestId('operator-settings');
    await section.getByTestId('blocks-empty').waitFor(WAIT);
    await section.getByTestId('block-institution').selectOption('frankfurt');
    await section.getByTestId('block-add').click();
    const row = section.getByTestId('block-row').filter({ hasText: 'frankfurt' });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain('every TPP');
    expect(await newConsent()).toBe(403);

    await row.getByRole('button', { name: /Unblock/ }).click();
    await section.getByTestId('blocks-empty').waitFor(WAIT);
    expect(await newConsent()).toBe(201);
  });

  it('shows a block made by automation for one TPP', async () => {
    const { page } = ui;
    await call(bank, 'POST', '/simulator/v1/service-blocks', {
      headers: json,
      body: JSON.stringify({ institution: 'paris', tppId: bank.client.organizationId }),
    });
    const row = page.getByTestId('operator-settings').getByTestId('block-row').filter({ hasText: 'paris' });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain(bank.client.organizationId);
  });
});
