// Cases of the QA set (test/support/qa-set.ts) in Chromium: a request sent live over a raw socket shows
// the bank's verdict and failing check in the Inspector, and "Diagnose a request" gives the same verdict
// for the same request pasted as raw HTTP, cURL and HAR: a PEM certificate and a repeated X-Request-ID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { BYTE_CASES, QA_CASES, qaBaseRequest, qaKeys } from '../support/qa-set';
import { type QaCase, type QaKeys } from '../support/qa-request';
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

const caseOf = (id: string): QaCase => {
  const found = QA_CASES.find((c) => c.id === id);
  if (!found) throw new Error(`no QA case ${id}`);
  return found;
};

const KIND_LABELS = { http: 'Raw HTTP', curl: 'cURL', har: 'HAR entry' } as const;

// The byte-level cases (a Latin-1 body, a BOM, a NUL, bytes that are not UTF-8) beside them.
describe.each(['pem-certificate', 'x-request-id-twice', ...BYTE_CASES])('QA case %s', (id) => {
  it(
    'shows the live verdict in the Inspector and the same one in Diagnose, pasted in each form',
    async () => {
      const c = caseOf(id);
      const request = c.build(qaBaseRequest(psu, ui.bank.tpp.psu), keys);
      const answer = await sendRaw(ui.url, request);
      expect(answer.status).toBe(c.expect.status);
      const requestId = request.headers.find(([n]) => n.toLowerCase() === 'x-request-id')?.[1] ?? '';
      const exchanges = (await (await fetch(`${ui.url}/simulator/v1/exchanges?limit=5`)).json()) as Exchange[];
      const logged = exchanges.find((e) => JSON.stringify(e.request.headers).includes(requestId));
      if (!logged?.signature || logged.signature.verdict.valid) throw new Error('the live request was not logged with a failing diagnosis');
      // The verdict line shows the rule beside the check id, so the text is compared without its "(rule n)".
      const liveText = logged.signature.verdict.text.replace(/ \(rule \d+\)$/, '');

      const row = ui.page.locator(`[data-testid="exchange-row"][data-id="${logged.id}"]`);
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await ui.page.getByRole('tab', { name: /Signature/ }).click();
      const verdict = ui.page.getByTestId('signature-verdict');
      expect(await verdict.textContent({ timeout: 15_000 })).toContain(c.expect.code);
      expect(await verdict.textContent()).toContain(liveText);
      expect(await ui.page.locator('.checks li.check-failed').first().getAttribute('data-check')).toBe(c.expect.checkId);

      await ui.page.getByRole('button', { name: 'Diagnose a request' }).click();
      const panel = ui.page.getByTestId('diagnose-panel');
      await panel.waitFor({ timeout: 15_000 });
      for (const kind of ['http', 'curl', 'har'] as const) {
        await panel.getByLabel(KIND_LABELS[kind], { exact: true }).check();
        await ui.page.getByTestId('diagnose-text').fill(PASTE_FORMS[kind](request, ui.url));
        await panel.getByRole('button', { name: 'Diagnose', exact: true }).click();
        const result = ui.page.getByTestId('diagnose-result');
        await result.getByText(liveText).first().waitFor({ timeout: 15_000 });
        expect(await result.getByTestId('signature-verdict').textContent(), kind).toContain(c.expect.code);
        expect(await result.locator('.checks li.check-failed').first().getAttribute('data-check'), kind).toBe(c.expect.checkId);
        if (kind === 'http') {
          await ui.page.screenshot({ path: `/tmp/qa-diagnose-${id}.png` });
          // 1920x1080 at 150 %: the same CSS pixels as a 1280x720 window.
          const size = ui.page.viewportSize();
          await ui.page.setViewportSize({ width: 1280, height: 720 });
          await result.scrollIntoViewIfNeeded();
          await ui.page.screenshot({ path: `/tmp/qa-diagnose-${id}-150.png` });
          if (size) await ui.page.setViewportSize(size);
        }
      }
      await panel.getByRole('button', { name: 'Close' }).click();
    },
    UI_TIMEOUT,
  );
});

// A request the HTTP parser refuses before any route. The Inspector shows the refusal (the
// words answered, the byte marked in its header line); Diagnose gives the same words as its first failing check,
// the raw HTTP pasted from the real clipboard (a text box would turn the bare CR into a line break).
describe('QA case certificate-bare-cr (refused at the parser)', () => {
  it(
    'shows the refusal in the Inspector and the same words in Diagnose, pasted in each form',
    async () => {
      const c = caseOf('certificate-bare-cr');
      const request = c.build(qaBaseRequest(psu, ui.bank.tpp.psu), keys);
      const answer = await sendRaw(ui.url, request);
      expect(answer.status).toBe(400);
      const liveText = (JSON.parse(answer.body) as { tppMessages: { text: string }[] }).tppMessages[0]?.text ?? '';
      expect(liveText).toMatch(c.expect.text ?? /./);
      const requestId = request.headers.find(([n]) => n.toLowerCase() === 'x-request-id')?.[1] ?? '';
      const exchanges = (await (await fetch(`${ui.url}/simulator/v1/exchanges?q=${requestId}`)).json()) as Exchange[];
      const logged = exchanges[0];
      if (!logged?.refusal) throw new Error('the refused request was not logged with its refusal');

      const page = ui.page;
      const diagnosePanel = page.getByTestId('diagnose-panel');
      if (await diagnosePanel.isVisible()) await diagnosePanel.getByRole('button', { name: 'Close' }).click();
      const row = page.locator(`[data-testid="exchange-row"][data-id="${logged.id}"]`);
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      const note = page.getByTestId('parser-refusal');
      await note.waitFor({ timeout: 15_000 });
      expect(await note.textContent()).toContain(c.expect.code);
      expect(await note.getByTestId('parser-refusal-text').textContent()).toBe(liveText);
      expect(await note.getByTestId('refused-byte').textContent()).toBe('CR');
      expect(await note.getByTestId('parser-refusal-line').textContent()).toMatch(/^TPP-Signature-Certificate: -----BEGIN CERTIFICATE-----CR MII/);
      expect(await note.getByTestId('parser-refusal-where').textContent()).toContain('in the value of TPP-Signature-Certificate');
      await page.screenshot({ path: '/tmp/qa-refused-inspector.png' });

      await page.getByRole('button', { name: 'Diagnose a request' }).click();
      const panel = page.getByTestId('diagnose-panel');
      await panel.waitFor({ timeout: 15_000 });
      const result = page.getByTestId('diagnose-result');
      const expectVerdict = async (kind: string): Promise<void> => {
        await panel.getByRole('button', { name: 'Diagnose', exact: true }).click();
        await result.getByText(liveText).first().waitFor({ timeout: 15_000 });
        expect(await result.getByTestId('signature-verdict').textContent(), kind).toContain(c.expect.code);
        expect(await result.locator('.checks li.check-failed').first().getAttribute('data-check'), kind).toBe(c.expect.checkId);
      };
      for (const kind of ['curl', 'har'] as const) {
        await panel.getByLabel(KIND_LABELS[kind], { exact: true }).check();
        await page.getByTestId('diagnose-text').fill(PASTE_FORMS[kind](request, ui.url));
        await expectVerdict(kind);
      }
      // Raw HTTP from the real clipboard, every CR kept.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.url });
      await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(PASTE_FORMS.http(request, ui.url))})`);
      await page.getByTestId('diagnose-text').fill('');
      await page.getByTestId('diagnose-text').focus();
      await page.keyboard.press('Control+V');
      await page.getByTestId('diagnose-pasted').waitFor({ timeout: 15_000 });
      await panel.getByLabel(KIND_LABELS.http, { exact: true }).check();
      await expectVerdict('http');
      await page.screenshot({ path: '/tmp/qa-refused-diagnose.png' });
      await panel.getByRole('button', { name: 'Close' }).click();
    },
    UI_TIMEOUT,
  );
});
