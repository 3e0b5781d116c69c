// Cases of the QA set (test/support/qa-set.ts) in Chromium: a request sent live over a raw socket shows
// the bank's verdict and failing check in the Inspector, and "Diagnose a request" gives the same verdict
// for the same request pasted as raw HTTP, cURL and HAR: a PEM certificate and a repeated X-Request-ID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { PASTE_FORMS, QA_CASES, qaBaseRequest, qaKeys, sendRaw, type QaCase, type QaKeys } from '../support/qa-set';
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

describe.each(['pem-certificate', 'x-request-id-twice'])('QA case %s', (id) => {
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
