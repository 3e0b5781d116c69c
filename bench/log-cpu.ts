/**
 * The exchange log's cost per status read, in one process: what the HTTP layer's onResponse hands the log
 * (record) and the batched write behind it (flush), for the 1.4 KB pain.002 and the small consent JSON.
 * `tsx bench/log-cpu.ts [N]`: CPU µs per exchange (process.cpuUsage over N exchanges, batches of 500 as under load;
 * also pruned every 100 exchanges, more often than the log does, to show a prune's cost). Not part of `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../main/store/database';
import { ExchangeRepository, type NewExchange } from '../main/store/repositories/exchanges';

const N = Number(process.argv[2] ?? 60_000);
const dir = mkdtempSync(join(tmpdir(), 'log-cpu-'));
const db = openDatabase(dir);
// As in the simulator: checkpoints run on a worker thread's own connection (store/checkpointer.ts), not here.
db.pragma('wal_autocheckpoint = 0');
const repo = new ExchangeRepository(db, 64 * 1024);

const rawHeaders = [
  ['host', '127.0.0.1:40000'],
  ['authorization', 'Bearer psu.9d3f0c2a6b1e4f7a8c5d2e0b3a6f9c1d4e7b0a3c6f9d2e5b8a1c4f7d0e3b6a9c'],
  ['consent-id', '7c9e6679-7425-40de-944b-e07fc1f90ae7'],
  ['x-request-id', 'a3b1f5c2-1d4e-4f6a-8b9c-0d1e2f3a4b5c'],
  ['accept', 'application/xml'],
] as [string, string][];
const headers = Object.fromEntries(rawHeaders.map(([n, v]) => [n.toLowerCase(), v]));
const pain002 = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Document>${'<TxInfAndSts>x</TxInfAndSts>'.repeat(48)}</Document>`);
const consentJson = Buffer.from('{"consentStatus":"valid","scaStatus":"finalised"}');

function exchange(body: Buffer): NewExchange {
  return {
    timing: { startedAt: new Date(), simulatedAt: new Date(), durationMs: 0.4 },
    parties: { institution: 'mnbank', tppId: 'PSDDE-BAFIN-123456', resourceId: 'b2c4d6e8-1a3c-4e5f-8a9b-0c1d2e3f4a5b' },
    request: {
      method: 'GET',
      url: '/mnbank/berlingroup/v1/payments/sepa-credit-transfers/b2c4d6e8-1a3c-4e5f-8a9b-0c1d2e3f4a5b/status',
      headers,
      rawHeaders: rawHeaders.map(([n, v]) => [n, v]),
      body: null,
    },
    response: {
      status: 200,
      headers: {
        'x-request-id': 'a3b1f5c2-1d4e-4f6a-8b9c-0d1e2f3a4b5c',
        'content-type': 'application/xml; charset=utf-8',
        'content-length': String(body.length),
      },
      body,
    },
    signature: null,
  };
}

/** With `keep`, pruned as the log does (every 100 exchanges) to the newest `keep`. */
function measure(label: string, body: Buffer, keep?: number): void {
  const log = (): void => {
    repo.insert(exchange(body));
    if (keep !== undefined && repo.pendingCount % 100 === 0) repo.prune({ all: keep, failures: 10_000, signatureFailures: 10_000 });
  };
  for (let i = 0; i < 5_000; i++) log();
  repo.flush();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) log();
  repo.flush();
  const t = process.cpuUsage(t0);
  db.pragma('wal_checkpoint(TRUNCATE)');
  console.log(
    `${label}${keep === undefined ? '' : `, pruned to ${keep}`}: ${((t.user + t.system) / N).toFixed(2)} CPU µs per exchange (insert + batched write, ${N} exchanges)`,
  );
}

for (let round = 0; round < 2; round++) {
  measure('pain.002 1.4 KB', pain002);
  measure('consent JSON', consentJson);
  measure('pain.002 1.4 KB', pain002, 20_000);
}
db.close();
rmSync(dir, { recursive: true, force: true });
