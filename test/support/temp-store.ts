import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import Database from 'better-sqlite3';
import { DATABASE_FILE, openDatabase, type Db } from '../../main/store/database';
import { MIGRATIONS } from '../../main/store/migrations';
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

/** The database of `dir` as a release at schema `version` left it (its first migrations only), for a test to fill and close. */
export function databaseAtVersion(dir: string, version: number): Database.Database {
  const db = new Database(join(dir, DATABASE_FILE));
  for (const [i, step] of MIGRATIONS.slice(0, version).entries()) {
    db.exec(step);
    db.pragma(`user_version = ${i + 1}`);
  }
  return db;
}
