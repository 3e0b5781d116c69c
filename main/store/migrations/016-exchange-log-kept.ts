/**
 * Version 16: how many exchanges the log keeps, kept beside what it discarded and updated with every batch and
 * prune. Counting the table walked every page of it (signed exchanges are some 12 KB each): 1.4 s at 100,000
 * on each opening of the Inspector. A counter, not an index: the log writes no index per ordinary request.
 */
export const sql = `
ALTER TABLE exchange_log_counts ADD COLUMN kept INTEGER NOT NULL DEFAULT 0;
UPDATE exchange_log_counts SET kept = (SELECT count(*) FROM exchanges);
`;
