// The search index is written behind the log (ExchangeRepository.indexNext, run by the exchange log when the
// server is idle), never by the log's batch write: until it catches up, a search reads the exchanges above
// its mark, so every answer is the one reading the whole log gives, whatever part is indexed. Migration 18
// over an earlier log, and a prune or clear half-way, keep that true. SearchIndexing runs it once no exchange
// was logged for a while, or under traffic once an exchange has waited SEARCH_INDEX_LAG_MS (fake timers and
// clock here: the rule is about order, not speed).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_INDEX_IDLE_MS, SEARCH_INDEX_LAG_MS, SearchIndexing } from '../../main/services/logs/search-indexing';
import { DATABASE_FILE } from '../../main/store/database';
import { SEARCHED_TEXT } from '../../main/store/exchange-search-text';
import type { ExchangeRepository } from '../../main/store/repositories/exchanges';
import { databaseAtVersion, tempExchangeStores } from '../support/temp-store';

const { folder, repository } = tempExchangeStores('wb-exchange-search-index-');

/** A version-17 log of `count` exchanges, each with a word of its own ("ticket-<n>") and words all share. */
function oldLog(dir: string, count: number): void {
  const db = databaseAtVersion(dir, 17);
  const insert = db.prepare(`INSERT INTO exchanges (started_at, simulated_at, duration_ms, method, url, institution, tpp_id, request_headers, request_body,
    request_body_size, status, response_headers, response_body, response_body_size, signature, failure, raw_headers)
    VALUES (0, 0, 1, 'POST', ?, 'frankfurt', 'PSDDE-BAFIN-123456', '', ?, 10, ?, '{"content-type":"application/json"}', NULL, 0, NULL, ?, '[["Host","127.0.0.1"]]')`);
  // One transaction: each insert on its own would wait for the disk.
  db.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const status = n % 7 === 0 ? 400 : 201;
      insert.run(`/frankfurt/berlingroup/v1/consents/Ticket-${n}`, Buffer.from(`{"note":"Shared words, ticket-${n}"}`), status, status >= 400 ? 1 : 0);
    }
    db.prepare('UPDATE exchange_log_counts SET kept = ?').run(count);
  })();
  db.close();
}

/** Logs `count` exchanges through the repository as the running log does (queued, then its batch write). */
function logged(repo: ExchangeRepository, from: number, count: number): void {
  const now = new Date('2026-11-27T10:00:00Z');
  for (let n = from; n < from + count; n++) {
    const status = n % 7 === 0 ? 400 : 201;
    repo.insert({
      timing: { startedAt: now, simulatedAt: now, durationMs: 1 },
      parties: { institution: 'frankfurt', tppId: 'PSDDE-BAFIN-123456', resourceId: null },
      request: {
        method: 'POST',
        url: `/frankfurt/berlingroup/v1/consents/Ticket-${n}`,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(`{"note":"Shared words, ticket-${n}"}`),
      },
      response: { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(`{"consentId":"answer-${n}"}`) },
      signature: null,
    });
  }
  repo.flush();
}

/** The ids reading every exchange finds for the word (among those `also` holds for), newest first: the search before the index. */
function readingFinds(dir: string, word: string, also = 'true'): number[] {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  try {
    return db.prepare(`SELECT id FROM exchanges WHERE ${SEARCHED_TEXT} LIKE ? AND ${also} ORDER BY id DESC`).pluck().all(`%${word}%`) as number[];
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
  // With another filter too, and paging: the page is the same slice of the same answer.
  const failures = repo.search({ words: ['ticket-'], statuses: [[400, 499]], verdicts: [], limit: 5, beforeId: 250 });
  const expected = readingFinds(dir, 'ticket-', 'status BETWEEN 400 AND 499');
  const page = expected.filter((id) => id < 250).slice(0, 5);
  expect({ ids: failures.records.map((r) => r.id), total: failures.total }).toEqual({ ids: page, total: expected.length });
}

/** What the index holds, read apart from the repository: its mark, the exchanges in it, and those noted as deleted. */
function indexed(dir: string): { through: number; texts: number; removed: number } {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  try {
    return {
      through: db.prepare('SELECT indexed_through FROM exchange_search_state').pluck().get() as number,
      texts: db.prepare('SELECT count(*) FROM exchange_search_text').pluck().get() as number,
      removed: db.prepare('SELECT count(*) FROM exchange_search_removed').pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

const WORDS = ['ticket-1', 'TICKET-17', 'ticket-3', 'ticket-288', 'answer-290', 'shared words', 'SHARED', 'consents/ticket', 'berlingroup', 'zz-nowhere', 'k'];
const EVERYTHING = { rows: Infinity, ms: Infinity };

describe('the search index, written behind the log', () => {
  it('is not written by the log: its batch write leaves every exchange to be read', () => {
    const dir = folder();
    const repo = repository(dir);
    logged(repo, 1, 300);
    expect(indexed(dir)).toEqual({ through: 0, texts: 0, removed: 0 });
    expectSameAsReading(repo, dir, WORDS);
  });

  it('answers as reading does while part of the log is indexed, at every step of catching up', () => {
    const dir = folder();
    const repo = repository(dir);
    logged(repo, 1, 120);
    // Indexed up to 40, 80, 120; then the log grows, so new exchanges lie above the mark again: 180, 240.
    for (const step of [40, 40, 40, 60, 60]) {
      expect(repo.indexNext({ rows: step, ms: Infinity })).toBe(true);
      expectSameAsReading(repo, dir, WORDS);
      if (indexed(dir).through === 120) logged(repo, 121, 180);
    }
    expect(indexed(dir)).toEqual({ through: 240, texts: 240, removed: 0 });
    expect(repo.indexNext(EVERYTHING)).toBe(false);
    expect(indexed(dir)).toEqual({ through: 300, texts: 300, removed: 0 });
    expectSameAsReading(repo, dir, WORDS);
    expect(repo.indexNext(EVERYTHING)).toBe(false);
  });

  it('stops a call at its time budget, and the next call goes on from there', () => {
    const dir = folder();
    const repo = repository(dir);
    logged(repo, 1, 200);
    expect(repo.indexNext({ rows: Infinity, ms: 0 })).toBe(true);
    expect(indexed(dir).through).toBe(0);
    while (repo.indexNext({ rows: Infinity, ms: 1 }));
    expect(indexed(dir)).toEqual({ through: 200, texts: 200, removed: 0 });
    expectSameAsReading(repo, dir, WORDS);
  });

  it('a reopened log goes on from its mark', () => {
    const dir = folder();
    logged(repository(dir), 1, 150);
    const first = repository(dir);
    first.indexNext({ rows: 100, ms: Infinity });
    const reopened = repository(dir);
    expectSameAsReading(reopened, dir, WORDS);
    while (reopened.indexNext(EVERYTHING));
    expect(indexed(dir)).toEqual({ through: 150, texts: 150, removed: 0 });
    expectSameAsReading(reopened, dir, WORDS);
  });
});

describe('migration 18 over an earlier log', () => {
  it('leaves every exchange to be read; found by reading, then by the index once indexed', () => {
    const dir = folder();
    oldLog(dir, 300);
    const repo = repository(dir);
    expect(indexed(dir)).toEqual({ through: 0, texts: 0, removed: 0 });
    expectSameAsReading(repo, dir, WORDS);
    let rounds = 0;
    while (repo.indexNext({ rows: 40, ms: Infinity })) rounds++;
    expect(rounds).toBeGreaterThanOrEqual(7);
    expectSameAsReading(repo, dir, WORDS);
    const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
    expect(db.prepare('SELECT indexed_through FROM exchange_search_state').pluck().get()).toBe(300);
    expect(db.prepare(`SELECT count(*) FROM exchange_search_text WHERE instr(text, 'ticket-299') > 0`).pluck().get()).toBe(1);
    db.close();
  });

  it('a prune half-way notes the pruned exchanges, left out of searches and then of the index; the rest is still found', () => {
    const dir = folder();
    oldLog(dir, 300);
    const repo = repository(dir);
    repo.indexNext({ rows: 100, ms: Infinity });
    repo.prune({ all: 250, failures: 10, signatureFailures: 10 });
    // Of the 100 indexed, the 50 oldest are pruned (their failures too: beyond the budget of 10), noted, not yet taken out.
    expect(indexed(dir)).toEqual({ through: 100, texts: 100, removed: 50 });
    expectSameAsReading(repo, dir, WORDS);
    const reopened = repository(dir);
    expectSameAsReading(reopened, dir, WORDS);
    // The first call takes the pruned ones out before it indexes anything more.
    expect(reopened.indexNext({ rows: 30, ms: Infinity })).toBe(true);
    expect(indexed(dir)).toEqual({ through: 100, texts: 70, removed: 20 });
    expectSameAsReading(reopened, dir, WORDS);
    while (reopened.indexNext({ rows: 100, ms: Infinity }));
    expectSameAsReading(reopened, dir, WORDS);
    expect(indexed(dir)).toEqual({ through: 300, texts: 250, removed: 0 });
  });

  it('a clear half-way leaves nothing to index and nothing found; what is logged after is indexed', () => {
    const dir = folder();
    oldLog(dir, 120);
    const repo = repository(dir);
    repo.indexNext({ rows: 50, ms: Infinity });
    repo.prune({ all: 100, failures: 0, signatureFailures: 0 });
    repo.clear();
    expect(indexed(dir)).toEqual({ through: 120, texts: 0, removed: 0 });
    expect(repo.indexNext(EVERYTHING)).toBe(false);
    expect(repo.search({ words: ['ticket-1'], statuses: [], verdicts: [], limit: 10 }).total).toBe(0);
    logged(repo, 121, 30);
    expectSameAsReading(repo, dir, WORDS);
    while (repo.indexNext(EVERYTHING));
    expect(indexed(dir)).toEqual({ through: 150, texts: 30, removed: 0 });
    expectSameAsReading(repo, dir, WORDS);
  });
});

describe('indexing when the log is idle, or when an exchange has waited too long (SearchIndexing)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A log of `count` exchanges, none indexed, and its indexing woken. */
  const woken = (count: number): { dir: string; repo: ExchangeRepository; indexing: SearchIndexing } => {
    const dir = folder();
    const repo = repository(dir);
    logged(repo, 1, count);
    const indexing = new SearchIndexing(repo);
    indexing.wake();
    return { dir, repo, indexing };
  };

  /** Logs one exchange as a request does: queued, not written. */
  const request = (repo: ExchangeRepository): void => {
    const now = new Date('2026-11-27T10:00:00Z');
    repo.insert({
      timing: { startedAt: now, simulatedAt: now, durationMs: 1 },
      parties: { institution: 'frankfurt', tppId: null, resourceId: null },
      request: { method: 'GET', url: '/frankfurt/berlingroup/v1/consents/Ticket-x/status', headers: {}, body: null },
      response: { status: 200, headers: {}, body: null },
      signature: null,
    });
  };

  it('takes no slice while exchanges keep arriving and none has waited the lag; catches up once none has arrived for the idle time, then sleeps', () => {
    const { dir, repo } = woken(40);
    const steps = Math.floor(SEARCH_INDEX_LAG_MS / (SEARCH_INDEX_IDLE_MS - 10)) - 1;
    for (let i = 0; i < steps; i++) {
      vi.advanceTimersByTime(SEARCH_INDEX_IDLE_MS - 10);
      request(repo);
      repo.flush();
    }
    expect(indexed(dir)).toEqual({ through: 0, texts: 0, removed: 0 });
    vi.advanceTimersByTime(2 * SEARCH_INDEX_IDLE_MS);
    expect(indexed(dir).through).toBeGreaterThan(0);
    vi.runAllTimers();
    expect(indexed(dir)).toEqual({ through: 40 + steps, texts: 40 + steps, removed: 0 });
    expect(vi.getTimerCount()).toBe(0);
    expectSameAsReading(repo, dir, WORDS);
  });

  it('under traffic that never pauses, indexes once the oldest exchange has waited the lag, and keeps within it', () => {
    const { dir, repo, indexing } = woken(40);
    const behind: number[] = [];
    // A request every 10 ms for three seconds: never SEARCH_INDEX_IDLE_MS without one. Written every 100 ms, as the log does, which wakes the indexing.
    for (let t = 0; t < 3000; t += 10) {
      vi.advanceTimersByTime(10);
      request(repo);
      if (t % 100 === 90) {
        repo.flush();
        indexing.wake();
      }
      behind.push(repo.indexLagMs(performance.now()));
      if (t === SEARCH_INDEX_LAG_MS - 60) expect(indexed(dir).through).toBe(0);
    }
    expect(indexed(dir).through).toBeGreaterThan(300);
    // Written every 100 ms, indexed once it has waited the lag: never more than the lag and a batch behind.
    expect(Math.max(...behind)).toBeLessThanOrEqual(SEARCH_INDEX_LAG_MS + 100 + SEARCH_INDEX_IDLE_MS);
    expectSameAsReading(repo, dir, WORDS);
  });

  it('waits the idle time before its first slice, and takes none once stopped', () => {
    const { dir, repo, indexing } = woken(10);
    vi.advanceTimersByTime(SEARCH_INDEX_IDLE_MS - 1);
    expect(indexed(dir).through).toBe(0);
    vi.advanceTimersByTime(1);
    expect(indexed(dir).through).toBe(10);
    logged(repo, 11, 10);
    indexing.wake();
    indexing.stop();
    vi.runAllTimers();
    expect(indexed(dir).through).toBe(10);
  });
});
