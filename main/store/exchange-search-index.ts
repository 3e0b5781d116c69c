import { isUtf8 } from 'node:buffer';
import type { Db } from './database';

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
const PIECE_BREAK = /[\s"/\\]+/;
/** Shorter pieces are not kept, and shorter words are looked for by reading: nearly every exchange holds them. */
const MIN_PART = 3;
/** A piece seen in this many exchanges of late is kept once, in the common pieces. */
const COMMON_AFTER = 3;
/** Bounds on memory: the common pieces, and the pieces counted towards becoming common (then counted afresh). */
const MAX_COMMON = 20_000;
const MAX_COUNTED = 20_000;
/** FTS5's OR of common pieces, this many at a time. */
const TOKENS_PER_QUERY = 500;

/** LIKE's case rule: ASCII letters only (SQLite's lower() without ICU, as built here); toLowerCase() is that for ASCII text. */
export const asciiLower = (text: string): string => (NON_ASCII.test(text) ? text.replace(/[A-Z]+/g, (run) => run.toLowerCase()) : text.toLowerCase());
const NON_ASCII = /[^\0-\x7f]/;

const token = (id: number): string => `p${id.toString(36)}`;

/** The ids either ascending list holds, ascending, each once. */
function union(a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 0) return b as number[];
  if (b.length === 0) return a as number[];
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i] ?? Infinity;
    const y = b[j] ?? Infinity;
    merged.push(Math.min(x, y));
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return merged;
}

/** The ids every list holds, ascending (each list ascending; the shortest walked). */
export function intersection(lists: readonly number[][]): number[] {
  const [shortest = [], ...others] = [...lists].sort((a, b) => a.length - b.length);
  const sets = others.map((ids) => new Set(ids));
  return sets.length === 0 ? shortest : shortest.filter((id) => sets.every((s) => s.has(id)));
}

/** A body as SEARCHED_TEXT reads it; null when JavaScript's text would differ from SQLite's (not UTF-8, or a NUL where LIKE stops). */
function bodyText(body: Buffer | null): string | null {
  if (body === null) return '';
  return isUtf8(body) && !body.includes(0) ? body.toString('utf8') : null;
}

/**
 * The traffic log's search index (migration 17), kept in step by the log's own writes, prunes and clears, in
 * their transactions. A signed exchange's text is some 9 KB, of which all but about 400 characters recur in
 * other exchanges. Reading all of it took 1.5-2.8 s at 100,000 exchanges; a trigram index over it cost some
 * 2.4 ms and 24 KB per exchange, and one over the 400 characters alone still some 200 µs. Here each exchange's
 * pieces (cut at whitespace, quotes and slashes) that recur are named by a token (FTS5, one entry per piece)
 * and the rest is kept as text small enough to read whole (some 40 MB at 100,000). A word is then found
 * exactly: in that text (ASCII-lowercased on both sides, as LIKE compares) and through every common piece
 * that holds it. Exchanges whose text JavaScript cannot see as SQLite does (a body not UTF-8, or with a NUL)
 * keep their whole text, made by SQLite as LIKE reads it.
 */
export class ExchangeSearchIndex {
  /** Exchanges with lower ids are not in the index yet (logged before it existed): searches read them. */
  private unindexed: number;
  private readonly common = new Map<string, number>();
  private readonly counted = new Map<string, number>();
  private readonly addText;
  private readonly addPieces;
  private readonly addWhole;
  private readonly addCommon;
  private readonly removeText;
  private readonly removePieces;
  private readonly saveUnindexed;
  private readonly textMatch;
  private readonly piecesMatch;
  private readonly olderRows;

  constructor(private readonly db: Db) {
    this.unindexed = db.prepare<[], number>('SELECT search_unindexed_below FROM exchange_log_counts').pluck().get() ?? 0;
    for (const row of db.prepare<[], { id: number; piece: string }>('SELECT id, piece FROM exchange_search_common').all()) this.common.set(row.piece, row.id);
    this.addText = db.prepare<[number, string]>('INSERT INTO exchange_search_text (id, text) VALUES (?, ?)');
    this.addPieces = db.prepare<[number, string]>('INSERT INTO exchange_search_pieces (rowid, pieces) VALUES (?, ?)');
    // LIKE reads a text up to its first NUL: so does the index.
    this.addWhole = db.prepare<[number]>(
      `INSERT INTO exchange_search_text (id, text) SELECT id, lower(iif(instr(t, char(0)) > 0, substr(t, 1, instr(t, char(0)) - 1), t))
       FROM (SELECT id, ${SEARCHED_TEXT} AS t FROM exchanges WHERE id = ?)`,
    );
    this.addCommon = db.prepare<[number, string]>('INSERT INTO exchange_search_common (id, piece) VALUES (?, ?)');
    this.removeText = db.prepare<[number]>('DELETE FROM exchange_search_text WHERE id = ?');
    this.removePieces = db.prepare<[number]>('DELETE FROM exchange_search_pieces WHERE rowid = ?');
    this.saveUnindexed = db.prepare<[number]>('UPDATE exchange_log_counts SET search_unindexed_below = ?');
    // Both sides lowercased as LIKE compares: instr() is then LIKE '%part%' without the pattern's work.
    this.textMatch = db.prepare<[string], number>('SELECT id FROM exchange_search_text WHERE instr(text, ?) > 0 ORDER BY id').pluck();
    this.piecesMatch = db.prepare<[string], number>('SELECT rowid FROM exchange_search_pieces WHERE exchange_search_pieces MATCH ? ORDER BY rowid').pluck();
    this.olderRows = db.prepare<[number, number], SearchedColumns & { id: number }>(
      `SELECT id, method, url, status, tpp_id, institution, request_headers, raw_headers, response_headers, request_body, response_body, signature
       FROM exchanges WHERE id < ? ORDER BY id DESC LIMIT ?`,
    );
  }

  /** Exchanges below this id are not indexed yet; 0 once every exchange is. */
  get unindexedBelow(): number {
    return this.unindexed;
  }

  /** Indexes a stored exchange (its row written just before, in the same transaction). */
  add(id: number, c: SearchedColumns): void {
    const requestBody = bodyText(c.request_body);
    const responseBody = bodyText(c.response_body);
    if (requestBody === null || responseBody === null) {
      this.addWhole.run(id);
      this.addPieces.run(id, '');
      return;
    }
    const fields = [c.method, c.url, String(c.status), c.tpp_id ?? '', c.institution ?? '', c.request_headers, c.raw_headers ?? '', c.response_headers];
    const pieces = new Set<string>();
    for (const field of [...fields, requestBody, responseBody, c.signature ?? '']) {
      for (const piece of asciiLower(field).split(PIECE_BREAK)) if (piece.length >= MIN_PART) pieces.add(piece);
    }
    const own: string[] = [];
    const tokens: string[] = [];
    for (const piece of pieces) {
      const id = this.common.get(piece) ?? this.countTowardsCommon(piece);
      if (id === undefined) own.push(piece);
      else tokens.push(token(id));
    }
    this.addText.run(id, own.join(' '));
    this.addPieces.run(id, tokens.join(' '));
  }

  /** The common piece's id once the piece has been seen often enough; until then undefined. */
  private countTowardsCommon(piece: string): number | undefined {
    const seen = (this.counted.get(piece) ?? 0) + 1;
    if (seen < COMMON_AFTER || this.common.size >= MAX_COMMON) {
      if (this.counted.size >= MAX_COUNTED) this.counted.clear();
      this.counted.set(piece, seen);
      return undefined;
    }
    this.counted.delete(piece);
    const id = this.common.size + 1;
    this.addCommon.run(id, piece);
    this.common.set(piece, id);
    return id;
  }

  /** Takes deleted exchanges out of the index (those below `unindexedBelow` were never in it). */
  remove(ids: readonly number[]): void {
    for (const id of ids) {
      if (id < this.unindexed) continue;
      this.removeText.run(id);
      this.removePieces.run(id);
    }
  }

  /** Empties the index with the log (the common pieces stay: they name text, not exchanges). */
  clear(): void {
    this.db.exec(`DELETE FROM exchange_search_text;
      INSERT INTO exchange_search_pieces (exchange_search_pieces) VALUES ('delete-all')`);
    this.setUnindexed(0);
  }

  /** Indexes up to `count` of the newest exchanges not indexed yet; call inside a transaction. Answers how many remain below. */
  indexOlder(count: number): number {
    if (this.unindexed === 0) return 0;
    const rows = this.olderRows.all(this.unindexed, count);
    // FTS5 writes ascending rowids in one segment; a lower rowid would flush it first.
    for (const row of rows.reverse()) this.add(row.id, row);
    const lowest = rows[0]?.id ?? 0;
    this.setUnindexed(rows.length < count ? 0 : lowest);
    return this.unindexed === 0 ? 0 : this.unindexed - 1;
  }

  private setUnindexed(below: number): void {
    this.unindexed = below;
    this.saveUnindexed.run(below);
  }

  /**
   * The indexed exchanges whose text may hold the word: exactly those that do (as LIKE '%word%' finds them)
   * when `exact`, else a superset to be read for it (a word across pieces); null when the index cannot say
   * (no part of three characters or more): then every exchange must be read.
   */
  matching(word: string): { ids: number[]; exact: boolean } | null {
    const lower = asciiLower(word);
    const parts = lower.split(PIECE_BREAK).filter((part) => [...part].length >= MIN_PART);
    if (parts.length === 0) return null;
    return { ids: intersection(parts.map((part) => this.holding(part))), exact: parts.length === 1 && parts[0] === lower };
  }

  /** The indexed exchanges with a piece holding `part` (one piece's worth of text, lowercased), ascending. */
  private holding(part: string): number[] {
    const found = [this.textMatch.all(part)];
    const tokens: string[] = [];
    for (const [piece, id] of this.common) if (piece.includes(part)) tokens.push(token(id));
    for (let at = 0; at < tokens.length; at += TOKENS_PER_QUERY) found.push(this.piecesMatch.all(tokens.slice(at, at + TOKENS_PER_QUERY).join(' OR ')));
    // Each list ascends (rowid order): their union is a merge, not a set (100,000 ids of a common word).
    return found.reduce(union, []);
  }
}
