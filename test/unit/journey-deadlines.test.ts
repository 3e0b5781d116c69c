// The lifecycle timer asks for the earliest SCA deadline after every state change. The one of unopened
// authorisation journeys comes from an index of its own (migration 17): read through sca_journeys_by_status
// it visited every started journey, consent journeys included, on each payment or consent written.
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { createRepositories } from '../../main/services/context';
import { migrate, type Db } from '../../main/store/database';
import { NEXT_UNOPENED_SQL } from '../../main/store/repositories/sca-journeys';

let db: Db | undefined;
afterEach(() => db?.close());

const T0 = Date.parse('2026-11-23T10:00:00Z');

it('finds the earliest unopened authorisation journey through its own index, consent journeys aside', () => {
  db = new Database(':memory:');
  migrate(db);
  db.pragma('foreign_keys = OFF');
  const { journeys } = createRepositories(db);
  const insert = db.prepare(`INSERT INTO sca_journeys (journey_id, kind, institution, psu_id, resource_id, status, created_at, opened_at, finished_at,
    tpp_redirect_uri) VALUES (?, ?, 'frankfurt', 'FRA-CREATOR', 'R', ?, ?, ?, NULL, 'https://tpp.example/cb')`);
  // Older consent journeys never time out unopened; a finished and an opened payment journey are not unopened.
  for (let i = 0; i < 300; i++) insert.run(`C${i}`, 'consent', 'started', T0 + i, null);
  insert.run('FINISHED', 'payment', 'finalised', T0 + 400, T0 + 401);
  insert.run('OPENED', 'payment', 'opened', T0 + 500, T0 + 100_000);
  insert.run('LATER', 'payment', 'started', T0 + 700, null);
  insert.run('EARLIEST', 'basket', 'started', T0 + 600, null);

  const unopened = db.prepare<[], { at: number | null }>(NEXT_UNOPENED_SQL).get()?.at;
  expect(unopened).toBe(T0 + 600);
  expect(journeys.nextDeadline()).not.toBeNull();

  const plan = db
    .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${NEXT_UNOPENED_SQL}`)
    .all()
    .map((row) => row.detail)
    .join(' | ');
  expect(plan).toContain('USING INDEX sca_journeys_unopened');
});
