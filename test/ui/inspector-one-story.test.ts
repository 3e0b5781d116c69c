// One story per exchange, in Chromium. Diagnose says what it could not check (a token this bank does not know:
// never a green "every check passed", and a control to check as the TPP the certificate names); a signed operation
// refused before its signature was checked says so on its Signature tab and counts as signed and refused; a resend
// the search no longer matches stays in sight, beside its original.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { QA_CASES, qaBaseRequest, qaKeys } from '../support/qa-set';
import { type QaCase, type QaKeys, type QaRequest } from '../support/qa-request';
import { PASTE_FORMS, sendRaw } from '../support/qa-forms';
import { demoSigningKey } from '../support/signing';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

let ui: RunningUi;
let psu: PsuSession;
let keys: QaKeys;

beforeAll(async () => {
  ui = await startUi();
  psu = await psuSession(ui.bank.tpp, ui.bank.control, 'frankfurt', 'FRA-CREATOR');
  keys = await qaKeys(ui.bank.control, demoSigningKey(ui.bank));
  await goTo(ui.page, 'Inspector');
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

const WAIT = { timeout: 15_000 };
const caseOf = (id: string): QaCase => {
  const found = QA_CASES.find((c) => c.id === id);
  if (!found) throw new Error(`no QA case ${id}`);
  return found;
};

/** Sends the case's request live and answers it with the exchange the bank logged. */
async function sentLive(c: QaCase): Promise<{ request: QaRequest; exchange: Exchange }> {
  const request = c.build(qaBaseRequest(psu, ui.bank.tpp.psu), keys);
  expect((await sendRaw(ui.url, request)).status).toBe(c.expect.status);
  const requestId = request.headers.find(([n]) => n.toLowerCase() === 'x-request-id')?.[1] ?? '';
  const exchanges = (await (await fetch(`${ui.url}/simulator/v1/exchanges?limit=5`)).json()) as Exchange[];
  const exchange = exchanges.find((e) => e.request.headers['x-request-id'] === requestId);
  if (!exchange) throw new Error(`${c.id} was not logged`);
  return { request, exchange };
}

const row = (id: number) => ui.page.locator(`[data-testid="exchange-row"][data-id="${id}"]`);

async function openRow(id: number): Promise<void> {
  await row(id).waitFor(WAIT);
  await row(id).click();
}

/** Pastes the request into Diagnose as a cURL command (no line endings to lose) and waits for the result. */
async function diagnosed(request: QaRequest): Promise<void> {
  await ui.page.getByRole('button', { name: 'Diagnose a request' }).click();
  const panel = ui.page.getByTestId('diagnose-panel');
  await panel.waitFor(WAIT);
  await panel.getByLabel('cURL', { exact: true }).check();
  await ui.page.getByTestId('diagnose-text').fill(PASTE_FORMS.curl(request, ui.url));
  await panel.getByRole('button', { name: 'Diagnose', exact: true }).click();
  await ui.page.getByTestId('diagnose-result').waitFor(WAIT);
}

const closeDiagnose = () => ui.page.getByTestId('diagnose-panel').getByRole('button', { name: 'Close' }).click();

describe('Diagnose says what it could not check', () => {
  it(
    'a token this bank does not know: "calling TPP not identified" first, an amber badge, and a check as the TPP the certificate names',
    async () => {
      const c = caseOf('foreign-token');
      const { request, exchange } = await sentLive(c);

      // Live, the bank refused it at the token: the Signature tab says so, in the bank's words.
      await openRow(exchange.id);
      await ui.page.getByRole('tab', { name: /Signature/ }).click();
      expect(await ui.page.getByTestId('signature-verdict').textContent(WAIT)).toContain(
        'HTTP 401: refused before the signature was checked: the access token is not known to the bank',
      );

      await diagnosed(request);
      const result = ui.page.getByTestId('diagnose-result');
      const first = result.getByTestId('diagnose-finding').first();
      expect(await first.getAttribute('data-severity')).toBe('warning');
      expect(await first.textContent()).toBe(`!${c.expect.firstFinding?.text}`);
      expect(await result.getByTestId('diagnose-badge').locator('.status').getAttribute('data-status')).toBe('unchecked');
      const verdict = await result.getByTestId('signature-verdict').textContent();
      expect(verdict).not.toContain('Every check passed');
      expect(verdict).toContain('The checks made passed, but not every check could be made');
      expect(await result.locator('li[data-check="certificate-organization"]').count()).toBe(0);
      await ui.page.screenshot({ path: '/tmp/one-story-diagnose-foreign-token.png' });

      await result.getByTestId('diagnose-pick-tpp').click();
      await expect
        .poll(() => result.getByTestId('diagnose-caller').textContent(), WAIT)
        .toMatch(/^Checked as TPP PSDDE-BAFIN-654321, picked by its certificate/);
      expect(await result.locator('li[data-check="certificate-organization"]').getAttribute('class')).toBe('check-passed');
      expect(await result.getByTestId('diagnose-badge').locator('.status').getAttribute('data-status')).toBe('unchecked');
      expect(await result.getByTestId('diagnose-finding').first().textContent()).toMatch(/^!the token was not checked/);
      await ui.page.screenshot({ path: '/tmp/one-story-diagnose-by-certificate.png' });
      await closeDiagnose();
    },
    UI_TIMEOUT,
  );
});

describe('one story per exchange', () => {
  it(
    'a signed operation refused before its signature was checked says so on its Signature tab, and counts as signed and refused',
    async () => {
      const c = caseOf('psu-id-signed-not-sent');
      const { request, exchange } = await sentLive(c);
      await openRow(exchange.id);
      expect(await row(exchange.id).getByTestId('exchange-failure').textContent()).toBe('FORMAT_ERROR header PSU-ID is missing');
      // Failing, it opens on its Signature tab.
      const verdict = ui.page.getByTestId('signature-verdict');
      expect(await verdict.textContent(WAIT)).toContain('HTTP 400: refused before the signature was checked: header PSU-ID is missing');
      expect(await ui.page.getByTestId('refused-before-signature').count()).toBe(1);
      expect(await ui.page.getByTestId('signature-not-checked').count()).toBe(0);
      const meta = await ui.page.locator('.detail-meta').textContent();
      expect(meta).toContain(`TPP ${ui.bank.client.organizationId}`);
      expect(meta).not.toContain('no TPP identified');
      await ui.page.screenshot({ path: '/tmp/one-story-refused-before.png' });

      const chip = (name: string) => ui.page.getByRole('group', { name: 'Narrow by status, signature and fault' }).getByRole('button', { name, exact: true });
      await chip('unsigned').click();
      await ui.page.locator('[data-testid="inspector-no-match"], [data-testid="exchange-row"]').first().waitFor(WAIT);
      await expect.poll(() => row(exchange.id).count(), WAIT).toBe(0);
      await chip('unsigned').click();
      await chip('signed, refused').click();
      await row(exchange.id).waitFor(WAIT);
      await chip('signed, refused').click();

      await diagnosed(request);
      const first = ui.page.getByTestId('diagnose-result').getByTestId('diagnose-finding').first();
      expect(await first.textContent()).toBe(`✗FORMAT_ERROR 400 ${c.expect.firstFinding?.text}`);
      expect(await ui.page.getByTestId('diagnose-badge').locator('.status').textContent()).toBe('FORMAT_ERROR');
      await ui.page.screenshot({ path: '/tmp/one-story-diagnose-refused-before.png' });
      await closeDiagnose();
    },
    UI_TIMEOUT,
  );
});

describe('a resend stays in sight', () => {
  it(
    'searching SIGNATURE_INVALID, a re-signed 201 is shown, noted outside the filter, beside its original',
    async () => {
      const res = await ui.bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml', { faults: { bodyChangedAfterDigest: true } });
      expect(res.status).toBe(401);
      const [broken] = (await (await fetch(`${ui.url}/simulator/v1/exchanges?limit=1`)).json()) as Exchange[];
      if (!broken) throw new Error('the broken payment was not logged');

      await ui.page.getByLabel('Filter exchanges').fill('SIGNATURE_INVALID');
      await openRow(broken.id);
      await ui.page.getByRole('tab', { name: 'Edit and resend' }).click();
      await ui.page.getByLabel(/Re-sign with the demo TPP/).check();
      await ui.page.getByLabel('New X-Request-ID').check();
      await ui.page.getByRole('button', { name: 'Send', exact: true }).click();

      const note = ui.page.getByTestId('outside-filter');
      await note.waitFor(WAIT);
      expect(await note.locator('strong').textContent()).toBe('1 new exchange outside the filter');
      const listed = note.getByTestId('outside-filter-exchange');
      const sentId = Number(await listed.getAttribute('data-id'));
      expect(sentId).toBeGreaterThan(broken.id);
      expect(await listed.textContent()).toBe(`#${sentId} POST 201signature validShown`);
      // The search ran again without it (its event came), and the detail still shows it.
      await expect.poll(() => row(sentId).count(), WAIT).toBe(0);
      await ui.page.waitForTimeout(1_500);
      const detail = ui.page.getByTestId('exchange-detail');
      expect(await detail.getByTestId('signature-verdict').textContent()).toContain('Every check passed.');
      expect(await detail.getByTestId('resent-from').textContent()).toMatch(
        new RegExp(`^Sent again from #${broken.id}, which was answered 401SIGNATURE_INVALID`),
      );
      await ui.page.screenshot({ path: '/tmp/one-story-resend-outside.png' });

      // The original, still listed, shows the new exchange's status and verdict beside it.
      await detail.getByRole('button', { name: `Open #${broken.id}` }).click();
      await expect.poll(() => row(broken.id).getAttribute('aria-selected'), WAIT).toBe('true');
      expect(await detail.getByTestId('sent-again').textContent()).toMatch(new RegExp(`^Sent again as #${sentId}, answered 201signature valid`));
      await ui.page.screenshot({ path: '/tmp/one-story-resend-original.png' });

      await listed.getByRole('button', { name: 'Show it' }).click();
      await detail.getByTestId('resent-from').waitFor(WAIT);
      // Cleared, the search lists it again, and the note has nothing left to say.
      await ui.page.getByLabel('Filter exchanges').fill('');
      await row(sentId).waitFor(WAIT);
      await note.waitFor({ state: 'detached', ...WAIT });
    },
    UI_TIMEOUT,
  );
});
