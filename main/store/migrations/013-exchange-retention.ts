/**
 * Version 13: what the log's pruning keeps beyond its newest exchanges (services/logs/exchange-log.ts): failures
 * (a 4xx or 5xx answer, or a signature the bank found not valid) in a budget of their own, and pinned ones
 * always; and how many exchanges it has discarded. Each partial index holds only its own rows, appended in id order, so an ordinary request writes
 * neither (the log's per-request cost stays where migration 11 put it).
 */
export const sql = `
ALTER TABLE exchanges ADD COLUMN failure INTEGER NOT NULL DEFAULT 0;
ALTER TABLE exchanges ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
UPDATE exchanges SET failure = 1 WHERE status >= 400 OR (signature IS NOT NULL AND json_extract(signature, '$.verdict.valid') = 0);
CREATE INDEX exchanges_failures ON exchanges (id) WHERE failure = 1;
CREATE INDEX exchanges_pinned ON exchanges (id) WHERE pinned = 1;
CREATE TABLE exchange_log_counts (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  discarded INTEGER NOT NULL,
  discarded_failures INTEGER NOT NULL
);
INSERT INTO exchange_log_counts (id, discarded, discarded_failures) VALUES (1, 0, 0);
`;
