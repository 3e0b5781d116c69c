// A data folder written by schema 3 keeps its payments: version 4 fills their transfer count
// and creditor preview from what schema 3 stored, and starts recording the previous status.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../main/store/database';
import { MIGRATIONS } from '../../main/store/migrations';
import { createRepositories } from '../../main/services/context';

let db: Db | undefined;
afterEach(() => db?.close());

function schema3(): Db {
  const old = new Database(':memory:');
  for (const [i, step] of MIGRATIONS.slice(0, 3).entries()) {
    old.exec(step);
    old.pragma(`user_version = ${i + 1}`);
  }
  return old;
}

const transfer = (i: number) =>
  i % 2 === 0
    ? {
        index: i + 1,
        endToEndId: `E2E-${i + 1}`,
        amount: `${i + 1}.00`,
        currency: 'EUR',
        creditorName: `Creditor ${i + 1}`,
        creditorIban: 'FR7630004008210001042987126',
      }
    : {
        index: i + 1,
        endToEndId: `E2E-${i + 1}`,
        amount: `${i + 1}.00`,
        currency: 'GBP',
        creditorName: `Creditor ${i + 1}`,
        creditorOtherId: '40478411223344',
      };

function insertSchema3Payment(old: Db, paymentId: string, transferCount: number): void {
  const transactions = Array.from({ length: transferCount }, (_, i) => transfer(i));
  old
    .prepare(
      `INSERT INTO payments (payment_id, product, institution, tpp_id, consent_id, creator_psu_id, corporate_id, debtor_account_id,
    currency, total_amount, message_version, status, group_reason, authorisations_required, requested_execution_date, execution_date,
    created_at, status_changed_at, request_body, parsed)
    VALUES (?, 'pain.001-sepa-credit-transfers', 'frankfurt', 'TPP', 'C1', 'FRA-CREATOR', 'CORP', 'ACC', 'EUR', '1.00', 'pain.001.001.03',
    'PATC', NULL, 1, '2026-11-23', '2026-11-23', 1000, 1000, x'3c', ?)`,
    )
    .run(paymentId, JSON.stringify({ transactions }));
  const tx = old.prepare("INSERT INTO payment_transactions (payment_id, idx, status, reasons) VALUES (?, ?, NULL, '[]')");
  for (let i = 0; i < transferCount; i++) tx.run(paymentId, i);
}

describe('migration 4: payment summaries', () => {
  it('adds previous_status and fills the count and first 20 creditors of payments stored before it', () => {
    db = schema3();
    insertSchema3Payment(db, 'P-BULK', 22);
    insertSchema3Payment(db, 'P-SINGLE', 1);

    migrate(db);

    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const columns = (db.pragma('table_info(payments)') as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['previous_status', 'transaction_count', 'creditor_preview']));

    const { paymentListings } = createRepositories(db);
    const bulk = paymentListings.listings(10).find((l) => l.payment.paymentId === 'P-BULK');
    expect(bulk?.previousStatus).toBeNull();
    expect(bulk?.transactionCount).toBe(22);
    expect(bulk?.creditors.map((c) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Creditor ${i + 1}`));
    expect(bulk?.creditors.slice(0, 2)).toEqual([
      { name: 'Creditor 1', iban: 'FR7630004008210001042987126', amount: '1.00', currency: 'EUR' },
      { name: 'Creditor 2', otherId: '40478411223344', amount: '2.00', currency: 'GBP' },
    ]);
    expect(paymentListings.listings(10).find((l) => l.payment.paymentId === 'P-SINGLE')?.transactionCount).toBe(1);
  });

  it('records the status a payment leaves, and keeps it when the status does not change', () => {
    db = schema3();
    insertSchema3Payment(db, 'P', 1);
    migrate(db);
    const { payments, paymentListings } = createRepositories(db);
    const previous = () => paymentListings.listings(1)[0]?.previousStatus;

    payments.setStatus('P', 'PDNG', null, new Date(2000));
    expect(previous()).toBe('PATC');
    payments.setStatus('P', 'PDNG', null, new Date(3000));
    expect(previous()).toBe('PATC');
    payments.setStatus('P', 'RJCT', { code: 'AM04' }, new Date(4000));
    expect(previous()).toBe('PDNG');
    expect(payments.find('P')?.statusChangedAt.getTime()).toBe(4000);
  });
});
