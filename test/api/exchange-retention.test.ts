// The traffic log keeps what QA needs: 200 failing signed requests, then 25,000
// unrelated ones with `--log-limit 10000`, and every failure is still found by search; a pinned success
// survives too; X-Discarded-Count says how many were discarded.
//
// Most of the flood is prepared rather than sent: the pinned success, the failures and one unrelated request go
// over HTTP, then the simulator stops and all but the last TAIL unrelated ones are written into its data folder
// as copies of that request, pruned as the simulator prunes (test/support/prepared-log.ts). Started again on
// the folder, the simulator answers the TAIL real ones, and its own prunes (the first over the whole log, as
// after any restart) carry the log across its limit: what it keeps and counts is what 25,000 sent requests left.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { parseHostArgs } from '../../main/hosts/cli/args';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { consentStatus } from '../../main/tpp/requests/consents';
import { flood } from '../support/flood';
import { sendChangedAfterSigning } from '../support/failing-payment';
import { appendCopiesOfNewest } from '../support/prepared-log';
import { LOG_MAX_FAILURES, LOG_MAX_SIGNATURE_FAILURES } from '../../main/services/context';
import { call, expectBgError, newDataFolder, startTestBank, tppToken, type JsonResponse, type TestBank } from '../support/simulator';

const FAILURES = 200;
const UNRELATED = 25_000;
/** The unrelated requests sent last, over the log's limit: several of the simulator's own prunes. */
const TAIL = 300;

let bank: TestBank;
let psu: PsuSession;
/** The X-Request-ID of each failing request, in the order sent. */
const failing: string[] = [];
let pinnedId: number;

const exchanges = (query: string): Promise<JsonResponse<Exchange[]>> => call<Exchange[]>(bank, 'GET', `/simulator/v1/exchanges?${query}`);

/** A payment whose body changed after signing: the bank answers 401 SIGNATURE_INVALID. */
async function sendFailingPayment(): Promise<void> {
  const { res, requestId } = await sendChangedAfterSigning(bank, psu);
  expectBgError(res, 401, 'SIGNATURE_INVALID');
  failing.push(requestId);
}

let dataDir: string;

beforeAll(async () => {
  dataDir = newDataFolder();
  // The flags as `npm run serve -- --log-limit 10000` reads them; the failure budget left at its default.
  const flags = parseHostArgs(['--log-limit', '10000']);
  expect(flags).toMatchObject({ logLimit: 10_000, failureLogLimit: undefined });
  const start = (): Promise<TestBank> => startTestBank({ dataDir, logLimit: flags.logLimit, failureLogLimit: flags.failureLogLimit });
  bank = await start();
  psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const token = await tppToken(bank, 'frankfurt');

  // A success worth keeping, pinned before anything else is sent.
  const ok = await bank.tpp.consentStatus('frankfurt', psu.consentId);
  expect(ok.status).toBe(200);
  pinnedId = (await exchanges('limit=1')).body[0]!.id;
  const pinned = await call<Exchange>(bank, 'POST', `/simulator/v1/exchanges/${pinnedId}/pin`);
  expect(pinned.status, pinned.text).toBe(200);
  expect(pinned.body).toMatchObject({ id: pinnedId, pinned: true, response: { status: 200 } });

  for (let i = 0; i < FAILURES; i++) await sendFailingPayment();
  const { path, headers } = consentStatus('frankfurt', token, psu.consentId);
  const unrelated = (count: number) => flood(bank.url, count, () => ({ method: 'GET', path, headers: { ...headers, 'x-request-id': randomUUID() } }));
  expect(Object.fromEntries(await unrelated(1))).toEqual({ 200: 1 });
  await bank.stop();

  appendCopiesOfNewest(dataDir, UNRELATED - 1 - TAIL, () => ({ requestId: randomUUID() }), {
    all: flags.logLimit ?? 0,
    failures: LOG_MAX_FAILURES,
    signatureFailures: LOG_MAX_SIGNATURE_FAILURES,
  });
  bank = await start();
  const discardedBefore = Number((await exchanges('limit=1')).headers['x-discarded-count']);
  expect(Object.fromEntries(await unrelated(TAIL))).toEqual({ 200: TAIL });
  // The simulator itself discarded at the limit, about one exchange for each sent (its prunes run every 100).
  const discardedByTail = Number((await exchanges('limit=1')).headers['x-discarded-count']) - discardedBefore;
  expect(discardedByTail).toBeGreaterThan(TAIL - 100);
  expect(discardedByTail).toBeLessThan(TAIL + 100);
}, 180_000);
afterAll(async () => {
  await bank?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('retention: failures and pinned exchanges outlive a flood of ordinary traffic', () => {
  it('finds every failing request by search after 25,000 unrelated ones', async () => {
    const found = await exchanges('q=SIGNATURE_INVALID&limit=10000');
    expect(found.status, found.text).toBe(200);
    expect(found.headers['x-total-count']).toBe(String(FAILURES));
    const ids = found.body.map((e) => e.request.headers['x-request-id']).reverse();
    expect(ids).toEqual(failing);
    expect(found.body.every((e) => e.response.status === 401 && e.signature?.verdict.valid === false)).toBe(true);
    // One by one too, as QA searches for the request it sent: the first, one in the middle, the last.
    for (const requestId of [failing[0], failing[FAILURES / 2], failing[FAILURES - 1]]) {
      const one = await exchanges(`q=${requestId}`);
      expect(one.body.map((e) => e.request.headers['x-request-id'])).toEqual([requestId]);
    }
  });

  it('keeps the pinned success', async () => {
    const res = await call<Exchange>(bank, 'GET', `/simulator/v1/exchanges/${pinnedId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: pinnedId, pinned: true, response: { status: 200 } });
  });

  it('says how many exchanges it discarded, none of them a failure', async () => {
    const page = await exchanges('limit=1');
    const newest = page.body[0]!.id;
    const kept = Number(page.headers['x-kept-count']);
    // Ids are given one by one from 1 in a fresh data folder: every id not kept was discarded.
    expect(Number(page.headers['x-discarded-count'])).toBe(newest - kept);
    expect(page.headers['x-discarded-failure-count']).toBe('0');
    // The newest 10,000 (pruning runs every 100 exchanges, so up to 99 more), the failures and the pinned success.
    expect(kept).toBeGreaterThanOrEqual(10_000 + FAILURES + 1);
    expect(kept).toBeLessThan(10_000 + 100 + FAILURES + 1);
    expect(newest - kept).toBeGreaterThan(UNRELATED - 10_100);
  });
});
