// Large bodies are pretty-printed in a worker, so the Inspector stays responsive while a
// megabyte-sized pain.001 is formatted; small ones are formatted at once, without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

const WAIT = { timeout: 10_000 };

let ui: RunningUi;
const workers: string[] = [];

beforeAll(async () => {
  ui = await startUi();
  ui.page.on('worker', (worker) => workers.push(worker.url()));
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

/** A compact bulk pain.001 of about `kilobytes` KB on one line, as machines send them. */
function compactPain001(kilobytes: number): string {
  const tx = (i: number) =>
    `<CdtTrfTxInf><PmtId><EndToEndId>E2E-${i}</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">10.00</InstdAmt></Amt><Cdtr><Nm>Creditor ${i}</Nm></Cdtr></CdtTrfTxInf>`;
  let xml = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn><PmtInf>';
  for (let i = 0; xml.length < kilobytes * 1024; i++) xml += tx(i);
  return `${xml}</PmtInf></CstmrCdtTrfInitn></Document>`;
}

async function openRequestBody(path: string) {
  const row = ui.page.getByTestId('exchange-row').filter({ hasText: path });
  await row.first().click();
  await ui.page.getByRole('tab', { name: 'Request' }).click();
  return ui.page.getByTestId('body');
}

describe('pretty-printing bodies', () => {
  it(
    'formats a small body at once, without a worker',
    async () => {
      await fetch(`${ui.url}/paris/berlingroup/v1/payments/pain.001-sepa-credit-transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: compactPain001(2),
      });
      const body = await openRequestBody('/paris/');
      await body.and(ui.page.locator('[data-formatted="pretty"]')).waitFor(WAIT);
      expect((await body.textContent())?.split('\n').length).toBeGreaterThan(20);
      expect(workers).toEqual([]);
    },
    UI_TIMEOUT,
  );

  it(
    'formats a 600 KB body in a worker and shows it pretty, cut with "Show all"',
    async () => {
      await fetch(`${ui.url}/brussels/berlingroup/v1/payments/pain.001-sepa-credit-transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: compactPain001(600),
      });
      const body = await openRequestBody('/brussels/');
      await body.and(ui.page.locator('[data-formatted="pretty"]')).waitFor(WAIT);
      expect(workers.some((url) => /pretty\.worker/.test(url))).toBe(true);
      const lines = (await body.textContent())?.split('\n') ?? [];
      expect(lines.length).toBeGreaterThan(1_000);
      expect(lines.some((line) => /^\s+<CdtTrfTxInf>$/.test(line))).toBe(true);
      await ui.page.getByRole('button', { name: /^Show all/ }).waitFor(WAIT);
      expect(await ui.page.getByTestId('body-formatting').count()).toBe(0);
    },
    UI_TIMEOUT,
  );
});
