// The Inspector shows a request's header lines as they were sent: a signed payment with X-Request-ID
// sent twice (over a plain socket, so both lines really go on the wire) lists both lines in order, keeps
// its Signature tab with the checks and names the TPP its signing certificate names.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { sendPaymentWithRequestIdTwice } from '../support/raw-request';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';
import { tickForCompare } from './support/compare-picks';

const running = uiPerFile();

const FIRST_ID = '3f0f6b1e-8c1a-4a55-9d2e-1f0c7a9b2c31';
const SECOND_ID = '9a7c2d4e-5b6f-4c1d-8e3f-2a1b0c9d8e7f';

async function newest(): Promise<Exchange> {
  const [exchange] = (await (await fetch(`${running().url}/simulator/v1/exchanges?limit=1`)).json()) as Exchange[];
  if (!exchange) throw new Error('no exchange logged');
  return exchange;
}

async function paymentWithRequestIdTwice(): Promise<Exchange> {
  await sendPaymentWithRequestIdTwice(running().bank, [FIRST_ID, SECOND_ID]);
  return newest();
}

async function open(id: number, tab: string): Promise<void> {
  const { page } = running();
  const row = page.locator(`[data-testid="exchange-row"][data-id="${id}"]`);
  await row.waitFor({ timeout: 15_000 });
  await row.click();
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

describe('a request with a header sent twice, in the Inspector', () => {
  it(
    'lists both X-Request-ID lines on the Request tab, in the order sent, names as sent',
    async () => {
      const { page } = running();
      await goTo(page, 'Inspector');
      const sent = await paymentWithRequestIdTwice();
      await open(sent.id, 'Request');
      const rows = page.locator('.message-view .headers-table tr');
      await rows.first().waitFor({ timeout: 15_000 });
      const lines = await rows.evaluateAll((trs) =>
        trs.map((tr) => [
          tr.querySelector('.header-name')?.textContent ?? '',
          tr.querySelector('td')?.textContent ?? '',
          tr.querySelector('.header-repeat')?.textContent ?? '',
        ]),
      );
      expect(lines.filter(([name]) => name?.toLowerCase() === 'x-request-id')).toEqual([
        ['X-Request-ID', FIRST_ID, 'sent 2 times: line 1'],
        ['x-request-id', SECOND_ID, 'sent 2 times: line 2'],
      ]);
      expect(lines.filter(([, , repeat]) => repeat !== '')).toHaveLength(2);
      expect(lines[0]?.[0]).toBe('Host');
      await page.screenshot({ path: '/tmp/header-lines-request.png' });
    },
    UI_TIMEOUT,
  );

  it(
    'keeps its Signature tab: the verdict names the repeated header, the checks and the certificate are there, the TPP is named',
    async () => {
      const { page } = running();
      const sent = await newest();
      expect(sent.signature?.verdict).toMatchObject({ valid: false, code: 'FORMAT_ERROR' });
      await open(sent.id, 'Signature');
      expect(await page.getByTestId('signature-verdict').textContent({ timeout: 15_000 })).toMatch(/X-Request-ID is sent more than once/);
      expect(await page.locator('.checks li[data-check="header-sent-once"]').getAttribute('class')).toBe('check-failed');
      expect(await page.locator('.checks li').count()).toBeGreaterThan(3);
      expect(await page.getByTestId('certificate').textContent()).toContain(running().bank.client.organizationId);
      const meta = await page.locator('.detail-meta').textContent();
      expect(meta).toContain(`TPP ${running().bank.client.organizationId}`);
      expect(meta).not.toContain('no TPP identified');
      await page.screenshot({ path: '/tmp/header-lines-signature.png' });
    },
    UI_TIMEOUT,
  );

  it(
    'Edit and resend sends both lines as they were: the resent exchange lists them again',
    async () => {
      const { page } = running();
      const sent = ((await fetch(`${running().url}/simulator/v1/exchanges?limit=20`).then((r) => r.json())) as Exchange[]).find((e) =>
        e.request.rawHeaders?.some(([, v]) => v === SECOND_ID),
      );
      if (!sent) throw new Error('the payment with X-Request-ID twice is not in the log');
      await open(sent.id, 'Edit and resend');
      expect(await page.getByLabel('Headers (one per line)').inputValue()).toMatch(new RegExp(`^X-Request-ID: ${FIRST_ID}\n[^]*\nx-request-id: ${SECOND_ID}$`));
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(async () => (await newest()).id, { timeout: 15_000 }).toBeGreaterThan(sent.id);
      const again = (await (await fetch(`${running().url}/simulator/v1/exchanges/${(await newest()).id}`)).json()) as Exchange;
      expect(again.request.rawHeaders?.filter(([name]) => name.toLowerCase() === 'x-request-id')).toEqual([
        ['X-Request-ID', FIRST_ID],
        ['x-request-id', SECOND_ID],
      ]);
    },
    UI_TIMEOUT,
  );

  it(
    'Compare lines up each X-Request-ID line: the second one shows as sent twice by one side',
    async () => {
      const { page, bank } = running();
      const twice = ((await fetch(`${running().url}/simulator/v1/exchanges?limit=20`).then((r) => r.json())) as Exchange[]).find((e) =>
        e.request.rawHeaders?.some(([, v]) => v === SECOND_ID),
      );
      if (!twice) throw new Error('the payment with X-Request-ID twice is not in the log');
      const once = await bank.tpp.startConsent('frankfurt', 'FRA-CREATOR').then(newest);
      await tickForCompare(page, [twice.id, once.id]);
      await page.getByRole('button', { name: /^Compare \(2\)/ }).click();
      const headers = page
        .getByTestId('exchange-diff')
        .getByTestId('diff-section')
        .filter({ has: page.locator('.diff-section-title', { hasText: /^Request headers$/ }) });
      const requestIds = headers.locator('tr').filter({ has: page.locator('.diff-name', { hasText: /^x-request-id/i }) });
      await requestIds.first().waitFor({ timeout: 15_000 });
      // Merged into one value ("a, b"), the two would show as one changed line.
      expect(await requestIds.count()).toBe(2);
      expect(await requestIds.nth(0).getAttribute('data-diff')).toBe('changed');
      expect(await requestIds.nth(1).getAttribute('data-diff')).toBe('left-repeated');
      expect(await requestIds.nth(1).locator('.diff-left').textContent()).toBe(SECOND_ID);
      await page.screenshot({ path: '/tmp/header-lines-compare.png' });
      await page.getByTestId('exchange-diff').getByRole('button', { name: 'Close' }).click();
      for (const id of [twice.id, once.id]) await page.getByRole('checkbox', { name: `Compare exchange ${id}` }).uncheck();
    },
    UI_TIMEOUT,
  );

  it(
    'names the TPP of a refused registration by its signing certificate, where no token or connection told it',
    async () => {
      const { page, bank } = running();
      const res = await bank.tpp.registerClient('frankfurt', { redirect_uris: ['https://tpp.example/cb'] }, { faults: { bodyChangedAfterDigest: true } });
      expect(res.status).toBe(401);
      const refused = await newest();
      expect(refused.tppId).toBeNull();
      await open(refused.id, 'Signature');
      await page.getByTestId('signature-view').waitFor({ timeout: 15_000 });
      expect(await page.locator('.detail-meta').textContent()).toContain(`TPP ${bank.client.organizationId} (named by its signing certificate)`);
    },
    UI_TIMEOUT,
  );
});
