// Pinning an exchange (`POST/DELETE /simulator/v1/exchanges/{id}/pin`), the failure budget's bound and the
// discarded count, over HTTP with small limits so each rule shows in a few hundred requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { parseHostArgs, UsageError } from '../../main/hosts/cli/args';
import { call, createConsent, expectBgError, startTestBank, type JsonResponse, type TestBank } from '../support/simulator';

const LIMIT = 20;
const FAILURE_LIMIT = 5;

let bank: TestBank;

const exchanges = (query = 'limit=10000'): Promise<JsonResponse<Exchange[]>> => call<Exchange[]>(bank, 'GET', `/simulator/v1/exchanges?${query}`);
const pin = (id: number | string, method: 'POST' | 'DELETE' = 'POST'): Promise<JsonResponse<Exchange>> =>
  call<Exchange>(bank, method, `/simulator/v1/exchanges/${id}/pin`);
const json = { 'content-type': 'application/json' };

let consentId: string;

/** The id of the newest exchange in the log. */
const newestId = async (): Promise<number> => (await exchanges('limit=1')).body[0]!.id;

/** `n` ordinary exchanges: a consent's status, 200 each; answers their ids. */
async function ordinary(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    expect((await bank.tpp.consentStatus('frankfurt', consentId)).status).toBe(200);
    ids.push(await newestId());
  }
  return ids;
}

/** `n` failures: accounts read with nothing a TPP must send, 4xx each; answers their ids. */
async function failures(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    expect((await call(bank, 'GET', '/frankfurt/berlingroup/v1/accounts')).status).toBe(400);
    ids.push(await newestId());
  }
  return ids;
}

/** Past the log's write delay, so the prune due after this many exchanges has run. */
const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 400));

const found = async (id: number): Promise<boolean> => (await call(bank, 'GET', `/simulator/v1/exchanges/${id}`)).status === 200;

beforeAll(async () => {
  const flags = parseHostArgs(['--log-limit', String(LIMIT), '--failure-log-limit', String(FAILURE_LIMIT)]);
  bank = await startTestBank({ logLimit: flags.logLimit, failureLogLimit: flags.failureLogLimit });
  consentId = (await createConsent(bank, 'frankfurt', 'FRA-CREATOR')).consentId;
});
afterAll(() => bank?.stop());

describe('the log flags', () => {
  it('take whole numbers; the failure budget may be 0 (none of its own)', () => {
    expect(parseHostArgs(['--failure-log-limit', '0'])).toMatchObject({ failureLogLimit: 0, logLimit: undefined });
    for (const bad of [
      ['--log-limit', '0'],
      ['--log-limit', '1.5'],
      ['--log-limit', 'ten'],
      ['--failure-log-limit', '-1'],
      ['--log-limit', '1000001'],
    ]) {
      expect(() => parseHostArgs(bad)).toThrow(UsageError);
    }
    expect(() => parseHostArgs(['--log-limit', 'x'])).toThrow(/--log-limit must be a whole number from 1 to 1000000/);
  });
});

describe('POST and DELETE exchanges/{id}/pin', () => {
  it('answers an unknown exchange as GET exchanges/{id} does: 404 RESOURCE_UNKNOWN, 400 FORMAT_ERROR for a malformed id', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      expectBgError(await pin(987_654, method), 404, 'RESOURCE_UNKNOWN');
      expectBgError(await pin('abc', method), 400, 'FORMAT_ERROR');
    }
    const unknown = await pin(987_654);
    expect((unknown.body as unknown as { tppMessages: { text: string }[] }).tppMessages[0]?.text).toMatch(/no exchange 987654 in the traffic log/);
  });
});

describe('retention with --log-limit 20 --failure-log-limit 5', () => {
  let kept: number[];
  let pinnedSuccess: number;
  let pinnedFailure: number;

  it('keeps the newest failures within their budget and counts the older ones as discarded failures', async () => {
    const failed = await failures(8);
    pinnedSuccess = (await ordinary(1))[0]!;
    pinnedFailure = failed[0]!;
    expect((await pin(pinnedSuccess)).body).toMatchObject({ id: pinnedSuccess, pinned: true });
    expect((await pin(pinnedFailure)).body).toMatchObject({ id: pinnedFailure, pinned: true });
    // Pinning twice is pinning.
    expect((await pin(pinnedFailure)).status).toBe(200);
    await ordinary(120);
    await settled();
    const refused = await exchanges('status=4xx&limit=100');
    kept = refused.body.map((e) => e.id).reverse();
    expect(kept).toEqual([pinnedFailure, ...failed.slice(-FAILURE_LIMIT)]);
    for (const id of failed.slice(1, 3)) expectBgError(await call(bank, 'GET', `/simulator/v1/exchanges/${id}`), 404, 'RESOURCE_UNKNOWN');
    expect(refused.headers['x-discarded-failure-count']).toBe('2');
    const all = await exchanges('limit=1');
    expect(Number(all.headers['x-discarded-count'])).toBe(all.body[0]!.id - Number(all.headers['x-kept-count']));
    expect(Number(all.headers['x-discarded-count'])).toBeGreaterThan(50);
  });

  it('keeps pinned exchanges through pruning; once unpinned, the next prune may take them', async () => {
    expect((await call<Exchange>(bank, 'GET', `/simulator/v1/exchanges/${pinnedSuccess}`)).body.pinned).toBe(true);
    expect(await found(pinnedFailure)).toBe(true);
    const unpinned = await pin(pinnedSuccess, 'DELETE');
    expect(unpinned.status, unpinned.text).toBe(200);
    expect(unpinned.body).toMatchObject({ id: pinnedSuccess, pinned: false });
    await ordinary(110);
    await settled();
    expect(await found(pinnedSuccess)).toBe(false);
    expect(await found(pinnedFailure)).toBe(true);
    expect((await exchanges('limit=100')).body.find((e) => e.id === pinnedFailure)?.pinned).toBe(true);
  });

  it('keeps the discarded count across a restart on the same data folder', async () => {
    const before = (await exchanges('limit=1')).headers['x-discarded-count'];
    const { dataDir } = bank;
    await bank.sim.close();
    bank = await startTestBank({ dataDir, logLimit: LIMIT, failureLogLimit: FAILURE_LIMIT });
    expect((await exchanges('limit=1')).headers['x-discarded-count']).toBe(before);
    expect(await found(pinnedFailure)).toBe(true);
  });

  it('keeps pinned exchanges through a reset of the bank; "New class" with the log clears them and zeroes the count', async () => {
    const discarded = (await exchanges('limit=1')).headers['x-discarded-count'];
    expect(Number(discarded)).toBeGreaterThan(0);
    expect((await call(bank, 'POST', '/simulator/v1/reset', { headers: json, body: '{}' })).status).toBe(200);
    expect(await found(pinnedFailure)).toBe(true);
    expect((await exchanges('limit=1')).headers['x-discarded-count']).toBe(discarded);
    expect((await call(bank, 'POST', '/simulator/v1/reset', { headers: json, body: '{"log":true}' })).status).toBe(200);
    expect(await found(pinnedFailure)).toBe(false);
    const empty = await exchanges();
    expect(empty.body).toEqual([]);
    expect(empty.headers['x-discarded-count']).toBe('0');
    expect(empty.headers['x-discarded-failure-count']).toBe('0');
  });
});
