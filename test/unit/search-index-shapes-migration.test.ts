// A data folder whose search index was written before shaped exchanges carried the `shaped` token (migration 23),
// or before they kept their shape's id in its own column (migration 24): each empties the index and its common
// entries and sets its mark back to the start, so the index is written again behind the log (a search reads the
// exchanges it has not reached) instead of answering from rows without it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../main/store/database';
import { MIGRATIONS } from '../../main/store/migrations';
import { databaseAtVersion } from '../support/temp-store';

let dir = '';
let db: Db | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wb-shapes-migration-'));
});
afterEach(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (table: string): number => db?.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? -1;

/** An index at `version` with exchanges, tokens, common entries and a removal note, migrated to the newest version. */
function migratedFrom(version: number, pieces: string): Db {
  const at = databaseAtVersion(dir, version);
  db = at;
  at.exec(`INSERT INTO exchange_search_text (id, text) VALUES (1, 'own text'), (2, 'more');
    INSERT INTO exchange_search_pieces (rowid, pieces) VALUES (1, '${pieces}'), (2, 'p3');
    INSERT INTO exchange_search_common (id, piece) VALUES (1, 'consents'), (2, 'frankfurt'), (9, '"S1 2');
    INSERT INTO exchange_search_removed (id) VALUES (1);
    UPDATE exchange_search_state SET indexed_through = 2;`);
  migrate(at);
  return at;
}

/** Nothing of the old index is left, and its mark is back at the first exchange. */
function expectWrittenAgain(at: Db, query: string): void {
  expect(at.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  expect(count('exchange_search_text')).toBe(0);
  expect(count('exchange_search_common')).toBe(0);
  expect(count('exchange_search_removed')).toBe(0);
  expect(at.prepare('SELECT rowid FROM exchange_search_pieces WHERE exchange_search_pieces MATCH ?').all(query)).toEqual([]);
  expect(at.prepare('SELECT indexed_through FROM exchange_search_state').pluck().get()).toBe(0);
}

describe('migration 23: the search index written again', () => {
  it('empties the old index, its common entries and its removal notes, and starts its mark at the first exchange', () => {
    expectWrittenAgain(migratedFrom(22, 'p1 p2'), 'p1 OR p3');
  });
});

describe('migration 24: shaped exchanges keep their shape in a column, the index written again', () => {
  it('adds the column, empties the index, its common entries and removal notes, and starts its mark at the first exchange', () => {
    const at = migratedFrom(23, 'shaped p9');
    expectWrittenAgain(at, 'shaped OR p3');
    at.exec("INSERT INTO exchange_search_text (id, text, shape) VALUES (3, 'own', 9)");
    expect(at.prepare('SELECT id FROM exchange_search_text WHERE shape = 9').pluck().all()).toEqual([3]);
  });
});
