/**
 * Version 24: an exchange the search index names by its shape keeps the shape's id in its row of
 * `exchange_search_text`, and no tokens in FTS5. A word's shaped exchanges are then one pass over that table
 * (beside its own text) where they were an OR of every shape holding the word: after a long session of polls
 * some thousands of shapes, 437 ms a search. The index written before has no shape ids: emptied here with its
 * common entries, it is written again behind the log from the oldest exchange, and searches read what it has
 * not reached meanwhile (as version 23).
 */
export const sql = `
ALTER TABLE exchange_search_text ADD COLUMN shape INTEGER;
DELETE FROM exchange_search_text;
DELETE FROM exchange_search_removed;
DELETE FROM exchange_search_common;
INSERT INTO exchange_search_pieces (exchange_search_pieces) VALUES ('delete-all');
UPDATE exchange_search_state SET indexed_through = 0;
`;
