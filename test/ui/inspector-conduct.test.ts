// The Inspector's Conduct view: a TPP that breaks the spec's rules for TPPs sees each finding
// under its rule, with the rule's words and the spec's, and each of its exchanges one click from the detail;
// the TPP filter narrows to one TPP, and "Since now" starts a clean window for a test run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import { otherTpp } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

const SEPA = 'pain.001-sepa-credit-transfers';
const BAD_TPP = 'PSDDE-BAFIN-733001';
const POLLING = 'status-polling-without-reason';
const TEMPORARY = 'temporary-error-treated-as-rejection';

let ui: RunningUi;
beforeAll(async () => {
  ui = await startUi();
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

const addFault = async (rule: unknown): Promise<void> => {
  const res = await fetch(`${ui.url}/simulator/v1/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) });
  expect(res.status, await res.text()).toBe(201);
};
const exchangeUrl = async (id: number): Promise<string> => ((await (await fetch(`${ui.url}/simulator/v1/exchanges/${id}`)).json()) as { url: string }).url;
const group = (page: Page, rule: string) => page.locator(`[data-testid="conduct-group"][data-rule="${rule}"]`);

describe('the Conduct view', () => {
  it(
    "groups a TPP's breaches by rule, opens a finding's exchange in the detail, narrows to a TPP and starts again from now",
    async () => {
      const page = ui.page;
      // A client that reads a PATC payment's status four times with nothing to wait for, and takes a 503 on a
      // status read of another payment for a rejection (cancels it).
      const bad = await otherTpp(ui.bank, BAD_TPP);
      const psu = await psuSession(bad, ui.bank.control, 'frankfurt', 'FRA-CREATOR');
      // Each payment its own remittance: the same one again while the first is PATC would be a duplicate.
      const paymentIdOf = async (remittance: string): Promise<string> => {
        const body = readTemplate('sepa-single.xml').replace(/<Ustrd>[^<]*<\/Ustrd>/, `<Ustrd>${remittance}</Ustrd>`);
        const res = await bad.createPayment(psu, SEPA, body);
        expect(res.status, res.text).toBe(201);
        return (res.body as { paymentId: string }).paymentId;
      };
      const polled = await paymentIdOf('Invoice 1');
      for (let i = 0; i < 4; i++) expect((await bad.paymentStatus(psu, SEPA, polled)).status).toBe(200);
      const cancelled = await paymentIdOf('Invoice 2');
      await addFault({ match: { operation: 'payment-status', tppId: BAD_TPP }, action: { status: 503 }, times: 1 });
      expect((await bad.paymentStatus(psu, SEPA, cancelled)).status).toBe(503);
      expect((await bad.cancelPayment(psu, SEPA, cancelled)).status).toBe(204);
      // A well-behaved client beside it: the demo TPP reads its consent once.
      await psuSession(ui.bank.tpp, ui.bank.control, 'frankfurt', 'FRA-CREATOR');

      await goTo(page, 'Inspector');
      await page.getByTestId('inspector-conduct-tab').click();
      const polling = group(page, POLLING);
      await polling.waitFor({ timeout: 10_000 });
      // Errors first, each rule headed by its words, its severity in words, its id, and the spec's words.
      expect(await page.getByTestId('conduct-group').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-rule')))).toEqual([TEMPORARY, POLLING]);
      const pollingText = (await polling.textContent()) ?? '';
      expect(pollingText).toContain('A PATC payment polled with nothing to wait for');
      expect(pollingText).toContain('Warning');
      expect(pollingText).toContain(POLLING);
      expect(pollingText).toContain('Controlled status retrieval');
      const temporaryText = (await group(page, TEMPORARY).textContent()) ?? '';
      expect(temporaryText).toContain('A temporary error on a status read taken for a rejection');
      expect(temporaryText).toContain('Error');
      expect(await polling.getByTestId('conduct-finding').count()).toBe(1);
      // The spec's words shown in part, in full on asking.
      const more = polling.getByRole('button', { name: "All of the spec's words" });
      await more.click();
      expect(await polling.getByRole('button', { name: 'Fewer words' }).getAttribute('aria-expanded')).toBe('true');

      // One click on an exchange of the finding opens it in the detail.
      const link = polling.getByTestId('conduct-exchange').first();
      const id = Number(((await link.textContent()) ?? '').replace('#', ''));
      expect(id).toBeGreaterThan(0);
      await link.click();
      const detail = page.getByTestId('exchange-detail');
      await detail.waitFor({ timeout: 5_000 });
      const url = await exchangeUrl(id);
      expect(url).toMatch(/\/status$/);
      expect(await detail.locator('.detail-path').textContent()).toBe(url);
      expect(await link.getAttribute('aria-current')).toBe('true');
      await page.screenshot({ path: '/tmp/inspector-conduct-1280x800.png' });

      // The TPP filter: the demo TPP has no finding; the bad one has both again.
      const tpp = page.getByTestId('conduct-tpp');
      await tpp.selectOption(ui.bank.client.organizationId);
      const empty = page.getByTestId('conduct-empty');
      await empty.waitFor({ timeout: 5_000 });
      expect(await empty.textContent()).toMatch(new RegExp(`^No breach of the TPP rules in \\d+ exchanges? from ${ui.bank.client.organizationId}\\.`));
      await tpp.selectOption(BAD_TPP);
      await polling.waitFor({ timeout: 5_000 });
      expect(await page.getByTestId('conduct-group').count()).toBe(2);

      // Since now: the findings before it are gone; a read after it is checked live, and is no breach on its own.
      await page.getByTestId('conduct-since-now').click();
      await empty.waitFor({ timeout: 5_000 });
      expect(await empty.textContent()).toContain(`No exchange from ${BAD_TPP} since`);
      expect(await page.getByTestId('conduct-group').count()).toBe(0);
      expect((await bad.paymentStatus(psu, SEPA, polled)).status).toBe(200);
      await expect.poll(() => empty.textContent(), { timeout: 5_000 }).toMatch(new RegExp(`^No breach of the TPP rules in 1 exchange from ${BAD_TPP} since`));
      await page.screenshot({ path: '/tmp/inspector-conduct-since-1280x800.png' });

      // The whole log again, every TPP.
      await page.getByTestId('conduct-since-clear').click();
      await tpp.selectOption('');
      await polling.waitFor({ timeout: 5_000 });
      expect(await page.getByTestId('conduct-count').textContent()).toMatch(/^2 findings \(1 error, 1 warning\) under 2 rules in \d+ exchanges checked$/);

      // Back to the exchanges: the one opened from the finding is the one selected.
      await page.getByTestId('inspector-exchanges-tab').click();
      await page.getByTestId('exchange-row').first().waitFor({ timeout: 5_000 });
      expect(await page.locator('[data-testid="exchange-row"][aria-selected="true"]').count()).toBe(1);
    },
    UI_TIMEOUT,
  );

  it(
    'reads well on a large screen at 1.5 times the pixels, light and dark',
    async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await ui.browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1.5, colorScheme });
        try {
          const page = await context.newPage();
          await page.goto(`${ui.url}/`);
          await goTo(page, 'Inspector');
          await page.getByTestId('inspector-conduct-tab').click();
          await group(page, POLLING).waitFor({ timeout: 10_000 });
          await group(page, POLLING).getByTestId('conduct-exchange').last().click();
          await page.getByTestId('exchange-detail').waitFor({ timeout: 5_000 });
          await page.screenshot({ path: `/tmp/inspector-conduct-1920x1080-${colorScheme}.png` });
        } finally {
          await context.close();
        }
      }
    },
    UI_TIMEOUT,
  );
});
