// A single payment's one credit-transfer row is written by a plain INSERT instead of json_each (a third of
// its commit). Both paths must store the same row: the same status, reasons and VoP check text, byte for
// byte, as the row a bulk stores through json_each for the same check.
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import type { VopCheck } from '../../main/domain/vop/verify';
import { createRepositories } from '../../main/services/context';
import { migrate, type Db } from '../../main/store/database';
import { storedPayment } from '../support/stored-payment';

const NOW = new Date('2026-11-23T10:00:00Z');

let db: Db | undefined;
afterEach(() => db?.close());

const transfer = { creditorName: 'Müller "Logistik" GmbH', creditorIban: 'DE89370400440532013000', amount: '1.00', currency: 'EUR' };

const CHECKS: (VopCheck | undefined)[] = [
  { requestedAt: NOW, answeredAt: NOW, answer: { outcome: 'match' } },
  { requestedAt: NOW, answeredAt: new Date(NOW.getTime() + 1234), answer: { outcome: 'closeMatch', registeredName: 'Müller "Logistik" GmbH \\ Ærø' } },
  { requestedAt: NOW, answeredAt: undefined, answer: undefined },
  { requestedAt: NOW, answeredAt: NOW, answer: { outcome: 'notApplicable', why: 'the payee\'s PSP\n does not "take part"' } },
  undefined,
];

type Row = { idx: number; status: string | null; reasons: string; vop: string | null };

it('stores a single payment’s row as json_each stores the same check in a bulk', () => {
  db = new Database(':memory:');
  migrate(db);
  db.pragma('foreign_keys = OFF');
  const repos = createRepositories(db);
  const rows = db.prepare<[string], Row>('SELECT idx, status, reasons, vop FROM payment_transactions WHERE payment_id = ? ORDER BY idx');
  CHECKS.forEach((check, i) => {
    // The bulk: the check second of two, so json_each gives it back from inside an array.
    repos.payments.insert(storedPayment(`BULK-${i}`, NOW), Buffer.from('<xml/>'), { transactions: [transfer, transfer] }, 2, [
      CHECKS[0] as VopCheck,
      ...(check ? [check] : []),
    ]);
    repos.payments.insert(storedPayment(`ONE-${i}`, NOW), Buffer.from('<xml/>'), { transactions: [transfer] }, 1, check ? [check] : undefined);
    const fromBulk = rows.all(`BULK-${i}`)[1];
    const single = rows.all(`ONE-${i}`);
    expect(single).toHaveLength(1);
    expect(single[0]).toStrictEqual({ ...fromBulk, idx: 0 });
    expect(repos.payments.vopChecks(`ONE-${i}`)).toStrictEqual([check ?? null]);
  });
});

// The payment's row is bound by position: each value must land in its own column.
it('stores each field of a payment in its own column', () => {
  db = new Database(':memory:');
  migrate(db);
  db.pragma('foreign_keys = OFF');
  const repos = createRepositories(db);
  const payment = storedPayment('P-COLUMNS', NOW, {
    groupReason: { code: 'AM04', info: ['why'] },
    requestedExecutionDate: '2026-11-24',
    executionDate: '2026-11-25',
    statusChangedAt: new Date(NOW.getTime() + 1),
    authorisationsRequired: 2,
  });
  const message = { transactions: [transfer, { ...transfer, creditorName: 'Second' }] };
  repos.payments.insert(payment, Buffer.from('<Document/>'), message, 7, undefined, new Date(NOW.getTime() + 2));
  const row = db.prepare('SELECT * FROM payments WHERE payment_id = ?').get('P-COLUMNS') as Record<string, unknown>;
  expect(row).toMatchObject({
    payment_id: 'P-COLUMNS',
    product: 'pain.001-sepa-credit-transfers',
    institution: 'frankfurt',
    tpp_id: 'TPP',
    consent_id: 'C1',
    creator_psu_id: 'FRA-CREATOR',
    corporate_id: 'CORP',
    debtor_account_id: 'ACC',
    currency: 'EUR',
    total_amount: '10.00',
    message_version: 'pain.001.001.03',
    status: 'PATC',
    group_reason: JSON.stringify({ code: 'AM04', info: ['why'] }),
    authorisations_required: 2,
    requested_execution_date: '2026-11-24',
    execution_date: '2026-11-25',
    created_at: NOW.getTime(),
    status_changed_at: NOW.getTime() + 1,
    request_body: Buffer.from('<Document/>'),
    parsed: JSON.stringify(message),
    transaction_count: 7,
    vop_settles_at: NOW.getTime() + 2,
    previous_status: null,
  });
  expect(JSON.parse(row.creditor_preview as string)).toStrictEqual([
    { name: transfer.creditorName, iban: transfer.creditorIban, otherId: null, amount: '1.00', currency: 'EUR' },
    { name: 'Second', iban: transfer.creditorIban, otherId: null, amount: '1.00', currency: 'EUR' },
  ]);
  expect(repos.payments.find('P-COLUMNS')).toStrictEqual(payment);
});
