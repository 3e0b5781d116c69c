import Database from 'better-sqlite3';
import { join } from 'node:path';
import { SEARCHED_TEXT } from '../../main/store/exchange-search-text';
import type { TestBank } from './simulator';

/**
 * A second, read-only connection to a started bank's database, as another process would open it:
 * it sees only what has been committed.
 */
export function storeReader(bank: TestBank): Database.Database {
  return new Database(join(bank.dataDir, 'workbench.sqlite'), { readonly: true });
}

/** The ids reading every exchange finds for these words, newest first: the search as it was before the index. */
export function readingFinds(bank: TestBank, words: readonly string[]): number[] {
  const db = storeReader(bank);
  try {
    const where = words.map(() => `${SEARCHED_TEXT} LIKE ? ESCAPE '\\'`).join(' AND ');
    const like = words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return db
      .prepare(`SELECT id FROM exchanges WHERE ${where} ORDER BY id DESC`)
      .pluck()
      .all(...like) as number[];
  } finally {
    db.close();
  }
}
