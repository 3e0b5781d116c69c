/**
 * Version 23: an exchange the search index names by its shape carries the token `shaped` too, so that a word
 * most shapes hold is looked up as "shaped but not the other shapes" (store/exchange-search-tokens.ts). An
 * index written before has shaped exchanges without it: emptied here (its common entries with it), the index
 * is written again behind the log from the oldest exchange, and searches read what it has not reached meanwhile.
 */
export const sql = `
DELETE FROM exchange_search_text;
DELETE FROM exchange_search_removed;
DELETE FROM exchange_search_common;
INSERT INTO exchange_search_pieces (exchange_search_pieces) VALUES ('delete-all');
UPDATE exchange_search_state SET indexed_through = 0;
`;
