// Verification of Payee on screen: the approver's Phone shows the result as a coloured banner
// before the decision, and the Bank's payments table shows the result needing most attention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pain001Data, pain001Tree, serialize, sumAmounts } from '../support/pain001-builder';
import type { TestBank } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';
import { psuSession } from '../../main/tpp/journeys';

const SEPA = 'pain.001-sepa-credit-transfers';
const WAIT = { timeout: 10_000 };

let ui: RunningUi;
let bank: TestBank;

beforeAll(async () => {
  ui = await startUi();
  bank = ui.bank;
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

/** A SEPA payment by FRA-CREATOR to these payees, waiting for FRA-APPROVER-A's approval. */
async function paymentAwaitingApproval(payees: { name: string; iban: string }[]): Promise<string> {
  const transactions = payees.map((p, i) => ({
    endToEndId: `UI-VOP-${i}`,
    amount: '25.00',
    currency: 'EUR',
    creditorName: p.name,
    creditorAccount: { iban: p.iban },
  }));
  const xml = serialize(pain001Tree(pain001Data(SEPA, { transactions, ctrlSum: sumAmounts(transactions.map((t) => t.amount)) })), { declaration: true });
  const created = await bank.tpp.createPayment(await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR'), SEPA, xml);
  expect(created.status, created.text).toBe(201);
  const paymentId = created.body.paymentId as string;
  const start = await bank.tpp.startAuthorisation(await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A'), SEPA, paymentId);
  expect(start.status, start.text).toBe(201);
  return paymentId;
}

describe('Verification of Payee on screen', () => {
  it(
    'shows a close match on the Phone as an amber banner naming the account holder',
    async () => {
      const paymentId = await paymentAwaitingApproval([{ name: 'Mueller Logistik', iban: 'DE97700205700631807745' }]);
      const { page } = ui;
      await page.keyboard.press('3');
      await page.getByTestId('psu-picker').selectOption('FRA-APPROVER-A');
      const card = page.locator('[data-testid="journey"]').filter({ has: page.getByText('Mueller Logistik') });
      const banner = card.getByTestId('vop-banner');
      await banner.waitFor(WAIT);
      expect(await banner.getAttribute('data-outcome')).toBe('closeMatch');
      expect(await banner.textContent()).toContain('Müller Logistik GmbH');
      // The banner takes its colour from the status vocabulary (a CSS variable set per VoP code).
      expect(await banner.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).getPropertyValue('--st').trim())).not.toBe('');

      await page.keyboard.press('4');
      const row = page.locator(`[data-testid="payments-row"][data-id="${paymentId}"]`);
      await row.getByTestId('payment-vop').filter({ hasText: 'CMTC' }).waitFor(WAIT);
      await row.click();
      const creditors = page.getByTestId('creditor-table');
      await creditors.waitFor(WAIT);
      expect(await creditors.locator('tbody tr').first().textContent()).toMatch(/Mueller Logistik.*DE97 7002.*CMTC.*Müller Logistik GmbH/);
    },
    UI_TIMEOUT,
  );

  it(
    'puts the worst result of a bulk first: a no match among matches',
    async () => {
      const paymentId = await paymentAwaitingApproval([
        { name: 'Transports Girard SARL', iban: 'FR7630004008210001042987126' },
        { name: 'Chevalier Conseil', iban: 'FR7610278060210002198540268' },
        { name: 'De Vries Verpakkingen B.V.', iban: 'NL24INGB0674123980' },
      ]);
      const { page } = ui;
      await page.keyboard.press('3');
      await page.getByTestId('psu-picker').selectOption('FRA-APPROVER-A');
      const card = page.locator('[data-testid="journey"]').filter({ has: page.getByText('3 credit transfers') });
      const banner = card.getByTestId('vop-banner');
      await banner.waitFor(WAIT);
      expect(await banner.getAttribute('data-outcome')).toBe('noMatch');
      expect(await banner.textContent()).toMatch(/1 of 3: No match/);
      expect(await card.locator('.creditor-list [data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
        'match',
        'NMTC',
        'match',
      ]);

      await page.keyboard.press('4');
      await page.locator(`[data-testid="payments-row"][data-id="${paymentId}"]`).getByTestId('payment-vop').filter({ hasText: 'NMTC' }).waitFor(WAIT);
    },
    UI_TIMEOUT,
  );
  it(
    'turns RECI into NOAP on the Bank by itself once the payee PSP has not answered within 5 seconds',
    async () => {
      const transactions = [
        {
          endToEndId: 'UI-VOP-RECI',
          amount: '25.00',
          currency: 'EUR',
          creditorName: 'Hafenbedarf Hamburg KG',
          creditorAccount: { iban: 'DE03600501017702115834' },
        },
      ];
      const xml = serialize(pain001Tree(pain001Data(SEPA, { transactions, ctrlSum: '25.00' })), { declaration: true });
      const created = await bank.tpp.createPayment(await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR'), SEPA, xml);
      expect(created.status, created.text).toBe(201);
      const { page } = ui;
      await page.keyboard.press('4');
      const vop = page.locator(`[data-testid="payments-row"][data-id="${created.body.paymentId}"]`).getByTestId('payment-vop');
      await vop.filter({ hasText: 'RECI' }).waitFor(WAIT);
      // No click, no clock move: the simulator announces the result when the time limit passes.
      await vop.filter({ hasText: 'NOAP' }).waitFor({ timeout: 15_000 });
    },
    UI_TIMEOUT,
  );
});
