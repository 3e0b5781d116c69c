import Database from 'better-sqlite3';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export class DataFolderError extends Error {}

export const DATABASE_FILE = 'workbench.sqlite';

/** Makes sure the data folder exists and is writable, with an error a person can act on. */
export function ensureDataFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new DataFolderError(`cannot write the data folder ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); choose another with --data DIR`);
  }
}

/** `nativeBinding`: better-sqlite3 built for the running runtime when it is not npm's Node (Electron). */
export function openDatabase(dataDir: string, nativeBinding?: string): Db {
  ensureDataFolder(dataDir);
  const db = new Database(join(dataDir, DATABASE_FILE), nativeBinding ? { nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new DataFolderError(`the database was written by a newer PSD2 Workbench (schema ${current}, this one knows ${MIGRATIONS.length}); use another --data folder`);
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    const step = MIGRATIONS[version - 1] as string;
    db.transaction(() => {
      db.exec(step);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
