// `npm run screenshots`: PNGs of each screen at 1280×800 and 1920×1080 in screenshots/
// (git-ignored), with some traffic first so the screens are not empty; then the trainer's guide's
// pictures in docs/teaching/ (scripts/teaching-screenshots.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TestBank } from '../test/support/simulator';
import { PROJECT_ROOT, startUi } from '../test/ui/support/browser';
import { authorisePayment, psuSession } from '../main/tpp/journeys';
import { prepared } from '../main/tpp/requests/request';
import { readTemplate } from '../main/tpp/templates';
import { createPayment } from '../main/tpp/requests/payments';
import { teachingScreenshots } from './teaching-screenshots';

const OUT = join(PROJECT_ROOT, 'screenshots');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

const SEPA = 'pain.001-sepa-credit-transfers';

/** One payment through both authorisations (PDNG) and one waiting for FRA-APPROVER-B on the Phone. */
async function payments(bank: TestBank): Promise<{ settled: string }> {
  const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const done = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
  await authorisePayment(bank.tpp, bank.control, await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A'), SEPA, done);
  await authorisePayment(bank.tpp, bank.control, await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B'), SEPA, done);
  // A close match: the Phone shows the VoP banner with the account holder's registered name.
  const closeMatch = readTemplate('sepa-single.xml')
    .replace('Transports Girard SARL', 'Mueller Logistik')
    .replace('FR7630004008210001042987126', 'DE97700205700631807745');
  const waiting = (await bank.tpp.createPayment(creator, SEPA, closeMatch)).body.paymentId as string;
  await bank.tpp.startAuthorisation(await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B'), SEPA, waiting);
  return { settled: done };
}

/**
 * A payment the bank refuses on its Digest: signed over the pretty-printed pain.001, sent minified.
 * Returns its exchange and the request as raw HTTP, to paste into "Diagnose a request".
 */
async function failingPayment(bank: TestBank): Promise<{ id: number; raw: string }> {
  const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const signed = await bank.tpp.sign(createPayment(creator, SEPA, readTemplate('sepa-single.xml'), bank.tpp.psu));
  const body = String(signed.body).replace(/>\s+</g, '><').trim();
  await bank.tpp.send({ ...signed, body });
  const [logged] = (await (await fetch(`${bank.url}/simulator/v1/exchanges?limit=1`)).json()) as { id: number }[];
  const headers = Object.entries(signed.headers).map(([name, value]) => `${name}: ${value}`);
  return { id: logged?.id ?? 0, raw: `POST ${signed.path} HTTP/1.1\n${headers.join('\n')}\n\n${body}` };
}

/** The Signature tab of that payment with the rules' legend open, then the same request pasted into "Diagnose a request". */
async function signingShots(page: Page, suffix: string, failing: { id: number; raw: string }): Promise<void> {
  await page.locator(`[data-testid="exchange-row"][data-id="${failing.id}"]`).click();
  await page.getByRole('tab', { name: /Signature/ }).click();
  await page.getByTestId('rule-legend').locator('summary').click();
  await page.locator('.inspector-detail-pane').evaluate((pane) => pane.scrollTo(0, 0));
  await shoot(page, `inspector-signature-failing${suffix}`);
  await page.getByRole('button', { name: 'Diagnose a request' }).click();
  await page.getByTestId('diagnose-text').fill(failing.raw);
  await page.getByTestId('diagnose-panel').getByRole('button', { name: 'Diagnose', exact: true }).click();
  await page.getByTestId('diagnose-result').waitFor();
  await shoot(page, `inspector-diagnose${suffix}`);
  await page.getByTestId('diagnose-panel').getByRole('button', { name: 'Close' }).click();
}

async function traffic(bank: TestBank): Promise<{ settled: string }> {
  const { tpp } = bank;
  const opened = await tpp.startConsent('frankfurt', 'FRA-CREATOR');
  await tpp.openScaLink(opened.scaRedirect);
  await tpp.startConsent('frankfurt', 'FRA-CREATOR');
  await tpp.consentStatus('frankfurt', opened.consentId);
  // What an outside client gets wrong: a JSON payment to a product path the bank does not have, unsigned.
  await tpp.send({
    method: 'POST',
    path: '/frankfurt/berlingroup/v1/payments/sepa-credit-transfers',
    headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
    body: JSON.stringify({ instructedAmount: { currency: 'EUR', amount: '12.30' } }),
  });
  // A signature the bank rejects: PSU-ID changed after signing.
  const body = '<Document>Müller Straße</Document>\n';
  const target = prepared(
    'payment-create',
    'frankfurt',
    '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers',
    { 'x-request-id': crypto.randomUUID(), 'psu-id': 'FRA-CREATOR', 'tpp-redirect-uri': 'https://tpp.example/callback' },
    body,
  );
  const signed = await tpp.sign(target);
  // The same request signed correctly: the diff of the two shows what broke the signature.
  await tpp.validateSignature('frankfurt', { ...signed.headers, 'content-type': 'application/xml' }, body, `post ${target.path}`);
  await tpp.validateSignature('frankfurt', { ...signed.headers, 'psu-id': 'FRA-APPROVER ', 'content-type': 'application/xml' }, body, `post ${target.path}`);
  return payments(bank);
}

/**
 * The Flows screen mid-run: the two-authorisation payment with "PSU decides on the phone" ticked, the
 * creator approved on the inline phone, the run waiting for approver A's phone.
 */
async function flowMidRun(page: Page): Promise<void> {
  await page.keyboard.press('1');
  await page.locator('[data-testid="flow-item"][data-flow="sepa-two-authorisations"]').click();
  await page.getByTestId('psu-decides').setChecked(true);
  await page.getByTestId('start-run').click();
  await page.getByTestId('request-editor').waitFor();
  await page.getByTestId('run-to-end').click();
  await page.locator('[data-testid="inline-phone"][data-psu="FRA-CREATOR"] [data-awaited="true"] [data-testid="approve"]').click();
  await page.locator('[data-testid="inline-phone"][data-psu="FRA-APPROVER-A"] [data-awaited="true"] [data-testid="approve"]').waitFor();
  await page.getByTestId('waiting-psu').scrollIntoViewIfNeeded();
}

/** The Inspector's diff: the rejected signature validation against the same request signed correctly. */
async function diffShot(page: Page, suffix: string): Promise<void> {
  const validations = page.getByTestId('exchange-row').filter({ hasText: 'signature/validation' });
  await validations
    .filter({ has: page.locator('[data-status="valid"]') })
    .first()
    .locator('.exchange-pick')
    .check();
  await validations
    .filter({ has: page.locator('[data-status="rejected"]') })
    .first()
    .locator('.exchange-pick')
    .check();
  await page.getByRole('button', { name: /^Compare/ }).click();
  await page.getByTestId('exchange-diff').waitFor();
  await shoot(page, `inspector-diff${suffix}`);
  await page.getByTestId('exchange-diff').getByRole('button', { name: 'Close' }).click();
}

async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const file = join(OUT, `${name}-${width}x${height}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

/**
 * The payment editor: a close-match SEPA payment submitted as FRA-CREATOR (its pain.002 explained
 * beside the text), then its group header CtrlSum made wrong, so a marker and the problem show.
 */
async function editorShots(page: Page, suffix: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Editor/ })
    .click();
  const lines = page.locator('.monaco-editor .view-lines');
  await lines.waitFor();
  await page.getByTestId('editor-institution').selectOption('frankfurt');
  await page.getByTestId('editor-psu').selectOption('FRA-CREATOR');
  await page.getByTestId('editor-product').selectOption(SEPA);
  await page.getByTestId('editor-outcome').selectOption('closeMatch');
  await page.getByRole('button', { name: 'Load template' }).click();
  await page.getByTestId('editor-status').filter({ hasText: 'Valid pain.001' }).waitFor();
  await page.getByTestId('editor-submit').click();
  await page.getByTestId('editor-transactions').locator('.editor-tx-reason').first().waitFor();
  // The group header's CtrlSum (the first in the text) made wrong by hand.
  await page.locator('.monaco-editor .view-line').filter({ hasText: '<CtrlSum>' }).first().click();
  await page.keyboard.press('End');
  for (let i = 0; i < '</CtrlSum>'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('5');
  await page.getByTestId('editor-problems').locator('li[data-rule="CtrlSum"]').first().waitFor();
  await page.locator('.monaco-editor .squiggly-error').first().waitFor();
  await shoot(page, `editor${suffix}`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const ui = await startUi();
  try {
    const { settled } = await traffic(ui.bank);
    const refused = await failingPayment(ui.bank);
    for (const size of SIZES) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await ui.browser.newContext({ viewport: size, colorScheme });
        const page = await context.newPage();
        await page.goto(`${ui.url}/`);
        const suffix = colorScheme === 'dark' ? '-dark' : '';
        const failing = page
          .getByTestId('exchange-row')
          .filter({ hasText: 'signature/validation' })
          .filter({ has: page.locator('[data-status="rejected"]') });
        await failing.locator('[data-status="rejected"]').waitFor();
        await failing.click();
        await page.getByRole('tab', { name: /Signature/ }).click();
        await shoot(page, `inspector${suffix}`);
        await signingShots(page, suffix, refused);
        await diffShot(page, suffix);
        await page.keyboard.press('3');
        await page.getByTestId('phone-screen').waitFor();
        // The traffic above left a payment waiting for FRA-APPROVER-B's approval.
        await page.getByTestId('psu-picker').selectOption('FRA-APPROVER-B');
        await page.getByTestId('journey').first().waitFor();
        await shoot(page, `phone${suffix}`);
        await page.keyboard.press('4');
        await page.locator(`[data-testid="payments-row"][data-id="${settled}"]`).click();
        await page.getByTestId('resource-exchange').first().waitFor();
        await shoot(page, `bank${suffix}`);
        await page.keyboard.press('Control+k');
        await page.keyboard.type('clock');
        await shoot(page, `commands${suffix}`);
        await page.keyboard.press('Escape');
        await flowMidRun(page);
        await shoot(page, `flows${suffix}`);
        await page.getByTestId('sequence-diagram').scrollIntoViewIfNeeded();
        await shoot(page, `flows-diagram${suffix}`);
        await editorShots(page, suffix);
        await context.close();
      }
    }
  } finally {
    await ui.stop();
  }
  await teachingScreenshots();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
