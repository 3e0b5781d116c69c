/**
 * Version 22: what a trainer prepares ahead of a lesson (docs/teaching.md, "Lessons prepared ahead"): payees
 * added to an institution's VoP registry, customers added to the dataset, and lessons saved with their chosen
 * options under a name. Each entry is JSON as the services write it, in the order it was added. The user's
 * work, like the flow runs: a reset keeps them (bank-state.ts KEPT_ON_RESET).
 */
export const sql = `
CREATE TABLE prepared_payees (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  institution TEXT NOT NULL,
  iban TEXT NOT NULL,
  record TEXT NOT NULL,
  UNIQUE (institution, iban)
);
CREATE TABLE prepared_psus (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  psu_id TEXT NOT NULL UNIQUE,
  record TEXT NOT NULL
);
CREATE TABLE saved_lessons (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  record TEXT NOT NULL
);
`;
