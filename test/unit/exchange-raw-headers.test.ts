// The exchange repository keeps a request's header lines as received (migration 014) and reads them, for
// rows logged before the column existed, from the header object. The object Node merged from the lines is
// kept only where the lines do not give it again (headersOfLines), as Node itself merges them.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { headersOfLines } from '../../main/domain/headers/header-lines';
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

/** Lines with every kind of repetition Node treats apart: joined, joined by "; ", first kept, listed. */
const LINES: [string, string][] = [
  ['Host', 'bank.example'],
  ['X-Request-ID', '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'],
  ['Accept', 'application/json'],
  ['accept', 'text/xml'],
  ['Cookie', 'a=1'],
  ['Content-Type', 'application/xml'],
  ['COOKIE', 'b=2'],
  ['content-type', 'text/plain'],
  ['Set-Cookie', 's=1'],
  ['X-Custom', 'one'],
  ['Set-Cookie', 's=2'],
  ['x-custom', 'two'],
  ['User-Agent', 'first'],
  ['User-Agent', 'second'],
  ['PSU-ID', 'FRA-CREATOR-WORD'],
];

/** What Node's own HTTP server makes of these lines. */
async function nodeMerged(lines: readonly [string, string][]): Promise<{ headers: Record<string, string | string[]>; raw: RawHeader[] }> {
  let seen: { headers: Record<string, string | string[]>; raw: RawHeader[] } | undefined;
  const server = createServer((req, res) => {
    const raw: RawHeader[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) raw.push([req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? '']);
    seen = { headers: req.headers as Record<string, string | string[]>, raw };
    res.end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: '/', headers: lines.map(([n, v]) => [n, v]).flat(), agent: false }, (res) => {
      res.resume();
      res.on('end', done);
    });
    req.on('error', fail);
    req.end();
  });
  await new Promise<void>((done) => server.close(() => done()));
  if (seen === undefined) throw new Error('the server saw no request');
  return seen;
}

describe('request headers kept once', () => {
  it('merges lines as Node does, names and their order included', async () => {
    const { headers, raw } = await nodeMerged(LINES);
    expect(raw.slice(0, LINES.length)).toEqual(LINES);
    expect(JSON.stringify(headersOfLines(raw))).toBe(JSON.stringify(headers));
  });

  it('stores only the lines when they give the object again, and answers the object as it was', async () => {
    const { headers, raw } = await nodeMerged(LINES);
    const { db, repo } = open();
    const id = log(repo, headers, raw);
    const [record] = repo.list(1);
    expect(JSON.stringify(record?.request.headers)).toBe(JSON.stringify(headers));
    expect(record?.request.rawHeaders).toEqual(raw);
    expect(db.prepare('SELECT request_headers FROM exchanges WHERE id = ?').get(id)).toEqual({ request_headers: '' });
  });

  it('stores an object its lines do not give again as it is', () => {
    const { db, repo } = open();
    const headers = { 'X-Not-Lower': 'a', accept: ['x', 'y'] };
    const id = log(repo, headers);
    expect(JSON.stringify(repo.list(1)[0]?.request.headers)).toBe(JSON.stringify(headers));
    expect(db.prepare('SELECT request_headers FROM exchanges WHERE id = ?').get(id)).toEqual({ request_headers: JSON.stringify(headers) });
  });

  it('finds a word that only a header of a request kept once holds', async () => {
    const { headers, raw } = await nodeMerged(LINES);
    const { repo } = open();
    const id = log(repo, headers, raw);
    log(repo, { host: 'bank.example' }, [['Host', 'bank.example']]);
    const found = repo.search({ words: ['creator-word'], statuses: [], verdicts: [], limit: 10 });
    expect(found.records.map((r) => r.id)).toEqual([id]);
  });
});
