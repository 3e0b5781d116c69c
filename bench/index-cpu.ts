/**
 * The search index's CPU per exchange, in one process, over exchanges the simulator really logged.
 *   tsx bench/index-cpu.ts make DIR     a simulator on DIR answers signed payments, payment and consent status reads
 *   tsx bench/index-cpu.ts index DIR    a copy of DIR's log, its index emptied, indexed to the end: CPU µs per exchange
 * `node --cpu-prof --import tsx bench/index-cpu.ts index DIR` profiles it. Not part of `npm run bench`.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, DATABASE_FILE } from '../main/store/database';
import { ExchangeRepository } from '../main/store/repositories/exchanges';
import { Fixtures } from './fixtures';
import { removeLoadSpecs, runLoad, startServe } from './processes';

const [mode, dir = ''] = process.argv.slice(2);

async function make(): Promise<void> {
  const sim = await startServe(dir, ['--log-limit', '100000']);
  try {
    const f = new Fixtures(sim.url, dir);
    const load = { url: sim.url, dataDir: dir, connections: 10 };
    await runLoad({ ...load, amount: 4000, scenario: await f.paymentCreate(1000) });
    await runLoad({ ...load, amount: 6000, scenario: await f.paymentStatus(50) });
    await runLoad({ ...load, amount: 6000, scenario: await f.consentStatus(200) });
  } finally {
    await sim.stop();
    removeLoadSpecs();
  }
}

function index(): void {
  const copy = mkdtempSync(join(tmpdir(), 'index-cpu-'));
  copyFileSync(join(dir, DATABASE_FILE), join(copy, DATABASE_FILE));
  const raw = new Database(join(copy, DATABASE_FILE));
  raw.exec(`DELETE FROM exchange_search_text; DELETE FROM exchange_search_removed;
    INSERT INTO exchange_search_pieces (exchange_search_pieces) VALUES ('delete-all');
    DELETE FROM exchange_search_common; UPDATE exchange_search_state SET indexed_through = 0; VACUUM;`);
  const kinds = raw
    .prepare<[], { kind: string; n: number; bytes: number }>(
      `SELECT method || ' ' || status AS kind, count(*) AS n, avg(length(request_headers) + length(ifnull(raw_headers, '')) + length(response_headers)
        + ifnull(length(request_body), 0) + ifnull(length(response_body), 0) + ifnull(length(signature), 0)) AS bytes FROM exchanges GROUP BY kind`,
    )
    .all();
  raw.close();
  const db = openDatabase(copy);
  db.pragma('wal_autocheckpoint = 0');
  const repo = new ExchangeRepository(db, 64 * 1024);
  const total = kinds.reduce((n, k) => n + k.n, 0);
  const kindOf = db.prepare<[number], string>("SELECT method || ' ' || status FROM exchanges WHERE id > ? ORDER BY id LIMIT 1").pluck();
  const through = db.prepare<[], number>('SELECT indexed_through FROM exchange_search_state').pluck();
  const byKind = new Map<string, { n: number; cpu: number }>();
  const started = performance.now();
  let cpu = 0;
  for (;;) {
    const from = through.get() ?? 0;
    const kind = kindOf.get(from) ?? '';
    const t0 = process.cpuUsage();
    const more = repo.indexNext({ rows: 100, ms: Infinity });
    const t = process.cpuUsage(t0);
    const k = byKind.get(kind) ?? { n: 0, cpu: 0 };
    k.n += (through.get() ?? 0) - from;
    k.cpu += t.user + t.system;
    cpu += t.user + t.system;
    byKind.set(kind, k);
    if (!more) break;
  }
  // Read back from the table (as after a restart); under load the log hands its batches over instead (HELD_BYTES).
  for (const [kind, k] of byKind) console.log(`${kind}: ${(k.cpu / k.n).toFixed(1)} CPU µs per exchange over ${k.n}`);
  const keep = Math.floor(total / 2);
  repo.prune({ all: keep, failures: 0, signatureFailures: 0 });
  const r0 = process.cpuUsage();
  while (repo.indexNext({ rows: Infinity, ms: 50 }));
  const r = process.cpuUsage(r0);
  console.log(`took ${total - keep} pruned exchanges out of the index: ${((r.user + r.system) / (total - keep)).toFixed(1)} CPU µs each`);
  console.log(kinds.map((k) => `${k.kind}: ${k.n} exchanges, ${Math.round(k.bytes)} bytes of text`).join('\n'));
  console.log(`indexed ${total} exchanges in ${(performance.now() - started).toFixed(0)} ms: ${(cpu / total).toFixed(1)} CPU µs per exchange`);
  db.close();
  rmSync(copy, { recursive: true, force: true });
}

if (mode === 'make') await make();
else if (mode === 'index') index();
else throw new Error('usage: tsx bench/index-cpu.ts make|index DIR');
