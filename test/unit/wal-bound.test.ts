// The WAL is bounded (store/checkpointer.ts): past its size limit the checkpointer's worker rewinds and
// truncates it, which SQLite's restarts alone never do (they reuse the file at its largest size).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startCheckpointer } from '../../main/store/checkpointer';
import { DATABASE_FILE, openDatabase } from '../../main/store/database';

const LIMIT = 512 * 1024;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function walSize(dir: string): number {
  try {
    return statSync(join(dir, `${DATABASE_FILE}-wal`)).size;
  } catch {
    return 0;
  }
}

it('truncates a WAL that grew past its limit, once the writes let it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wb-wal-bound-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  const checkpointer = startCheckpointer(db, undefined, LIMIT);
  try {
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, bytes BLOB)');
    const insert = db.prepare('INSERT INTO filler (bytes) VALUES (?)');
    const row = Buffer.alloc(3000, 7);
    let largest = 0;
    // Writes that never pause, one transaction each, as the request path makes them.
    for (let i = 0; i < 2000; i++) {
      insert.run(row);
      if (i % 50 === 0) largest = Math.max(largest, walSize(dir));
    }
    largest = Math.max(largest, walSize(dir));
    expect(largest).toBeGreaterThan(LIMIT);
    const deadline = Date.now() + 15_000;
    while (walSize(dir) > LIMIT && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    expect(walSize(dir)).toBeLessThanOrEqual(LIMIT);
    expect(db.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 2000 });
  } finally {
    await checkpointer.stop();
    db.close();
  }
});
