// Migration 17 on a log written by an earlier release: its exchanges are searched by reading until the index
// holds them (ExchangeRepository.indexOlder, run after start), and a prune or clear in between keeps the mark
// of what is not indexed yet, so nothing is lost to the search on the way.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/store/database';
import { SEARCHED_TEXT } from '../../main/store/exchange-search-index';
import type { ExchangeRepository } from '../../main/store/repositories/exchanges';
import { databaseAtVersion, tempExchangeStores } from '../support/temp-store';

const { folder, repository } = tempExchangeStores('wb-exchange-search-index-');

/** A version-16 log of `count` exchanges, each with a word of its own ("ticket-<n>") and words all share. */
function oldLog(dir: string, count: number): void {
  const db = databaseAtVersion(dir, 16);
  const insert = db.prepare(`INSERT INTO exchanges (started_at, simulated_at, duration_ms, method, url, institution, tpp_id, request_headers, request_body,
    request_body_size, status, response_headers, response_body, response_body_size, signature, failure, raw_headers)
    VALUES (0, 0, 1, 'POST', ?, 'frankfurt', 'PSDDE-BAFIN-123456', '', ?, 10, ?, '{"content-type":"application/json"}', NULL, 0, NULL, ?, '[["Host","127.0.0.1"]]')`);
  for (let n = 1; n <= count; n++) {
    const status = n % 7 === 0 ? 400 : 201;
    insert.run(`/frankfurt/berlingroup/v1/consents/Ticket-${n}`, Buffer.from(`{"note":"Shared words, ticket-${n}"}`), status, status >= 400 ? 1 : 0);
  }
  db.prepare('UPDATE exchange_log_counts SET kept = ?').run(count);
  db.close();
}

/** The ids reading every exchange finds for the word, newest first: the search before the index. */
function readingFinds(dir: string, word: string): number[] {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare(`SELECT id FROM exchanges WHERE ${SEARCHED_TEXT} LIKE ? ORDER BY id DESC`).pluck().all(`%${word}%`) as number[];
  } finally {
    db.close();
  }
}

function expectSameAsReading(repo: ExchangeRepository, dir: string, words: readonly string[]): void {
  for (const word of words) {
    const page = repo.search({ words: [word], statuses: [], verdicts: [], limit: 10_000 });
    const expected = readingFinds(dir, word);
    expect({ word, ids: page.records.map((r) => r.id), total: page.total }).toEqual({ word, ids: expected, total: expected.length });
  }
}

const WORDS = ['ticket-1', 'TICKET-17', 'ticket-3', 'shared words', 'SHARED', 'consents/ticket', 'berlingroup', 'zz-nowhere', 'k'];

describe('migration 17 over an earlier log', () => {
  it('marks every exchange as not indexed; they are found by reading, then by the index once indexed', () => {
    const dir = folder();
    oldLog(dir, 300);
    const repo = repository(dir);
    expectSameAsReading(repo, dir, WORDS);
    let rounds = 0;
    while (repo.indexOlder(40) > 0) rounds++;
    expect(rounds).toBeGreaterThanOrEqual(6);
    expectSameAsReading(repo, dir, WORDS);
    const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
    expect(db.prepare('SELECT search_unindexed_below FROM exchange_log_counts').pluck().get()).toBe(0);
    expect(db.prepare(`SELECT count(*) FROM exchange_search_text WHERE instr(text, 'ticket-299') > 0`).pluck().get()).toBe(1);
    db.close();
  });

  it('a prune half-way keeps the mark: the exchanges not indexed yet are still read', () => {
    const dir = folder();
    oldLog(dir, 300);
    const repo = repository(dir);
    repo.indexOlder(100);
    repo.prune({ all: 250, failures: 10 });
    expectSameAsReading(repo, dir, WORDS);
    const reopened = repository(dir);
    expectSameAsReading(reopened, dir, WORDS);
    while (reopened.indexOlder(100) > 0);
    expectSameAsReading(reopened, dir, WORDS);
  });

  it('a clear half-way leaves nothing to index and nothing found', () => {
    const dir = folder();
    oldLog(dir, 120);
    const repo = repository(dir);
    repo.indexOlder(50);
    repo.clear();
    expect(repo.indexOlder(50)).toBe(0);
    expect(repo.search({ words: ['ticket-1'], statuses: [], verdicts: [], limit: 10 }).total).toBe(0);
  });
});
