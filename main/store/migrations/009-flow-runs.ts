/**
 * Version 9: the Flows screen's runs, kept as they stood after each step and phase change (the run
 * as JSON, and the few fields the runs list shows beside it). The user's work, like the traffic
 * log: a reset keeps them.
 */
export const sql = `
CREATE TABLE flow_runs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id TEXT NOT NULL UNIQUE,
  summary TEXT NOT NULL,
  record TEXT NOT NULL
);
`;
