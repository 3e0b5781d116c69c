// The request path hands the traffic log what it holds (ExchangeRepository.capture: references, nothing
// parsed); the record is made when the batch is written. The queue must keep the order exchanges were handed
// over in, whatever way each came (captured, given whole, with an id reserved while it was answered): ids as
// given at hand-over, records written and announced in that order, a signature failure compared with the
// success queued before it, the bytes and header lines as received, and a batch that fails to write kept
// queued, ahead of what is handed over after it.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SignatureDiagnosis } from '../../main/domain/signing/verify';
import { DATABASE_FILE } from '../../main/store/database';
import type { CapturedExchange, ExchangeRecord, ExchangeRepository, NewExchange } from '../../main/store/repositories/exchanges';
import { tempExchangeStores } from '../support/temp-store';

const { folder, repository } = tempExchangeStores('wb-exchange-capture-queue-');

const NOW = new Date('2026-11-20T10:00:00Z');
const PAYMENTS = '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers';

/** A signed payment initiation's verdict, as the bank gives it (only what the log reads of it). */
const verdict = (valid: boolean): SignatureDiagnosis =>
  ({
    operation: 'payment-initiation',
    verdict: valid ? { valid: true } : { valid: false, code: 'SIGNATURE_INVALID', status: 401, text: 'changed after signing', checkId: 'signature-verifies' },
  }) as unknown as SignatureDiagnosis;

/** What the HTTP layer hands over for an answered request (http/exchange-log.ts): Node's flat header lines, the bodies as sent. */
function captured(tag: string, options: { id?: number; valid?: boolean; resourceOf?: () => string | null } = {}): CapturedExchange {
  const signed = options.valid !== undefined;
  return {
    id: options.id ?? null,
    startedAt: NOW,
    simulatedAt: NOW,
    durationMs: 1,
    institution: 'frankfurt',
    tppId: 'PSDDE-BAFIN-000001',
    resourceOf: options.resourceOf ?? (() => null),
    method: signed ? 'POST' : 'GET',
    url: signed ? PAYMENTS : `/frankfurt/berlingroup/v1/accounts?tag=${tag}`,
    headers: { 'x-request-id': tag, accept: 'application/json, text/plain' },
    rawHeaders: ['X-Request-ID', tag, 'Accept', 'application/json', 'accept', 'text/plain'],
    body: signed ? Buffer.from(`<Document>${tag}</Document>`) : null,
    status: signed ? (options.valid ? 201 : 401) : 200,
    responseHeaders: { 'x-request-id': tag, 'content-type': 'application/json' },
    responseBody: Buffer.from(`{"tag":"${tag}","bytes":"\u00ff"}`),
    signature: signed ? verdict(options.valid as boolean) : null,
    faultRule: null,
  };
}

/** An exchange given whole, as a request Node's parser refused is logged (ExchangeLog.record). */
function given(tag: string, valid?: boolean): NewExchange {
  return {
    timing: { startedAt: NOW, simulatedAt: NOW, durationMs: 0 },
    parties: { institution: 'frankfurt', tppId: 'PSDDE-BAFIN-000001', resourceId: null },
    request: { method: 'POST', url: PAYMENTS, headers: { 'x-request-id': tag }, body: null },
    response: { status: valid === false ? 401 : 201, headers: {}, body: null },
    signature: valid === undefined ? null : verdict(valid),
  };
}

/** The repository with every batch it announces kept, in order. */
function announcing(dir = folder()): { repo: ExchangeRepository; announced: ExchangeRecord[][] } {
  const repo = repository(dir);
  const announced: ExchangeRecord[][] = [];
  repo.onWritten((records) => announced.push([...records]));
  return { repo, announced };
}

const requestIds = (records: readonly ExchangeRecord[]): unknown[] => records.map((r) => r.request.headers['x-request-id']);

describe('the traffic log queue', () => {
  it('gives ids at hand-over, a reserved one to its own exchange, and writes and announces in the order handed over', () => {
    const { repo, announced } = announcing();
    const first = repo.capture(captured('a'));
    const reserved = repo.reserveId();
    const refused = repo.insert(given('c')).id;
    repo.capture(captured('d'));
    // The request that reserved an id while it was being answered is handed over last.
    repo.capture(captured('b', { id: reserved }));
    expect(first).toBe(false);
    expect(announced).toEqual([]);
    repo.flush();
    expect(announced.map((batch) => batch.map((r) => r.id))).toEqual([[1, 3, 4, 2]]);
    expect(requestIds(announced[0] ?? [])).toEqual(['a', 'c', 'd', 'b']);
    expect([reserved, refused]).toEqual([2, 3]);
    expect(
      repo
        .list(10)
        .map((r) => r.id)
        .reverse(),
    ).toEqual([1, 2, 3, 4]);
    // Written once: a second flush has nothing to announce.
    repo.flush();
    expect(announced).toHaveLength(1);
  });

  it('compares a signature failure with the success queued before it, whichever way each came', () => {
    const { repo } = announcing();
    const success = 1;
    repo.capture(captured('s1', { valid: true }));
    repo.insert(given('f1', false));
    repo.capture(captured('f2', { valid: false }));
    repo.insert(given('s2', true));
    repo.capture(captured('f3', { valid: false }));
    repo.flush();
    expect([2, 3, 5].map((id) => repo.find(id)?.comparedWith)).toEqual([success, success, 4]);
    expect([1, 4].map((id) => repo.find(id)?.comparedWith)).toEqual([null, null]);
  });

  it('keeps the bytes and the header lines as received, and asks for the resource when it writes, once', () => {
    const { repo } = announcing();
    let asked = 0;
    repo.capture(
      captured('r', {
        valid: true,
        resourceOf: () => {
          asked++;
          return 'payment-1';
        },
      }),
    );
    expect(asked).toBe(0);
    repo.flush();
    expect(asked).toBe(1);
    const record = repo.find(1);
    expect(record?.request.rawHeaders).toEqual([
      ['X-Request-ID', 'r'],
      ['Accept', 'application/json'],
      ['accept', 'text/plain'],
    ]);
    expect(record?.request.body).toEqual(Buffer.from('<Document>r</Document>'));
    expect(record?.response.body).toEqual(Buffer.from('{"tag":"r","bytes":"\u00ff"}'));
    expect(record?.parties.resourceId).toBe('payment-1');
    expect(repo.list(10, 'payment-1').map((r) => r.id)).toEqual([1]);
  });

  it('a batch that fails to write stays queued as made, ahead of what is handed over after, and is written once the database is free', () => {
    const dir = folder();
    const { repo, announced } = announcing(dir);
    repo.capture(captured('s1', { valid: true }));
    repo.capture(captured('f1', { valid: false }));
    // Another connection holds the write lock: the batch cannot be written (no busy wait on this one).
    const holder = new Database(join(dir, DATABASE_FILE));
    holder.pragma('busy_timeout = 0');
    holder.exec('BEGIN IMMEDIATE');
    const busy = (repo as unknown as { db: Database.Database }).db;
    busy.pragma('busy_timeout = 0');
    expect(() => repo.flush()).toThrow();
    expect(announced).toEqual([]);
    repo.capture(captured('s2', { valid: true }));
    repo.capture(captured('f2', { valid: false }));
    holder.exec('ROLLBACK');
    holder.close();
    repo.flush();
    expect(announced.map((batch) => requestIds(batch))).toEqual([['s1', 'f1', 's2', 'f2']]);
    expect([2, 4].map((id) => repo.find(id)?.comparedWith)).toEqual([1, 3]);
  });

  it('asks its owner to write once MAX_PENDING exchanges wait, and writes by itself only far beyond', () => {
    const { repo, announced } = announcing();
    const limits = repo.constructor as typeof ExchangeRepository;
    const full: boolean[] = [];
    for (let i = 0; i < limits.MAX_PENDING; i++) full.push(repo.capture(captured(`q${i}`)));
    expect(full.indexOf(true)).toBe(limits.MAX_PENDING - 1);
    expect(announced).toEqual([]);
    for (let i = limits.MAX_PENDING; i < limits.HARD_PENDING; i++) repo.capture(captured(`q${i}`));
    expect(announced.map((batch) => batch.length)).toEqual([limits.HARD_PENDING]);
    expect(repo.pendingCount).toBe(0);
  });
});
