// Under traffic that never pauses, the search index is written between the requests, a fraction of a second
// behind the log (main/services/logs/search-indexing.ts), so a search made meanwhile meets exchanges the index
// has not reached yet. Its answer must be the one reading every exchange gives (SEARCHED_TEXT LIKE '%word%',
// over a second connection), for the exchanges logged up to the newest it found; and the index must move on
// while the traffic goes on, not wait for it to stop.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestBank, type TestBank } from '../support/simulator';
import { readingFinds, storeReader } from '../support/store-reader';

const CONNECTIONS = 4;
const ROUNDS = 12;

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ logLimit: 100_000 });
}, 60_000);
afterAll(() => bank.stop());

function indexedThrough(): number {
  const db = storeReader(bank);
  try {
    return db.prepare('SELECT indexed_through FROM exchange_search_state').pluck().get() as number;
  } finally {
    db.close();
  }
}

it('a search under load answers as reading does, for exchanges the index has not reached yet too', async () => {
  let stopped = false;
  let sent = 0;
  const traffic = Array.from({ length: CONNECTIONS }, async (_, connection) => {
    while (!stopped) await call(bank, 'GET', `/frankfurt/berlingroup/v1/accounts?load=c${connection}-n${sent++}-end`);
  });
  const behind: boolean[] = [];
  const marks: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      // A word in every exchange of the load, one connection's, and one exchange's alone (sent a moment ago).
      const queries = [['load=c'], ['load=C1-'], [`n${Math.max(0, sent - 3)}-end`], ['accounts', 'c2-']];
      for (const words of queries) {
        const res = await call<{ id: number }[]>(bank, 'GET', `/simulator/v1/exchanges?limit=10000&q=${encodeURIComponent(words.join(' '))}`);
        expect(res.status, res.text).toBe(200);
        const through = indexedThrough();
        const ids = res.body.map((e) => e.id);
        const newest = ids[0] ?? 0;
        // Every exchange up to the newest found was written before the search answered: reading them now reads the same.
        const expected = readingFinds(bank, words).filter((id) => id <= newest);
        expect({ round, words, ids }).toEqual({ round, words, ids: expected });
        expect({ round, words, total: Number(res.headers['x-total-count']) }).toEqual({ round, words, total: expected.length });
        behind.push(through < newest);
        marks.push(through);
      }
    }
  } finally {
    stopped = true;
    await Promise.all(traffic);
  }
  // Some searches met exchanges not indexed yet (what this test is about)…
  expect(behind).toContain(true);
  // …and the index moved on while the traffic never paused.
  expect(Math.max(...marks)).toBeGreaterThan(Math.min(...marks));
}, 120_000);
