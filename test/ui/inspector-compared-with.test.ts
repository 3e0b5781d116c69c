// A signature failure in the Inspector names the success it is compared with (kept beside it by the log)
// and opens the two side by side in one click, the good-versus-bad pair QA looks at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import { sendChangedAfterSigning } from '../support/failing-payment';
import { call } from '../support/simulator';
import { goTo, startUi, UI_TIMEOUT, type RunningUi } from './support/browser';

const SEPA = 'pain.001-sepa-credit-transfers';
let ui: RunningUi;
beforeAll(async () => {
  ui = await startUi();
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

describe('a signature failure and the success it is compared with', () => {
  it(
    'says which success it is compared with and shows the two side by side',
    async () => {
      const { bank } = ui;
      const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
      const xml = readTemplate('sepa-single.xml');
      expect((await bank.tpp.createPayment(psu, SEPA, xml)).status).toBe(201);
      const success = ((await call(bank, 'GET', '/simulator/v1/exchanges?limit=1')).body as { id: number }[])[0]?.id;
      expect((await sendChangedAfterSigning(bank, psu)).res.status).toBe(401);

      const page = ui.page;
      await goTo(page, 'Inspector');
      const failing = page.getByTestId('exchange-row').filter({ hasText: '401' });
      await failing.first().waitFor({ timeout: 5_000 });
      await failing.first().click();
      const note = page.getByTestId('compared-with');
      await note.waitFor({ timeout: 5_000 });
      expect(await note.textContent()).toContain(`The last success of this operation by this TPP before it is #${success}`);
      await page.getByTestId('compare-with-success').click();
      const diff = page.getByTestId('exchange-diff');
      await diff.waitFor({ timeout: 5_000 });
      expect(await diff.textContent()).toContain(`#${success}`);
      await page.screenshot({ path: '/tmp/inspector-compared-with.png' });
    },
    UI_TIMEOUT,
  );
});
