// The log's exchanges of one resource, found without an SQLite index (store/exchange-resources.ts): read
// from the table on first use, then kept in step with every insert, prune and clear of the repository.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseAtVersion } from '../support/temp-store';
import { openDatabase, type Db } from '../../main/store/database';
import { ExchangeResources } from '../../main/store/exchange-resources';
import { ExchangeRepository } from '../../main/store/repositories/exchanges';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wb-exchange-resources-'));
  dirs.push(dir);
  return dir;
}

function repository(dir: string): ExchangeRepository {
  const db = openDatabase(dir);
  dbs.push(db);
  return new ExchangeRepository(db, 64 * 1024);
}

/** Logs a GET concerning `resource` (or none) and answers its id. */
function log(repo: ExchangeRepository, resource: string | null): number {
  const now = new Date('2026-11-20T10:00:00Z');
  return repo.insert({
    timing: { startedAt: now, simulatedAt: now, durationMs: 1 },
    parties: { institution: 'frankfurt', tppId: 'PSDDE-BAFIN-123456', resourceId: resource },
    request: { method: 'GET', url: `/frankfurt/berlingroup/v1/consents/${resource ?? 'x'}/status`, headers: {}, body: null },
    response: { status: 200, headers: {}, body: Buffer.from('{}') },
    signature: null,
  }).id;
}

const idsOf = (repo: ExchangeRepository, resource: string, limit = 100): number[] => repo.list(limit, resource).map((e) => e.id);

describe('the exchanges of one resource', () => {
  it('are read from the table on first use and kept in step with later exchanges, newest first', () => {
    const repo = repository(folder());
    const a1 = log(repo, 'A');
    const b1 = log(repo, 'B');
    log(repo, null);
    const a2 = log(repo, 'A');
    expect(idsOf(repo, 'A')).toEqual([a2, a1]);
    const a3 = log(repo, 'A');
    const b2 = log(repo, 'B');
    expect(idsOf(repo, 'A')).toEqual([a3, a2, a1]);
    expect(idsOf(repo, 'B')).toEqual([b2, b1]);
    expect(idsOf(repo, 'A', 2)).toEqual([a3, a2]);
    expect(idsOf(repo, 'C')).toEqual([]);
    expect(repo.list(100, 'A').every((e) => e.parties.resourceId === 'A')).toBe(true);
  });

  it('lose what a prune deletes, and only that', () => {
    const repo = repository(folder());
    const ids = Array.from({ length: 30 }, (_, i) => log(repo, i % 3 === 0 ? 'A' : 'B'));
    expect(idsOf(repo, 'A')).toHaveLength(10);
    repo.prune({ all: 10, failures: 10, signatureFailures: 10 });
    const kept = ids.slice(-10);
    expect(idsOf(repo, 'A')).toEqual(kept.filter((_, i) => (20 + i) % 3 === 0).reverse());
    expect(idsOf(repo, 'B')).toEqual(kept.filter((_, i) => (20 + i) % 3 !== 0).reverse());
    // Pruned again past many rounds.
    let last = 0;
    for (let round = 0; round < 300; round++) {
      for (let i = 0; i < 10; i++) last = log(repo, i === 0 ? 'A' : 'B');
      repo.prune({ all: 5, failures: 5, signatureFailures: 5 });
    }
    expect(idsOf(repo, 'A')).toEqual([]);
    expect(idsOf(repo, 'B')).toEqual([last, last - 1, last - 2, last - 3, last - 4]);
  });

  it('are empty after the log is cleared, and then follow the new exchanges', () => {
    const repo = repository(folder());
    log(repo, 'A');
    expect(idsOf(repo, 'A')).toHaveLength(1);
    repo.clear();
    expect(idsOf(repo, 'A')).toEqual([]);
    const next = log(repo, 'A');
    expect(idsOf(repo, 'A')).toEqual([next]);
  });

  it('are found again by a new start on the same data folder', () => {
    const dir = folder();
    const first = repository(dir);
    const ids = [log(first, 'A'), log(first, 'B'), log(first, 'A')];
    first.flush();
    const again = repository(dir);
    expect(idsOf(again, 'A')).toEqual([ids[2], ids[0]]);
  });

  it('are found in a data folder written by schema 10, whose index migration 11 drops', () => {
    const dir = folder();
    const old = databaseAtVersion(dir, 10);
    // Written as schema 10 had them: the repository of today writes columns it did not have.
    const insert =
      old.prepare(`INSERT INTO exchanges (started_at, simulated_at, duration_ms, method, url, resource_id, request_headers, request_body_size, status, response_headers, response_body_size)
      VALUES (0, 0, 1, 'GET', '/', ?, '{}', 0, 200, '{}', 0)`);
    const ids = ['A', 'B', 'A'].map((resource) => Number(insert.run(resource).lastInsertRowid));
    old.close();
    expect(idsOf(repository(dir), 'A')).toEqual([ids[2], ids[0]]);
  });

  it('need no index on the table: the log writes none per ordinary request (only failures, pins, injected answers and signature evidence are indexed)', () => {
    const dir = folder();
    repository(dir);
    const db = dbs[0]!;
    const indexes = db
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'exchanges' AND sql IS NOT NULL ORDER BY name",
      )
      .all();
    expect(indexes.map((i) => i.name)).toEqual([
      'exchanges_compared',
      'exchanges_failures',
      'exchanges_fault_rules',
      'exchanges_pinned',
      'exchanges_signature_failures',
    ]);
    for (const index of indexes)
      expect(index.sql).toMatch(
        /ON exchanges \((id|id, fault_rule|compared_with)\) WHERE ((failure|pinned|signature_failure) = 1|(fault_rule|compared_with) IS NOT NULL)$/,
      );
  });
});

describe('ExchangeResources', () => {
  it('forgets exactly the exchanges a prune deleted, older or newer, so it holds no more than the log keeps', () => {
    const index = new ExchangeResources();
    for (let id = 1; id <= 5000; id++) index.add(id, id % 2 === 0 ? 'A' : `R${id}`);
    const deleted = Array.from({ length: 4990 }, (_, i) => i + 1).filter((id) => id !== 2000);
    index.forget(deleted.map((id) => [id, id % 2 === 0 ? 'A' : `R${id}`] as const));
    // 2000 outlived the prune (a failure, or pinned): still found, in its place.
    expect(index.newest('A', Infinity)).toEqual([5000, 4998, 4996, 4994, 4992, 2000]);
    expect(index.newest('R4991', Infinity)).toEqual([4991]);
    expect(index.newest('R4989', Infinity)).toEqual([]);
    index.add(5001, 'R4989');
    expect(index.newest('R4989', Infinity)).toEqual([5001]);
    index.forget([[2000, 'A']]);
    expect(index.newest('A', 2)).toEqual([5000, 4998]);
    expect(index.newest('A', Infinity)).toHaveLength(5);
  });
});
