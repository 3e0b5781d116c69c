/**
 * Version 18: an index for the traffic log's search (store/exchange-search-index.ts). Each exchange's text is
 * cut into pieces at whitespace, quotes and slashes; a piece that recurs across exchanges (a certificate, a
 * header value, a line of a template, a check of the diagnosis) is kept once in `exchange_search_common` and
 * the exchange names it as a token in `exchange_search_pieces`; the rest of its text (some 400 characters of
 * its 9 KB) is kept in `exchange_search_text`, small enough to read whole. The index is written behind the log,
 * oldest first: exchanges above `exchange_search_state.indexed_through` are not in it yet (all of them, after
 * this version on an existing log) and searches read them. A prune notes the indexed exchanges it deleted in
 * `exchange_search_removed`, taken out of the index behind the log too.
 */
export const sql = `
CREATE TABLE exchange_search_text (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE VIRTUAL TABLE exchange_search_pieces USING fts5(pieces, tokenize = 'unicode61', content = '', contentless_delete = 1, detail = none);
CREATE TABLE exchange_search_common (id INTEGER PRIMARY KEY, piece TEXT NOT NULL UNIQUE);
CREATE TABLE exchange_search_state (id INTEGER PRIMARY KEY CHECK (id = 1), indexed_through INTEGER NOT NULL);
INSERT INTO exchange_search_state (id, indexed_through) VALUES (1, 0);
CREATE TABLE exchange_search_removed (id INTEGER PRIMARY KEY);
`;
