import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export class DataFolderError extends Error {}

export const DATABASE_FILE = 'workbench.sqlite';

/** Makes sure the data folder exists and is writable, with an error a person can act on. */
export function ensureDataFolder(dir: string): void {
  try {
    makeFolders(dir);
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new DataFolderError(
      `cannot write the data folder ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); choose another with --data DIR`,
    );
  }
}

/**
 * mkdirSync with `recursive` never returns for a path under /proc (Node retries ENOENT there forever),
 * so each missing level is made on its own, and the first that cannot be made says why.
 */
function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) mkdirSync(folder);
}

/**
 * How long a write waits for the other connection (the checkpointer's rewind, or a tool opened on the file)
 * before it fails with a 500. A rewind holds the write lock while it copies the last frames and syncs the
 * file; on a machine busy with other writers that sync took over five seconds (SQLite's usual wait) once
 * in some 3,000 signed payments of the bench. The request waits instead: it is rare, and a bank answering
 * late is better than one answering 500.
 */
export const BUSY_WAIT_MS = 20_000;

/** SQLite's answers for a file that is not, or no longer, a sound database. */
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/** `nativeBinding`: better-sqlite3 built for the running runtime when it is not npm's Node (Electron). */
export function openDatabase(dataDir: string, nativeBinding?: string, busyWaitMs = BUSY_WAIT_MS): Db {
  ensureDataFolder(dataDir);
  const file = join(dataDir, DATABASE_FILE);
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${busyWaitMs}`);
    migrate(db);
  } catch (err) {
    db.close();
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && DAMAGED.has(code)) {
      throw new DataFolderError(
        `the database ${file} is damaged (${(err as Error).message}); move it aside to start this folder afresh, or use --data for another folder`,
      );
    }
    throw err;
  }
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new DataFolderError(
      `the database was written by a newer PSD2 Workbench (schema ${current}, this one knows ${MIGRATIONS.length}); use another --data folder`,
    );
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    const step = MIGRATIONS[version - 1] as string;
    db.transaction(() => {
      db.exec(step);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
