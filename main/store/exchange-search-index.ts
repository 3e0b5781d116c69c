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

/** Rows read at a time while indexing, between looks at the clock: a signed exchange takes some 0.3 ms to index or take out. */
const ROWS_PER_READ = 4;

/** How much one call of `indexNext` may do: at most `rows` exchanges, and no more once `ms` have passed. */
export interface IndexingBudget {
  rows: number;
  ms: number;
}

/**
 * The traffic log's search index (migration 18), written behind the log: the log's batch write does not index
 * (written there, it cost each logged request 60-110 µs and halved the status reads' throughput); the owner
 * indexes the exchanges above `indexedThrough`, oldest first, in bounded calls of `indexNext`, and a search
 * reads those not yet indexed. A prune, which runs with the log's batches under load, only notes the indexed
 * exchanges it deleted (one row each); `indexNext` takes them out of the index and searches leave them out
 * until then. A clear empties the index in its transaction.
 *
 * A signed exchange's text is some 9 KB, of which all but about 400 characters recur in other exchanges.
 * Reading all of it took 1.5-2.8 s at 100,000 exchanges; a trigram index over it cost some 2.4 ms and 24 KB
 * per exchange, and one over the 400 characters alone still some 200 µs. Here each exchange's pieces (cut at
 * whitespace, quotes and slashes) that recur are named by a token (FTS5, one entry per piece) and the rest is
 * kept as text small enough to read whole (some 40 MB at 100,000). A word is then found exactly: in that text
 * (ASCII-lowercased on both sides, as LIKE compares) and through every common piece that holds it. Exchanges
 * whose text JavaScript cannot see as SQLite does (a body not UTF-8, or with a NUL) keep their whole text,
 * made by SQLite as LIKE reads it.
 */
export class ExchangeSearchIndex {
  /** Every exchange up to this id is indexed (or gone); those above it are not yet: searches read them. */
  private through: number;
  private readonly common = new Map<string, number>();
  private readonly counted = new Map<string, number>();
  private readonly addText;
  private readonly addPieces;
  private readonly addWhole;
  private readonly addCommon;
  private readonly removeText;
  private readonly removePieces;
  private readonly noteRemoved;
  private readonly nextRemoved;
  private readonly forgetRemoved;
  private readonly allRemoved;
  /** How many deleted exchanges are still in the index (noted by prunes, not yet taken out). */
  private removedCount: number;
  private readonly saveThrough;
  private readonly textMatch;
  private readonly piecesMatch;
  private readonly nextRows;

  constructor(private readonly db: Db) {
    this.through = db.prepare<[], number>('SELECT indexed_through FROM exchange_search_state').pluck().get() ?? 0;
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
    this.noteRemoved = db.prepare<[number]>('INSERT INTO exchange_search_removed (id) VALUES (?)');
    this.nextRemoved = db.prepare<[number], number>('SELECT id FROM exchange_search_removed ORDER BY id LIMIT ?').pluck();
    this.forgetRemoved = db.prepare<[number]>('DELETE FROM exchange_search_removed WHERE id = ?');
    this.allRemoved = db.prepare<[], number>('SELECT id FROM exchange_search_removed').pluck();
    this.removedCount = db.prepare<[], number>('SELECT count(*) FROM exchange_search_removed').pluck().get() ?? 0;
    this.saveThrough = db.prepare<[number]>('UPDATE exchange_search_state SET indexed_through = ?');
    // Both sides lowercased as LIKE compares: instr() is then LIKE '%part%' without the pattern's work.
    this.textMatch = db.prepare<[string], number>('SELECT id FROM exchange_search_text WHERE instr(text, ?) > 0 ORDER BY id').pluck();
    this.piecesMatch = db.prepare<[string], number>('SELECT rowid FROM exchange_search_pieces WHERE exchange_search_pieces MATCH ? ORDER BY rowid').pluck();
    this.nextRows = db.prepare<[number, number], SearchedColumns & { id: number }>(
      `SELECT id, method, url, status, tpp_id, institution, request_headers, raw_headers, response_headers, request_body, response_body, signature
       FROM exchanges WHERE id > ? ORDER BY id LIMIT ?`,
    );
  }

  /** Every exchange up to this id is in the index; those above it are not yet. */
  get indexedThrough(): number {
    return this.through;
  }

  /** Indexes one stored exchange. */
  private add(id: number, c: SearchedColumns): void {
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

  /**
   * Notes deleted exchanges for `indexNext` to take out of the index (those above `indexedThrough` were never
   * in it): an FTS5 delete per exchange would cost the prune, and so the log's batches under load, far more.
   */
  remove(ids: readonly number[]): void {
    for (const id of ids) {
      if (id > this.through) continue;
      this.noteRemoved.run(id);
      this.removedCount++;
    }
  }

  /** Whether `indexNext` has work: deleted exchanges to take out, or exchanges up to `newestId` to add. */
  behind(newestId: number): boolean {
    return this.removedCount > 0 || this.through < newestId;
  }

  /** Empties the index with the log, whose every id up to `newestId` is gone (the common pieces stay: they name text, not exchanges). */
  clear(newestId: number): void {
    this.db.exec(`DELETE FROM exchange_search_text;
      DELETE FROM exchange_search_removed;
      INSERT INTO exchange_search_pieces (exchange_search_pieces) VALUES ('delete-all')`);
    this.removedCount = 0;
    this.setThrough(newestId);
  }

  /**
   * Takes the deleted exchanges out, then indexes the stored exchanges above `indexedThrough`, oldest first,
   * within the budget; call inside a transaction. Answers false once the index holds exactly the stored
   * exchanges, true when the budget ran out first.
   */
  indexNext(budget: IndexingBudget): boolean {
    const started = performance.now();
    const inTime = (): boolean => performance.now() - started < budget.ms;
    let done = 0;
    while (this.removedCount > 0 && done < budget.rows && inTime()) {
      const ids = this.nextRemoved.all(Math.min(ROWS_PER_READ, budget.rows - done));
      // The count is the table's, kept in memory; should a rolled-back prune have left it high, the table wins.
      if (ids.length === 0) this.removedCount = 0;
      for (const id of ids) {
        this.removeText.run(id);
        this.removePieces.run(id);
        this.forgetRemoved.run(id);
        this.removedCount--;
        done++;
      }
    }
    if (this.removedCount > 0) return true;
    let through = this.through;
    while (done < budget.rows && inTime()) {
      const wanted = Math.min(ROWS_PER_READ, budget.rows - done);
      const rows = this.nextRows.all(through, wanted);
      // Ascending rowids: FTS5 appends them to its pending segment (a lower one would flush it first).
      for (const row of rows) this.add(row.id, row);
      done += rows.length;
      through = rows.at(-1)?.id ?? through;
      if (rows.length < wanted) {
        if (through !== this.through) this.setThrough(through);
        return false;
      }
    }
    if (through !== this.through) this.setThrough(through);
    return true;
  }

  private setThrough(id: number): void {
    this.through = id;
    this.saveThrough.run(id);
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
    const ids = intersection(parts.map((part) => this.holding(part)));
    const exact = parts.length === 1 && parts[0] === lower;
    if (this.removedCount === 0) return { ids, exact };
    const removed = new Set(this.allRemoved.all());
    return { ids: ids.filter((id) => !removed.has(id)), exact };
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
