// What the account-information unit tests share: the default dataset's accounts, a weekend to book across, and a payment's posting.
import { readFileSync } from 'node:fs';
import type { PaymentPosting } from '../../main/domain/accounts/ledger';
import type { Account } from '../../main/domain/dataset/types';
import { validateDataset } from '../../main/domain/dataset/validate';

export const dataset = validateDataset(JSON.parse(readFileSync(new URL('../../resources/datasets/default.json', import.meta.url), 'utf8')));
const account = (id: string): Account => {
  const found = dataset.accounts.find((a) => a.resourceId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
export const fra1 = account('FRA-ACC-01');
export const fra2 = account('FRA-ACC-02');
export const lon3 = account('LON-ACC-03');
export const SUNDAY = '2026-11-22';
export const MONDAY = '2026-11-23';

export const posting = (overrides: Partial<PaymentPosting> = {}): PaymentPosting => ({
  paymentId: 'PAY-1',
  product: 'pain.001-sepa-credit-transfers',
  status: 'booked',
  statusDate: SUNDAY,
  executionDate: SUNDAY,
  transfers: [
    {
      position: 0,
      endToEndId: 'E2E-1',
      amount: '1250.00',
      currency: 'EUR',
      creditorName: 'Schneider Bürotechnik GmbH',
      creditorIban: 'DE94370502991129384756',
      remittance: 'Invoice 1',
    },
    { position: 1, endToEndId: 'E2E-2', amount: '10.005', currency: 'EUR', creditorName: 'Müller Logistik GmbH' },
  ],
  ...overrides,
});
