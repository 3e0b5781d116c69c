import { isAscii, isUtf8 } from 'node:buffer';

/**
 * The text a word of a search is looked for in: everything a user reads of an exchange, bodies cast from
 * their bytes. A word matches an exchange when it occurs in this text, ASCII letters in either case (LIKE).
 */
export const SEARCHED_TEXT = `(method || ' ' || url || ' ' || status || ' ' || ifnull(tpp_id, '') || ' ' || ifnull(institution, '') || ' ' || request_headers || ' ' || ifnull(raw_headers, '') || ' ' || response_headers
  || ' ' || ifnull(CAST(request_body AS TEXT), '') || ' ' || ifnull(CAST(response_body AS TEXT), '') || ' ' || ifnull(signature, ''))`;

/** The columns of SEARCHED_TEXT as the log stores them. */
export interface SearchedColumns {
  method: string;
  url: string;
  status: number;
  tpp_id: string | null;
  institution: string | null;
  request_headers: string;
  raw_headers: string | null;
  response_headers: string;
  request_body: Buffer | null;
  response_body: Buffer | null;
  signature: string | null;
}

/**
 * What the text is cut at: whitespace, which a word of a search never holds (the query is split at it), and
 * the slashes and quotes that join an exchange's own identifiers to text every exchange has (its URLs, JSON's
 * escapes). A word without these lies inside one piece; a word with them is looked for by its parts, and the
 * exchanges holding every part are then read for the word itself.
 */
export const PIECE_BREAK = /[\s"/\\]+/;
/** One character PIECE_BREAK cuts at. */
export const PIECE_BREAK_CHAR = /[\s"/\\]/;
/** Shorter pieces are not kept, and shorter words are looked for by reading: nearly every exchange holds them. */
export const MIN_PART = 3;

/** LIKE's case rule: ASCII letters only (SQLite's lower() without ICU, as built here); toLowerCase() is that for ASCII text. */
export const asciiLower = (text: string): string => (NON_ASCII.test(text) ? text.replace(/[A-Z]+/g, (run) => run.toLowerCase()) : text.toLowerCase());
const NON_ASCII = /[^\0-\x7f]/;

/** A body as SEARCHED_TEXT reads it; null when JavaScript's text would differ from SQLite's (not UTF-8, or a NUL where LIKE stops). */
export function bodyText(body: Buffer | null): string | null {
  if (body === null) return '';
  if (body.includes(0)) return null;
  // Nearly every body is ASCII: read as latin1, the same text without UTF-8's decoding.
  if (isAscii(body)) return body.toString('latin1');
  return isUtf8(body) ? body.toString('utf8') : null;
}

/** The bytes a held exchange keeps alive (its strings and bodies), for the index's bound on what it holds. */
export const heldBytes = (c: SearchedColumns): number =>
  c.url.length +
  c.request_headers.length +
  (c.raw_headers?.length ?? 0) +
  c.response_headers.length +
  (c.request_body?.length ?? 0) +
  (c.response_body?.length ?? 0) +
  (c.signature?.length ?? 0);
