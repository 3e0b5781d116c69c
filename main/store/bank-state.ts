import type { Db } from './database';

/**
 * What a reset keeps: the simulator's settings, the TPPs registered with it, the traffic log (and what it
 * counts as discarded), the flow runs and what a trainer prepared for lessons (the user's work).
 * Every other table is bank state, found from the schema itself, so a table a later migration adds
 * is cleared without anyone remembering to list it.
 */
const KEPT_ON_RESET: readonly string[] = [
  'settings',
  'tpp_clients',
  'exchanges',
  'exchange_log_counts',
  'exchange_search_text',
  'exchange_search_pieces',
  'exchange_search_common',
  'exchange_search_state',
  'exchange_search_removed',
  'flow_runs',
  'prepared_payees',
  'prepared_psus',
  'saved_lessons',
];

function bankStateTables(db: Db): string[] {
  const tables = db
    .prepare<[], { name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all();
  // A virtual table keeps its data in shadow tables of its name (FTS5's _data, _idx, …): written only through it.
  const virtual = tables.filter((t) => t.sql?.startsWith('CREATE VIRTUAL TABLE')).map((t) => `${t.name}_`);
  return tables.map((t) => t.name).filter((name) => !KEPT_ON_RESET.includes(name) && !virtual.some((prefix) => name.startsWith(prefix)));
}

/** Empties every bank-state table; call inside the reset's transaction. */
export function clearBankState(db: Db): void {
  // Foreign keys are checked at commit, when every table is empty, whatever order they are cleared in.
  db.pragma('defer_foreign_keys = ON');
  for (const table of bankStateTables(db)) db.exec(`DELETE FROM "${table}"`);
}
