// Writes while the WAL is rewound: the checkpointer's connection truncates the WAL past its limit, and the
// bank's transactions on the other connection must wait for it, not fail. A deferred transaction that read
// before a rewind could not write after it (SQLITE_BUSY_SNAPSHOT): the bench saw 72 of 3,000 signed
// authorisations answer 500. Here the limit is 256 KiB, so concurrent payments and authorisations meet
// many rewinds.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { startTestBank, type TestBank } from '../support/simulator';
import { holdDatabase } from '../support/database-holder';
import { BUSY_WAIT_MS, DATABASE_FILE } from '../../main/store/database';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';

const SEPA = 'pain.001-sepa-credit-transfers';
const WAL_LIMIT = 256 * 1024;
const AT_ONCE = 10;
const PAYMENTS = 400;

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ walLimitBytes: WAL_LIMIT });
}, 60_000);
afterAll(() => bank.stop());

it('answers every payment and authorisation while the WAL is rewound again and again', async () => {
  const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const approver = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
  const template = readTemplate('sepa-single.xml');
  const statuses: Record<string, number> = {};
  const count = (status: number): void => void (statuses[status] = (statuses[status] ?? 0) + 1);
  let largestWal = 0;
  const wal = (): number => {
    try {
      return statSync(join(bank.dataDir, `${DATABASE_FILE}-wal`)).size;
    } catch {
      return 0;
    }
  };

  const ids: string[] = [];
  for (let sent = 0; sent < PAYMENTS; sent += AT_ONCE) {
    for (const created of await Promise.all(Array.from({ length: AT_ONCE }, () => bank.tpp.createPayment(creator, SEPA, template)))) {
      count(created.status);
      if (created.status === 201) ids.push(created.body.paymentId);
    }
    largestWal = Math.max(largestWal, wal());
  }
  for (let sent = 0; sent < ids.length; sent += AT_ONCE) {
    for (const started of await Promise.all(ids.slice(sent, sent + AT_ONCE).map((id) => bank.tpp.startAuthorisation(approver, SEPA, id))))
      count(started.status);
    largestWal = Math.max(largestWal, wal());
  }

  expect(statuses).toEqual({ 201: 2 * PAYMENTS });
  // The rewinds happened: the WAL passed its limit and came back under it.
  expect(largestWal).toBeGreaterThan(WAL_LIMIT);
}, 240_000);

// A rewind holds the write lock while it copies and syncs; on a busy machine the sync took longer than
// SQLite's usual five-second wait, and a payment answered 500. Here another connection holds the lock for
// six seconds, as such a rewind would.
const HELD_MS = 6_000;

it('waits for a write lock held six seconds, as a slow rewind holds it, instead of answering 500', async () => {
  expect(BUSY_WAIT_MS).toBeGreaterThan(HELD_MS);
  const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const { released } = await holdDatabase(bank.dataDir, HELD_MS);
  const created = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
  await released;
  expect(created.status).toBe(201);
}, 60_000);
