import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type Db } from '../../main/store/database';
import { ExchangeRepository } from '../../main/store/repositories/exchanges';

/** Data folders and the exchange repositories a unit test opens over them: closed and removed after each test. */
export function tempExchangeStores(prefix: string): { folder(): string; repository(dir?: string): ExchangeRepository } {
  const dirs: string[] = [];
  const dbs: Db[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const folder = (): string => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  return {
    folder,
    repository(dir = folder()) {
      const db = openDatabase(dir);
      dbs.push(db);
      return new ExchangeRepository(db, 64 * 1024);
    },
  };
}
