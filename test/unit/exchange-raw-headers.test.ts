// The exchange repository keeps a request's header lines as received (migration 014) and reads them, for
// rows logged before the column existed, from the header object.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../main/store/database';
import { ExchangeRepository, type RawHeader } from '../../main/store/repositories/exchanges';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(): { db: Db; repo: ExchangeRepository } {
  const dir = mkdtempSync(join(tmpdir(), 'wb-raw-headers-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  dbs.push(db);
  return { db, repo: new ExchangeRepository(db, 64 * 1024) };
}

function log(repo: ExchangeRepository, headers: Record<string, string | string[]>, rawHeaders?: RawHeader[]): number {
  const now = new Date('2026-11-20T10:00:00Z');
  return repo.insert({
    timing: { startedAt: now, simulatedAt: now, durationMs: 1 },
    parties: { institution: 'frankfurt', tppId: null, resourceId: null },
    request: { method: 'GET', url: '/frankfurt/berlingroup/v1/accounts', headers, ...(rawHeaders ? { rawHeaders } : {}), body: null },
    response: { status: 400, headers: {}, body: null },
    signature: null,
  }).id;
}

describe('the request header lines in the log', () => {
  it('are stored and read back in order, names as sent, repeats kept', () => {
    const { repo } = open();
    const lines: RawHeader[] = [
      ['X-Request-ID', 'a'],
      ['Accept', 'application/json'],
      ['x-request-id', 'b'],
    ];
    const id = log(repo, { 'x-request-id': 'a, b', accept: 'application/json' }, lines);
    expect(repo.find(id)?.request.rawHeaders).toEqual(lines);
    expect(repo.list(1)[0]?.request.rawHeaders).toEqual(lines);
  });

  it('of a row logged before they were kept come from the header object, one line per value', () => {
    const { db, repo } = open();
    const id = log(repo, { 'x-request-id': 'a', 'x-multi': ['one', 'two'] });
    repo.flush();
    db.prepare('UPDATE exchanges SET raw_headers = NULL WHERE id = ?').run(id);
    expect(repo.find(id)?.request.rawHeaders).toEqual([
      ['x-request-id', 'a'],
      ['x-multi', 'one'],
      ['x-multi', 'two'],
    ]);
  });
});
