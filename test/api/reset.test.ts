// POST /simulator/v1/reset returns the bank to the dataset's initial state: every table of bank state,
// found from the schema itself, is as a fresh start left it; the log and the TPP registrations stay.
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeReader } from '../support/store-reader';
import { call, startTestBank, type TestBank } from '../support/simulator';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';

let bank: TestBank;
let reader: Database.Database;

beforeAll(async () => {
  bank = await startTestBank();
  reader = storeReader(bank);
});
afterAll(async () => {
  reader.close();
  await bank.stop();
});

const SEPA = 'pain.001-sepa-credit-transfers';
const json = { 'content-type': 'application/json' };

/**
 * What the spec of reset keeps (docs/control-api.md#reset: the traffic log, with its discarded count, and the TPP registrations stay; flow
 * runs and what a trainer prepared for lessons are the user's work), named here independently of the code.
 */
const KEPT = ['exchanges', 'exchange_log_counts', 'settings', 'tpp_clients', 'flow_runs', 'prepared_payees', 'prepared_psus', 'saved_lessons'];
/** The log's search index (migration 18) with FTS5's shadow tables: part of the log, kept with it (test/api/exchange-search-index.test.ts). */
const LOG_INDEX = /^exchange_search_/;

function counts(tables: readonly string[]): Record<string, number> {
  return Object.fromEntries(tables.map((t) => [t, reader.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]));
}

/** Work that leaves a row in every table of bank state: consents, journeys, codes, tokens, payments, authorisations, balances, baskets, service blocks. */
async function bankActivity(): Promise<void> {
  const session = (psuId: string) => psuSession(bank.tpp, bank.control, 'frankfurt', psuId);
  const creator = await session('FRA-CREATOR');
  const settled = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
  for (const approver of ['FRA-APPROVER-A', 'FRA-APPROVER-B']) await authorisePayment(bank.tpp, bank.control, await session(approver), SEPA, settled);
  const processed = await call(bank, 'POST', `/simulator/v1/payments/${settled}/processing`, { headers: json, body: JSON.stringify({ outcome: 'ACCP' }) });
  expect(processed.status).toBe(200);
  const waiting = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
  const basket = await bank.tpp.createBasket(await session('FRA-APPROVER-A'), [waiting]);
  expect(basket.status).toBe(201);
  const block = await call(bank, 'POST', '/simulator/v1/service-blocks', { headers: json, body: JSON.stringify({ institution: 'paris' }) });
  expect(block.status).toBe(201);
}

it('leaves every table of bank state as a fresh start did, and keeps the log and the TPPs', async () => {
  const tables = (reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]).filter(
    (t) => !KEPT.includes(t) && !LOG_INDEX.test(t),
  );
  expect(tables).toContain('consents');
  const initial = counts(tables);
  const kept = counts(KEPT);

  await bankActivity();
  const busy = counts(tables);
  // Otherwise a table the reset forgot could pass for one it cleared.
  for (const t of tables) expect(busy[t], `the activity leaves a row in ${t}`).toBeGreaterThan(initial[t] as number);

  const reset = await call(bank, 'POST', '/simulator/v1/reset', { headers: json, body: '{}' });
  expect(reset.status).toBe(200);
  expect(counts(tables)).toEqual(initial);
  const after = counts(KEPT);
  expect(after.tpp_clients).toBe(kept.tpp_clients);
  expect(after.exchanges).toBeGreaterThan(kept.exchanges as number);
  // The search index's mark stays with the log it describes (the rest of the index: test/api/exchange-search-index.test.ts).
  expect(counts(['exchange_search_state'])).toEqual({ exchange_search_state: 1 });
});
