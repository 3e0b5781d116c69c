// The log's batch is written many rows to an INSERT (store/repositories/exchanges.ts, ROWS_PER_INSERT): every
// exchange of a batch of any length must come back as it was queued, each value in its own row and column.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../main/store/database';
import { ExchangeRepository, type ExchangeRecord, type NewExchange } from '../../main/store/repositories/exchanges';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(): ExchangeRepository {
  const dir = mkdtempSync(join(tmpdir(), 'wb-exchange-batch-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  dbs.push(db);
  return new ExchangeRepository(db, 64 * 1024);
}

/** The n-th exchange: every column its own value, a failure now and then, bodies and headers that differ. */
function exchange(n: number): NewExchange {
  const at = new Date(Date.UTC(2026, 10, 20, 10, 0, n));
  return {
    timing: { startedAt: at, simulatedAt: new Date(at.getTime() + 3_600_000 + n), durationMs: n / 7 },
    parties: { institution: n % 3 === 0 ? null : 'frankfurt', tppId: n % 2 === 0 ? `PSDDE-BAFIN-${n}` : null, resourceId: n % 4 === 0 ? null : `res-${n}` },
    request: {
      method: n % 5 === 0 ? 'POST' : 'GET',
      url: `/frankfurt/berlingroup/v1/payments/sepa/${n}/status`,
      headers: { 'x-request-id': `id-${n}`, accept: 'application/xml' },
      rawHeaders: [
        ['X-Request-ID', `id-${n}`],
        ['Accept', 'application/xml'],
      ],
      body: n % 5 === 0 ? Buffer.from(`<Document n="${n}"/>`) : null,
    },
    response: {
      status: n % 6 === 0 ? 401 : 200,
      headers: { 'x-request-id': `id-${n}`, 'content-length': String(n) },
      body: n % 7 === 0 ? null : Buffer.from(`answer ${n} ${'é'.repeat(n)}`),
    },
    signature: null,
  };
}

/** A record as read back, with the buffers as text so that a difference shows. */
const shown = (r: ExchangeRecord | undefined): unknown =>
  r && {
    ...r,
    request: { ...r.request, body: r.request.body?.toString('utf8') ?? null },
    response: { ...r.response, body: r.response.body?.toString('utf8') ?? null },
  };

describe('the batched write of the log', () => {
  for (const count of [1, 19, 20, 21, 47, 500]) {
    it(`writes a batch of ${count} exchanges each to its own row, every value as queued`, () => {
      const repo = open();
      const queued = Array.from({ length: count }, (_, i) => repo.insert(exchange(i + 1)));
      repo.flush();
      for (const record of queued) expect(shown(repo.find(record.id)), `exchange ${record.id}`).toEqual(shown(record));
      expect(repo.list(10_000).map((r) => r.id)).toEqual(queued.map((r) => r.id).reverse());
      expect(repo.search({ words: [], statuses: [[400, 499]], verdicts: [], limit: 10_000 }).total).toBe(
        queued.filter((r) => r.response.status === 401).length,
      );
    });
  }
});
