// What the traffic log's pruning keeps (store/repositories/exchanges.ts): the newest exchanges, the newest
// failures beside them in a budget of their own, pinned exchanges always; and how many it discarded.
import { describe, expect, it } from 'vitest';
import type { ExchangeRepository } from '../../main/store/repositories/exchanges';
import { databaseAtVersion, tempExchangeStores } from '../support/temp-store';
import type { SignatureDiagnosis } from '../../main/domain/signing/verify';

const { folder, repository } = tempExchangeStores('wb-exchange-retention-');

/** A verdict as the bank gives it for a signed request; only `verdict` matters to retention. */
const signature = (valid: boolean): SignatureDiagnosis =>
  ({
    verdict: valid ? { valid: true } : { valid: false, code: 'SIGNATURE_INVALID', status: 401, text: 'changed after signing', checkId: 'signature-verifies' },
  }) as unknown as SignatureDiagnosis;

/** Logs one exchange answered `status` (with a signature verdict, when given) and answers its id. */
function log(repo: ExchangeRepository, status: number, verdict?: boolean, resource: string | null = null): number {
  const now = new Date('2026-11-20T10:00:00Z');
  return repo.insert({
    timing: { startedAt: now, simulatedAt: now, durationMs: 1 },
    parties: { institution: 'frankfurt', tppId: null, resourceId: resource },
    request: { method: 'GET', url: '/frankfurt/berlingroup/v1/accounts', headers: {}, body: null },
    response: { status, headers: {}, body: null },
    signature: verdict === undefined ? null : signature(verdict),
  }).id;
}

const keptIds = (repo: ExchangeRepository): number[] =>
  repo
    .list(10_000)
    .map((e) => e.id)
    .reverse();
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('pruning the traffic log', () => {
  it('keeps the newest exchanges and, beside them, the newest failures within their budget', () => {
    const repo = repository();
    const failures = [log(repo, 401), log(repo, 500), log(repo, 200, false), log(repo, 404)];
    for (let i = 0; i < 20; i++) log(repo, 200, true);
    const newest = range(failures.length + 11, failures.length + 20);
    repo.prune({ all: 10, failures: 2, signatureFailures: 3 });
    // The oldest failure is beyond the budget of 2; a 200 whose signature is not valid is a failure, kept in the signature budget.
    expect(keptIds(repo)).toEqual([...failures.slice(1), ...newest]);
    expect(repo.discarded).toEqual({ all: 11, failures: 1, signatureFailures: 0 });
    repo.prune({ all: 10, failures: 2, signatureFailures: 3 });
    expect(repo.discarded).toEqual({ all: 11, failures: 1, signatureFailures: 0 });
  });

  it('counts the newest exchanges in the failure budget too: a new failure pushes the oldest kept one out', () => {
    const repo = repository();
    const old = [log(repo, 400), log(repo, 400)];
    for (let i = 0; i < 10; i++) log(repo, 200);
    const fresh = log(repo, 403);
    repo.prune({ all: 5, failures: 2, signatureFailures: 2 });
    expect(keptIds(repo)).toEqual([old[1], ...range(fresh - 4, fresh)]);
    expect(repo.discarded).toEqual({ all: 7, failures: 1, signatureFailures: 0 });
  });

  it('with a failure budget of 0 keeps only the newest', () => {
    const repo = repository();
    log(repo, 401);
    for (let i = 0; i < 10; i++) log(repo, 200);
    repo.prune({ all: 5, failures: 0, signatureFailures: 0 });
    expect(keptIds(repo)).toEqual(range(7, 11));
  });

  it('never removes a pinned exchange; once unpinned it goes with the next prune', () => {
    const repo = repository();
    const pinned = log(repo, 200);
    const pinnedFailure = log(repo, 401);
    for (let i = 0; i < 20; i++) log(repo, 200);
    expect(repo.setPinned(pinned, true)).toBe(true);
    expect(repo.setPinned(pinnedFailure, true)).toBe(true);
    expect(repo.find(pinned)?.pinned).toBe(true);
    repo.prune({ all: 5, failures: 0, signatureFailures: 0 });
    expect(keptIds(repo).slice(0, 2)).toEqual([pinned, pinnedFailure]);
    expect(repo.setPinned(pinned, false)).toBe(true);
    for (let i = 0; i < 5; i++) log(repo, 200);
    repo.prune({ all: 5, failures: 0, signatureFailures: 0 });
    expect(keptIds(repo)).toEqual([pinnedFailure, ...range(23, 27)]);
    expect(repo.find(pinnedFailure)?.pinned).toBe(true);
    expect(repo.setPinned(9_999, true)).toBe(false);
  });

  it('keeps the exchanges of one resource that a prune spared, and forgets the others', () => {
    const repo = repository();
    const failure = log(repo, 401, undefined, 'A');
    log(repo, 200, undefined, 'A');
    expect(repo.list(10, 'A')).toHaveLength(2);
    for (let i = 0; i < 10; i++) log(repo, 200);
    repo.prune({ all: 5, failures: 5, signatureFailures: 5 });
    expect(repo.list(10, 'A').map((e) => e.id)).toEqual([failure]);
  });

  it('keeps the discarded count across a restart; clearing the log zeroes it and removes pinned exchanges too', () => {
    const dir = folder();
    const first = repository(dir);
    const pinned = log(first, 200);
    first.setPinned(pinned, true);
    for (let i = 0; i < 12; i++) log(first, 200);
    first.prune({ all: 4, failures: 4, signatureFailures: 4 });
    expect(first.discarded).toEqual({ all: 8, failures: 0, signatureFailures: 0 });
    const again = repository(dir);
    expect(again.discarded).toEqual({ all: 8, failures: 0, signatureFailures: 0 });
    expect(again.search({ words: [], statuses: [], verdicts: [], limit: 1 }).discarded).toEqual({ all: 8, failures: 0, signatureFailures: 0 });
    again.clear();
    expect(again.discarded).toEqual({ all: 0, failures: 0, signatureFailures: 0 });
    expect(again.find(pinned)).toBeUndefined();
    expect(repository(dir).discarded).toEqual({ all: 0, failures: 0, signatureFailures: 0 });
  });

  it('knows how many exchanges it keeps without counting the table: across batches, prunes, a restart and a clear', () => {
    const dir = folder();
    const first = repository(dir);
    const kept = (repo: ExchangeRepository): number => repo.search({ words: [], statuses: [], verdicts: [], limit: 1 }).kept;
    for (let i = 0; i < 7; i++) log(first, i === 0 ? 500 : 200);
    expect(kept(first)).toBe(7);
    first.prune({ all: 3, failures: 1, signatureFailures: 1 });
    expect(kept(first)).toBe(4);
    for (let i = 0; i < 2; i++) log(first, 200);
    first.flush();
    const again = repository(dir);
    expect(kept(again)).toBe(6);
    expect(again.search({ words: [], statuses: [[200, 299]], verdicts: [], limit: 1 }).kept).toBe(6);
    again.clear();
    expect(kept(repository(dir))).toBe(0);
  });

  it('counts the exchanges of a log written before schema 16 once, when it migrates', () => {
    const dir = folder();
    const old = databaseAtVersion(dir, 15);
    const insert =
      old.prepare(`INSERT INTO exchanges (started_at, simulated_at, duration_ms, method, url, request_headers, request_body_size, status, response_headers, response_body_size)
      VALUES (0, 0, 1, 'GET', '/', '{}', 0, 200, '{}', 0)`);
    for (let i = 0; i < 5; i++) insert.run();
    old.close();
    expect(repository(dir).search({ words: [], statuses: [], verdicts: [], limit: 1 }).kept).toBe(5);
  });

  it('finds the failures of a log written before schema 13', () => {
    const dir = folder();
    const old = databaseAtVersion(dir, 12);
    const insert =
      old.prepare(`INSERT INTO exchanges (started_at, simulated_at, duration_ms, method, url, request_headers, request_body_size, status, response_headers, response_body_size, signature)
      VALUES (0, 0, 1, 'GET', '/', '{}', 0, ?, '{}', 0, ?)`);
    const refused = Number(insert.run(401, null).lastInsertRowid);
    const invalid = Number(insert.run(200, JSON.stringify(signature(false))).lastInsertRowid);
    for (let i = 0; i < 10; i++) insert.run(200, i === 0 ? JSON.stringify(signature(true)) : null);
    old.close();
    const repo = repository(dir);
    repo.prune({ all: 3, failures: 10, signatureFailures: 10 });
    expect(keptIds(repo)).toEqual([refused, invalid, 10, 11, 12]);
  });
});

describe('signature failures: a budget of their own, each kept with the success it is compared with', () => {
  /** A signed payment initiation by TPP A: 201 with a valid signature, or 401 with one the bank found not valid. */
  const signed = (repo: ExchangeRepository, valid: boolean, tppId = 'PSDDE-BAFIN-000001'): number => {
    const now = new Date('2026-11-20T10:00:00Z');
    return repo.insert({
      timing: { startedAt: now, simulatedAt: now, durationMs: 1 },
      parties: { institution: 'frankfurt', tppId, resourceId: null },
      request: { method: 'POST', url: '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers', headers: {}, body: null },
      response: { status: valid ? 201 : 401, headers: {}, body: null },
      signature: { ...signature(valid), operation: 'payment-initiation' } as SignatureDiagnosis,
    }).id;
  };
  const comparedWith = (repo: ExchangeRepository, id: number): number | null | undefined => repo.find(id)?.comparedWith;

  it('a flood of other failures pushes none out; the success each is compared with stays while it does', () => {
    const repo = repository();
    const success = signed(repo, true);
    const otherTpp = signed(repo, true, 'PSDDE-BAFIN-000002');
    const failed = [signed(repo, false), signed(repo, false)];
    expect(failed.map((id) => comparedWith(repo, id))).toEqual([success, success]);
    expect(comparedWith(repo, signed(repo, false, 'PSDDE-BAFIN-000003'))).toBeNull();
    for (let i = 0; i < 30; i++) log(repo, 500);
    for (let i = 0; i < 10; i++) log(repo, 200);
    repo.prune({ all: 5, failures: 3, signatureFailures: 3 });
    const kept = keptIds(repo);
    expect(kept).toEqual(expect.arrayContaining([success, ...failed]));
    expect(kept).not.toContain(otherTpp);
    expect(repo.discarded.signatureFailures).toBe(0);
  });

  it('beyond its budget the oldest goes, and its compared success with it once no kept failure is compared with it', () => {
    const repo = repository();
    const first = signed(repo, true);
    const early = [signed(repo, false), signed(repo, false)];
    const second = signed(repo, true);
    const late = signed(repo, false);
    for (let i = 0; i < 10; i++) log(repo, 200);
    repo.prune({ all: 5, failures: 10, signatureFailures: 2 });
    // The oldest signature failure is beyond the budget of 2; its success stays, the other early one is compared with it.
    expect(keptIds(repo).slice(0, 4)).toEqual([first, early[1], second, late]);
    repo.prune({ all: 5, failures: 10, signatureFailures: 1 });
    expect(keptIds(repo).slice(0, 2)).toEqual([second, late]);
    expect(repo.discarded).toMatchObject({ signatureFailures: 2 });
  });
});
