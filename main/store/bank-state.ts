import type { Db } from './database';

/**
 * What a reset keeps: the simulator's settings, the TPPs registered with it, the traffic log (and what it
 * counts as discarded) and the flow runs (the user's work).
 * Every other table is bank state, found from the schema itself, so a table a later migration adds
 * is cleared without anyone remembering to list it.
 */
const KEPT_ON_RESET: readonly string[] = ['settings', 'tpp_clients', 'exchanges', 'exchange_log_counts', 'flow_runs'];

function bankStateTables(db: Db): string[] {
  return db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all()
    .filter((name) => !KEPT_ON_RESET.includes(name));
}

/** Empties every bank-state table; call inside the reset's transaction. */
export function clearBankState(db: Db): void {
  // Foreign keys are checked at commit, when every table is empty, whatever order they are cleared in.
  db.pragma('defer_foreign_keys = ON');
  for (const table of bankStateTables(db)) db.exec(`DELETE FROM "${table}"`);
}
