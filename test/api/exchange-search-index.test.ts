// The traffic log's search index (main/store/exchange-search-index.ts, migration 18) must find exactly what
// reading every exchange finds: each answer of `GET /simulator/v1/exchanges?q=` is compared with the log read
// the old way (SEARCHED_TEXT LIKE '%word%' over a second connection), for words cut from the log itself (every
// length, across quotes, slashes and escapes), their case variants, and after prunes, clears, resets and a restart.
// The index is written behind the log when the server is idle, so each search here may meet a log indexed in
// part: the exchanges above the index's mark are read, and the answer must not depend on where the mark stands.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLUSH_AFTER_MS } from '../../main/services/logs/exchange-log';
import { SEARCHED_TEXT } from '../../main/store/exchange-search-text';
import { validateSignedAndTampered } from '../support/signing';
import { call, createConsent, newDataFolder, startTestBank, tppToken, type TestBank } from '../support/simulator';
import { readingFinds, storeReader } from '../support/store-reader';

const JSON_TYPE = { 'content-type': 'application/json' };

/** What the control API answers for the words: ids newest first, and the total it tells. */
async function searchFinds(bank: TestBank, words: readonly string[]): Promise<{ ids: number[]; total: number }> {
  const res = await call<{ id: number }[]>(bank, 'GET', `/simulator/v1/exchanges?limit=10000&q=${encodeURIComponent(words.join(' '))}`);
  expect(res.status, res.text).toBe(200);
  return { ids: res.body.map((e) => e.id), total: Number(res.headers['x-total-count']) };
}

async function expectSameAsReading(bank: TestBank, queries: readonly (readonly string[])[]): Promise<void> {
  // The API flushes the log's queue before it searches: asked first, so the second connection sees it all.
  const answers: { ids: number[]; total: number }[] = [];
  for (const words of queries) answers.push(await searchFinds(bank, words));
  queries.forEach((words, i) => {
    const expected = readingFinds(bank, words);
    expect({ words, ids: answers[i]?.ids }).toEqual({ words, ids: expected });
    expect({ words, total: answers[i]?.total }).toEqual({ words, total: expected.length });
  });
}

/** A small deterministic generator, so a failure names the same words again. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** Words cut from the log's own text at many places and lengths, with their case changed; and words no exchange holds. */
function wordsOfTheLog(bank: TestBank, count: number): string[][] {
  const db = storeReader(bank);
  const texts = db.prepare(`SELECT ${SEARCHED_TEXT} FROM exchanges`).pluck().all() as string[];
  db.close();
  const random = seeded(24);
  const queries: string[][] = [];
  const lengths = [1, 2, 3, 4, 6, 9, 14, 24, 40];
  while (queries.length < count) {
    const text = texts[Math.floor(random() * texts.length)] ?? '';
    const at = Math.floor(random() * text.length);
    const word = text.slice(at, at + (lengths[queries.length % lengths.length] ?? 3)).split(/\s+/)[0] ?? '';
    if (word === '') continue;
    const cased = queries.length % 3 === 0 ? word.toUpperCase() : queries.length % 3 === 1 ? word : word.toLowerCase();
    queries.push([cased]);
  }
  return queries;
}

/** Traffic with bodies only one exchange holds, a refused signature, bytes that are not UTF-8, a NUL, and the same pieces many times. */
async function traffic(bank: TestBank, tag: string): Promise<void> {
  const token = await tppToken(bank, 'frankfurt');
  await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
  await validateSignedAndTampered(bank, `<Document>Müller ${tag}</Document>\n`);
  await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', {
    headers: { 'content-type': 'application/json' },
    body: `{"note":"the Quokka-${tag} smiles 100% at \\"quotes\\" and a/slash\\\\back"}`,
  });
  await call(bank, 'POST', '/london/berlingroup/v1/consents', {
    headers: { 'content-type': 'application/octet-stream' },
    body: Buffer.concat([Buffer.from([0xff, 0xfe, 0x41, 0x0a]), Buffer.from(` binary-${tag} `)]),
  });
  await call(bank, 'POST', '/paris/berlingroup/v1/consents', {
    headers: { 'content-type': 'text/plain' },
    body: Buffer.from(`seen-before-nul-${tag}\0hidden-after-nul-${tag}`),
  });
  for (let i = 0; i < 6; i++) await call(bank, 'GET', `/frankfurt/berlingroup/v1/accounts?page=${tag}-${i}`);
}

const FIXED: string[][] = [
  ['quokka-one'],
  ['QUOKKA-ONE'],
  ['Quokka-One', 'smiles'],
  ['müller'],
  ['MÜLLER'],
  ['mÜller'],
  ['100%'],
  ['quokk_'],
  ['"quotes\\"'],
  ['a/slash\\\\back'],
  ['slash\\\\back"}'],
  ['binary-one'],
  ['seen-before-nul-one'],
  ['hidden-after-nul-one'],
  ['FRA-CREATOR'],
  ['fra-creator', 'frankfurt'],
  ['/frankfurt/berlingroup/v1/'],
  ['berlingroup/v1/accounts?page=one-3'],
  ['"psu-id"'],
  ['psu-id'],
  ['a'],
  ['%'],
  ['no-exchange-holds-this'],
  ['quokka-one', 'no-exchange-holds-this'],
];

describe('the search index finds what reading every exchange finds', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await startTestBank({ logLimit: 1_000 });
    await traffic(bank, 'one');
  }, 60_000);
  afterAll(() => bank.stop());

  it('for fixed words: case, quotes, slashes, escapes, NUL, bytes not UTF-8, one or two characters', async () => {
    await expectSameAsReading(bank, FIXED);
  });

  it('for 200 words cut from the log at every length, in either case', async () => {
    await expectSameAsReading(bank, wordsOfTheLog(bank, 200));
  });

  it('together with the other filters, and paging with the same total', async () => {
    const res = await call<{ id: number }[]>(bank, 'GET', '/simulator/v1/exchanges?limit=10000&q=frankfurt&status=4xx');
    const db = storeReader(bank);
    const expected = db
      .prepare(`SELECT id FROM exchanges WHERE ${SEARCHED_TEXT} LIKE '%frankfurt%' AND status BETWEEN 400 AND 499 ORDER BY id DESC`)
      .pluck()
      .all();
    db.close();
    expect(res.body.map((e) => e.id)).toEqual(expected);
    const all = (await searchFinds(bank, ['frankfurt'])).ids;
    const page = await call<{ id: number }[]>(bank, 'GET', `/simulator/v1/exchanges?limit=3&q=frankfurt&before=${all[2]}`);
    expect(page.body.map((e) => e.id)).toEqual(all.slice(3, 6));
    expect(page.headers['x-total-count']).toBe(String(all.length));
  });

  it('after a bank reset, which keeps the log and its index', async () => {
    expect((await call(bank, 'POST', '/simulator/v1/reset', { headers: JSON_TYPE, body: '{}' })).status).toBe(200);
    await expectSameAsReading(bank, FIXED);
  });

  it('after a clear of the log ("New class"), and the traffic that follows', async () => {
    expect((await call(bank, 'POST', '/simulator/v1/reset', { headers: JSON_TYPE, body: '{"log":true}' })).status).toBe(200);
    expect(await searchFinds(bank, ['frankfurt'])).toEqual({ ids: [], total: 0 });
    await traffic(bank, 'two');
    await expectSameAsReading(bank, [...FIXED, ['quokka-two'], ['binary-two']]);
  });
});

describe('the index keeps in step with prunes and restarts', () => {
  let bank: TestBank;
  const dataDir = newDataFolder();
  afterAll(() => bank.stop());

  it('after the log prunes its oldest exchanges', async () => {
    bank = await startTestBank({ dataDir, logLimit: 30, failureLogLimit: 5 });
    for (const tag of ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight']) await traffic(bank, tag);
    // The log prunes at a flush after every 100 exchanges: 250 more see two prunes at least, however fast they go.
    for (let i = 0; i < 250; i++) await call(bank, 'GET', `/frankfurt/berlingroup/v1/accounts?page=filler-${i}`);
    const kept = await call(bank, 'GET', '/simulator/v1/exchanges?limit=1');
    expect(Number(kept.headers['x-discarded-count'])).toBeGreaterThan(100);
    await expectSameAsReading(bank, [...FIXED, ['quokka-eight'], ['filler'], ['filler-11'], ['accounts?page=filler-249']]);
    await expectSameAsReading(bank, wordsOfTheLog(bank, 60));
  }, 60_000);

  it('and a search answers with the log as pruned, not with exchanges a prune due takes back a moment later', async () => {
    // A burst crosses the prune's count while the flush timer waits: the search must not answer before that prune.
    for (let round = 0; round < 6; round++) {
      await Promise.all(Array.from({ length: 120 }, (_, i) => call(bank, 'GET', `/frankfurt/berlingroup/v1/accounts?page=burst-${round}-${i}`)));
      const answer = await searchFinds(bank, ['burst']);
      await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_AFTER_MS));
      const expected = readingFinds(bank, ['burst']);
      expect({ round, ids: answer.ids }).toEqual({ round, ids: expected });
    }
  }, 60_000);

  it('after a restart on the same data folder, and the traffic that follows', async () => {
    await bank.stop();
    bank = await startTestBank({ dataDir, logLimit: 30, failureLogLimit: 5 });
    await expectSameAsReading(bank, FIXED);
    await traffic(bank, 'nine');
    await expectSameAsReading(bank, [...FIXED, ['quokka-nine'], ['binary-nine']]);
  }, 60_000);
});

describe('exchanges not indexed yet', () => {
  it('are found by reading until the idle server has indexed them, then by the index', async () => {
    const dataDir = newDataFolder();
    let bank = await startTestBank({ dataDir });
    await traffic(bank, 'old');
    await bank.stop();
    // The state migration 18 leaves an earlier log in: nothing indexed, every exchange above the mark.
    const db = new Database(join(dataDir, 'workbench.sqlite'));
    db.exec(`DELETE FROM exchange_search_text;
      INSERT INTO exchange_search_pieces (exchange_search_pieces) VALUES ('delete-all');
      DELETE FROM exchange_search_common;
      UPDATE exchange_search_state SET indexed_through = 0`);
    db.close();
    bank = await startTestBank({ dataDir });
    try {
      await expectSameAsReading(bank, FIXED);
      await expect.poll(() => indexedBehind(bank), { timeout: 10_000 }).toBe(0);
      await traffic(bank, 'new');
      await expectSameAsReading(bank, [...FIXED, ['quokka-old'], ['quokka-new'], ['binary-old']]);
      // Found through the index now: the old exchanges are in it, and the new ones once the server is idle.
      await expect.poll(() => indexedBehind(bank), { timeout: 10_000 }).toBe(0);
      const reader = storeReader(bank);
      const indexed = reader.prepare(`SELECT count(*) FROM exchange_search_text WHERE instr(text, 'quokka-') > 0`).pluck().get();
      reader.close();
      expect(indexed).toBe(2);
      await expectSameAsReading(bank, [...FIXED, ['quokka-old'], ['quokka-new'], ['binary-new']]);
    } finally {
      await bank.stop();
    }
  }, 60_000);
});

/** How many exchanges of the log lie above the index's mark. */
function indexedBehind(bank: TestBank): number {
  const db = storeReader(bank);
  try {
    return db.prepare('SELECT count(*) FROM exchanges WHERE id > (SELECT indexed_through FROM exchange_search_state)').pluck().get() as number;
  } finally {
    db.close();
  }
}
