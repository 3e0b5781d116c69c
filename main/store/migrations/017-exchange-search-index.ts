/**
 * Version 17: an index for the traffic log's search (store/exchange-search-index.ts). Each exchange's text is
 * cut into pieces at whitespace, quotes and slashes; a piece that recurs across exchanges (a certificate, a
 * header value, a line of a template, a check of the diagnosis) is kept once in `exchange_search_common` and
 * the exchange names it as a token in `exchange_search_pieces`; the rest of its text (some 400 characters of
 * its 9 KB) is kept in `exchange_search_text`, small enough to read whole. Exchanges logged before this
 * version are indexed after start, newest first, a chunk at a time; those below `search_unindexed_below`
 * are searched by reading them, as before.
 */
export const sql = `
CREATE TABLE exchange_search_text (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE VIRTUAL TABLE exchange_search_pieces USING fts5(pieces, tokenize = 'unicode61', content = '', contentless_delete = 1, detail = none);
CREATE TABLE exchange_search_common (id INTEGER PRIMARY KEY, piece TEXT NOT NULL UNIQUE);
ALTER TABLE exchange_log_counts ADD COLUMN search_unindexed_below INTEGER NOT NULL DEFAULT 0;
UPDATE exchange_log_counts SET search_unindexed_below = (SELECT ifnull(max(id), 0) + 1 FROM exchanges);
`;
