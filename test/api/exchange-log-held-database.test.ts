// The traffic log is written behind the requests, by a timer. When the database is held longer than a write
// waits (a slow WAL rewind, a tool opened on the file), that write fails with no request to answer: the
// exchanges must stay queued and be written once the database is free, and the server must go on.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { call, startTestBank, type TestBank } from '../support/simulator';
import { holdDatabase } from '../support/database-holder';

const BUSY_WAIT_MS = 100;
// Several of the log's flush intervals, each failing after BUSY_WAIT_MS.
const HELD_MS = 1_500;

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ busyWaitMs: BUSY_WAIT_MS });
}, 60_000);
afterAll(() => bank.stop());

it('keeps the exchanges answered while the database is held and writes them once it is free', async () => {
  const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const { released } = await holdDatabase(bank.dataDir, HELD_MS);
    const answered = [];
    for (let i = 0; i < 3; i++) {
      answered.push((await fetch(`${bank.url}/frankfurt/berlingroup/v1/held-database-${i}`)).status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await released;
    expect(answered).toEqual([404, 404, 404]);
    // The log said why it waited.
    expect(stderr.mock.calls.some(([message]) => String(message).includes('the traffic log could not be written'))).toBe(true);
  } finally {
    stderr.mockRestore();
  }
  const logged = (await call(bank, 'GET', '/simulator/v1/exchanges?q=held-database-')).body as { url: string }[];
  expect(logged.map((e) => e.url).sort()).toEqual([0, 1, 2].map((i) => `/frankfurt/berlingroup/v1/held-database-${i}`));
}, 60_000);
