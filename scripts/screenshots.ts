// `npm run screenshots`: PNGs of each screen at 1280×800 and 1920×1080 in screenshots/
// (git-ignored), with some traffic first so the screens are not empty.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { baseHeaders, demoSigningKey, signedHeaders } from '../test/support/signing';
import type { TestBank } from '../test/support/simulator';
import { call, createConsent, tppToken } from '../test/support/simulator';
import { authorise, createPayment, psuSession, startAuthorisation, template } from '../test/support/payments';
import { PROJECT_ROOT, startUi } from '../test/ui/support/browser';

const OUT = join(PROJECT_ROOT, 'screenshots');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

const SEPA = 'pain.001-sepa-credit-transfers';

/** One payment through both authorisations (PDNG) and one waiting for FRA-APPROVER-B on the Phone. */
async function payments(bank: TestBank): Promise<{ settled: string }> {
  const creator = await psuSession(bank, 'frankfurt', 'FRA-CREATOR');
  const done = (await createPayment(bank, creator, SEPA, template('sepa-single.xml'))).body.paymentId as string;
  await authorise(bank, await psuSession(bank, 'frankfurt', 'FRA-APPROVER-A'), SEPA, done);
  await authorise(bank, await psuSession(bank, 'frankfurt', 'FRA-APPROVER-B'), SEPA, done);
  // A close match: the Phone shows the VoP banner with the account holder's registered name.
  const closeMatch = template('sepa-single.xml').replace('Transports Girard SARL', 'Mueller Logistik').replace('FR7630004008210001042987126', 'DE97700205700631807745');
  const waiting = (await createPayment(bank, creator, SEPA, closeMatch)).body.paymentId as string;
  await startAuthorisation(bank, await psuSession(bank, 'frankfurt', 'FRA-APPROVER-B'), SEPA, waiting);
  return { settled: done };
}

async function traffic(bank: TestBank): Promise<{ settled: string }> {
  const token = await tppToken(bank, 'frankfurt');
  const opened = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
  await fetch(`${bank.url}/sca/${opened.journeyId}`).then((r) => r.text());
  await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
  await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${opened.consentId}/status`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': crypto.randomUUID() } });
  await call(bank, 'POST', '/frankfurt/berlingroup/v1/payments/sepa-credit-transfers', {
    headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
    body: JSON.stringify({ instructedAmount: { currency: 'EUR', amount: '12.30' } }),
  });
  // A signature the bank rejects: PSU-ID changed after signing.
  const body = '<Document>Müller Straße</Document>\n';
  const headers = signedHeaders(demoSigningKey(bank), ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'], baseHeaders(), body);
  headers['psu-id'] = 'FRA-APPROVER ';
  await call(bank, 'POST', '/frankfurt/sandbox/v1/signature/validation', {
    headers: { ...headers, 'content-type': 'application/xml', 'bank-request-target': 'post /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers' },
    body,
  });
  return payments(bank);
}

async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const file = join(OUT, `${name}-${width}x${height}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const ui = await startUi();
  try {
    const { settled } = await traffic(ui.bank);
    for (const size of SIZES) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await ui.browser.newContext({ viewport: size, colorScheme });
        const page = await context.newPage();
        await page.goto(`${ui.url}/`);
        const suffix = colorScheme === 'dark' ? '-dark' : '';
        const failing = page.getByTestId('exchange-row').filter({ hasText: 'signature/validation' });
        await failing.locator('[data-status="rejected"]').waitFor();
        await failing.click();
        await page.getByRole('tab', { name: /Signature/ }).click();
        await shoot(page, `inspector${suffix}`);
        await page.keyboard.press('2');
        await page.getByTestId('phone-screen').waitFor();
        // The traffic above left a payment waiting for FRA-APPROVER-B's approval.
        await page.getByTestId('psu-picker').selectOption('FRA-APPROVER-B');
        await page.getByTestId('journey').first().waitFor();
        await shoot(page, `phone${suffix}`);
        await page.keyboard.press('3');
        await page.locator(`[data-testid="payments-row"][data-id="${settled}"]`).click();
        await page.getByTestId('resource-exchange').first().waitFor();
        await shoot(page, `bank${suffix}`);
        await page.keyboard.press('Control+k');
        await page.keyboard.type('clock');
        await shoot(page, `commands${suffix}`);
        await context.close();
      }
    }
  } finally {
    await ui.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
