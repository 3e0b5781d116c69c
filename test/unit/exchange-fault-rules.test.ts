// The traffic log keeps which fault rule injected an answer (migration 019) and searches on it: any rule's
// answers or one rule's, beside the other filters, read through the partial index of injected answers; rows
// logged before the column existed get their rule from the PSD2-Workbench-Fault header they carry.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/store/database';
import type { ExchangeFilter, ExchangeRepository, NewExchange } from '../../main/store/repositories/exchanges';
import { databaseAtVersion, tempExchangeStores } from '../support/temp-store';

const stores = tempExchangeStores('wb-fault-rules-');

const exchange = (status: number, faultRule: number | null, institution = 'frankfurt'): NewExchange => {
  const now = new Date('2026-11-20T10:00:00Z');
  return {
    timing: { startedAt: now, simulatedAt: now, durationMs: 1 },
    parties: { institution, tppId: null, resourceId: null },
    request: { method: 'GET', url: `/${institution}/berlingroup/v1/consents/c1/status`, headers: {}, body: null },
    response: { status, headers: faultRule === null ? {} : { 'psd2-workbench-fault': `rule ${faultRule}: ${status}, before the bank acts` }, body: null },
    signature: null,
    faultRule,
  };
};
const search = (repo: ExchangeRepository, filter: Partial<ExchangeFilter>): number[] =>
  repo.search({ words: [], statuses: [], verdicts: [], limit: 100, ...filter }).records.map((r) => r.id);

describe('injected answers in the log', () => {
  it('are found by any rule or by one rule, newest first, beside the other filters', () => {
    const repo = stores.repository();
    const plain = repo.insert(exchange(200, null)).id;
    const first = repo.insert(exchange(503, 3)).id;
    const delayed = repo.insert(exchange(200, 4, 'paris')).id;
    const second = repo.insert(exchange(503, 3)).id;
    repo.insert(exchange(500, null));

    expect(search(repo, { faultRule: 'any' })).toEqual([second, delayed, first]);
    expect(search(repo, { faultRule: 3 })).toEqual([second, first]);
    expect(search(repo, { faultRule: 4 })).toEqual([delayed]);
    expect(search(repo, { faultRule: 5 })).toEqual([]);
    expect(search(repo, { faultRule: 'any', statuses: [[200, 299]] })).toEqual([delayed]);
    expect(search(repo, { faultRule: 'any', institution: 'frankfurt', beforeId: second })).toEqual([first]);
    expect(search(repo, { faultRule: 'any', words: ['status'] })).toEqual([second, delayed, first]);
    expect(search(repo, {})).toContain(plain);
    expect(repo.find(first)?.faultRule).toBe(3);
    expect(repo.find(plain)?.faultRule).toBeNull();
  });

  it('are read through the partial index of injected answers, not the whole log', () => {
    const dir = stores.folder();
    const db = openDatabase(dir);
    const plan = (where: string): string =>
      (db.prepare(`EXPLAIN QUERY PLAN SELECT id FROM exchanges WHERE ${where} ORDER BY id DESC`).all(3) as { detail: string }[])
        .map((r) => r.detail)
        .join('; ');
    expect(plan('fault_rule IS NOT NULL AND ? > 0')).toContain('exchanges_fault_rules');
    expect(plan('fault_rule = ?')).toContain('exchanges_fault_rules');
    db.close();
  });

  it('logged before migration 19 get their rule from the header they carry', () => {
    const dir = stores.folder();
    const old = databaseAtVersion(dir, 18);
    const insert = old.prepare(`INSERT INTO exchanges (id, started_at, simulated_at, duration_ms, method, url, request_headers, request_body_size,
      status, response_headers, response_body_size) VALUES (?, 0, 0, 1, 'GET', '/x', '{}', 0, ?, ?, 0)`);
    insert.run(1, 503, JSON.stringify({ 'psd2-workbench-fault': 'rule 12: 503, before the bank acts', 'content-type': 'application/json' }));
    insert.run(2, 200, JSON.stringify({ 'content-type': 'application/json' }));
    insert.run(3, 200, JSON.stringify({ 'x-note': 'psd2-workbench-fault in a value' }));
    insert.run(4, 0, JSON.stringify({ 'psd2-workbench-fault': 'rule 7: the connection reset, before the bank acts' }));
    old.close();
    const repo = stores.repository(dir);
    expect([1, 2, 3, 4].map((id) => repo.find(id)?.faultRule)).toEqual([12, null, null, 7]);
    expect(search(repo, { faultRule: 'any' })).toEqual([4, 1]);
  });
});
