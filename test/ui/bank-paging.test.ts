// A cut list says so on the Bank screen: with 510 consents the table shows the newest
// 500 and "500 of 510", and the rest come when the end of the table scrolls into view.
import { describe, expect, it } from 'vitest';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const WAIT = { timeout: 20_000 };
const ui = uiPerFile();

describe('the Bank screen’s lists, a page at a time', () => {
  it(
    'shows "500 of 510" consents, and the rest once the end of the table is scrolled to',
    async () => {
      const { page, bank } = ui();
      for (let batch = 0; batch < 51; batch++) {
        await Promise.all(Array.from({ length: 10 }, () => bank.tpp.createConsent('frankfurt', 'FRA-CREATOR')));
      }
      await goTo(page, 'Bank');
      const count = page.getByTestId('consents-count');
      await expect.poll(() => count.textContent(), WAIT).toBe('500 of 510');
      expect(await page.getByTestId('consents-row').count()).toBe(500);
      await page.screenshot({ path: '/tmp/bank-paging-1280x800.png' });
      await page.getByTestId('consents-more').scrollIntoViewIfNeeded();
      await expect.poll(() => count.textContent(), WAIT).toBe('510');
      expect(await page.getByTestId('consents-row').count()).toBe(510);
      await expect.poll(() => page.getByTestId('consents-more').count(), WAIT).toBe(0);
    },
    UI_TIMEOUT * 2,
  );
});
