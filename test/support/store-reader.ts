import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { TestBank } from './simulator';

/**
 * A second, read-only connection to a started bank's database, as another process would open it:
 * it sees only what has been committed.
 */
export function storeReader(bank: TestBank): Database.Database {
  return new Database(join(bank.dataDir, 'workbench.sqlite'), { readonly: true });
}
