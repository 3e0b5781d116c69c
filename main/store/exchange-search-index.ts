import type { Db } from './database';
import { ExchangeTokenizer } from './exchange-search-tokens';
import { asciiLower, bodyText, heldBytes, MIN_PART, PIECE_BREAK, SEARCHED_TEXT, type SearchedColumns } from './exchange-search-text';
import { intersection, unionAll } from './sorted-ids';

/** See the constructor: when FTS5 rewrites a segment for the exchanges deleted from it. */
const DELETE_MERGE_PERCENT = 50;
/** Exchanges whose ids are read at a time while indexing (each then indexed with a look at the clock). */
const IDS_PER_READ = 64;
/**
 * How many bytes of searched text the index holds for exchanges written but not yet indexed, so that it need
 * not read them back from the table (some 10 µs an exchange, a third of a status read's indexing). Past it,
 * exchanges are read back. About a quarter of a second of the heaviest traffic the bench sends.
 */
export const HELD_BYTES = 16 * 1024 * 1024;

/** How much one call of `indexNext` may do: at most `rows` exchanges, and no more once `ms` have passed. */
export interface IndexingBudget {
  rows: number;
  ms: number;
}

/**
 * The traffic log's search index (migration 18), written behind the log: the log's batch write does not index
 * (written there, it cost each logged request 60-110 µs and halved the status reads' throughput); the owner
 * indexes the exchanges above `indexedThrough`, oldest first, in bounded calls of `indexNext`, and a search
 * reads those not yet indexed. The batch write hands over the searched columns it has just written (`hold`),
 * so that indexing need not read them back. A prune, which runs with the log's batches under load, only notes
 * the indexed exchanges it deleted (one row each); `indexNext` takes them out of the index and searches leave
 * them out until then. A clear empties the index in its transaction.
 *
 * A signed exchange's text is some 9 KB, of which all but about 400 characters recur in other exchanges.
 * Reading all of it took 1.5-2.8 s at 100,000 exchanges; a trigram index over it cost some 2.4 ms and 24 KB
 * per exchange, and one over the 400 characters alone still some 200 µs. Here what recurs is named by a token
 * (FTS5) and the rest is kept as text small enough to read whole (some 40 MB at 100,000). What recurs is cut
 * at two sizes: the text between two quotes (a JSON string, a header's value, a check's sentence: a chunk) and,
 * within a chunk not seen often enough, the pieces cut at whitespace, quotes and slashes. A chunk seen before
 * is one Map lookup and one token, where its pieces were a split, a lookup and a token each: profiled, the
 * pieces' split and lookups were most of an exchange's 220 µs and their tokens most of FTS5's work. A word is
 * then found exactly: in that text (ASCII-lowercased on both sides, as LIKE compares) and through every common
 * chunk or piece that holds it (a word without breaks lies inside one piece, and so inside its chunk).
 * Exchanges whose text JavaScript cannot see as SQLite does (a body not UTF-8, or with a NUL) keep their whole
 * text, made by SQLite as LIKE reads it.
 */
export class ExchangeSearchIndex {
  /** Every exchange up to this id is indexed (or gone); those above it are not yet: searches read them. */
  private through: number;
  /** The common entries, and the cutting of an exchange into their tokens and its own text. */
  private readonly tokenizer: ExchangeTokenizer;

  /** The searched columns of exchanges written and not yet indexed, by id, as the log's batch write handed them over. */
  private readonly held = new Map<number, SearchedColumns>();
  private heldSize = 0;
  /** When each batch above the mark was handed over: the newest id it held and performance.now(). */
  private readonly batches: { newestId: number; at: number }[] = [];
  /** The newest exchange when the log was opened: until the mark passes it, what is not indexed is of unknown age. */
  private readonly openedWith: number;
  private readonly addText;
  private readonly addPiecesRow;
  private readonly addWhole;
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
  private readonly nextIds;
  private readonly readRow;

  constructor(
    private readonly db: Db,
    newestId: number,
  ) {
    // FTS5 rewrites a segment once DELETE_MERGE_PERCENT of it is deleted (10 by default). A full log deletes an
    // indexed exchange for each one it adds: at 10 % the merges were most of the index's work (perf: 48 µs an
    // exchange added and deleted, against 8-13 at 50 %, and searches faster too). Kept in the table's own config.
    const deleteMerge = db.prepare<[], number>("SELECT v FROM exchange_search_pieces_config WHERE k = 'deletemerge'").pluck().get();
    // FTS5 takes a setting's value as a literal only.
    if (deleteMerge !== DELETE_MERGE_PERCENT)
      db.exec(`INSERT INTO exchange_search_pieces (exchange_search_pieces, rank) VALUES ('deletemerge', ${DELETE_MERGE_PERCENT})`);
    this.through = db.prepare<[], number>('SELECT indexed_through FROM exchange_search_state').pluck().get() ?? 0;
    this.openedWith = newestId;
    this.addText = db.prepare<[number, string, number | null]>('INSERT INTO exchange_search_text (id, text, shape) VALUES (?, ?, ?)');
    this.addPiecesRow = db.prepare<[number, string]>('INSERT INTO exchange_search_pieces (rowid, pieces) VALUES (?, ?)');
    // LIKE reads a text up to its first NUL: so does the index.
    this.addWhole = db.prepare<[number]>(
      `INSERT INTO exchange_search_text (id, text) SELECT id, lower(iif(instr(t, char(0)) > 0, substr(t, 1, instr(t, char(0)) - 1), t))
       FROM (SELECT id, ${SEARCHED_TEXT} AS t FROM exchanges WHERE id = ?)`,
    );
    const addCommon = db.prepare<[number, string]>('INSERT INTO exchange_search_common (id, piece) VALUES (?, ?)');
    const common = db.prepare<[], { id: number; piece: string }>('SELECT id, piece FROM exchange_search_common').all();
    this.tokenizer = new ExchangeTokenizer(common, (id, entry) => addCommon.run(id, entry));
    this.removeText = db.prepare<[number]>('DELETE FROM exchange_search_text WHERE id = ?');
    this.removePieces = db.prepare<[number]>('DELETE FROM exchange_search_pieces WHERE rowid = ?');
    this.noteRemoved = db.prepare<[number]>('INSERT INTO exchange_search_removed (id) VALUES (?)');
    this.nextRemoved = db.prepare<[number], number>('SELECT id FROM exchange_search_removed ORDER BY id LIMIT ?').pluck();
    // Those taken are the lowest: one range delete forgets them.
    this.forgetRemoved = db.prepare<[number]>('DELETE FROM exchange_search_removed WHERE id <= ?');
    this.allRemoved = db.prepare<[], number>('SELECT id FROM exchange_search_removed').pluck();
    this.removedCount = db.prepare<[], number>('SELECT count(*) FROM exchange_search_removed').pluck().get() ?? 0;
    this.saveThrough = db.prepare<[number]>('UPDATE exchange_search_state SET indexed_through = ?');
    // Both sides lowercased as LIKE compares: instr() is then LIKE '%part%' without the pattern's work. The shaped
    // exchanges holding it come in the same pass: their shape's id is in the list given (a JSON array).
    this.textMatch = db
      .prepare<[string, string], number>(
        'SELECT id FROM exchange_search_text WHERE instr(text, ?) > 0 OR shape IN (SELECT value FROM json_each(?)) ORDER BY id',
      )
      .pluck();
    this.piecesMatch = db.prepare<[string], number>('SELECT rowid FROM exchange_search_pieces WHERE exchange_search_pieces MATCH ? ORDER BY rowid').pluck();
    this.nextIds = db.prepare<[number, number], number>('SELECT id FROM exchanges WHERE id > ? ORDER BY id LIMIT ?').pluck();
    this.readRow = db.prepare<[number], SearchedColumns>(
      `SELECT method, url, status, tpp_id, institution, request_headers, raw_headers, response_headers, request_body, response_body, signature
       FROM exchanges WHERE id = ?`,
    );
  }

  /** Every exchange up to this id is in the index; those above it are not yet. */
  get indexedThrough(): number {
    return this.through;
  }

  /**
   * An exchange the log's batch write has just stored, with the searched columns as stored; call inside the
   * write's transaction. One at or below the mark (its id was reserved while it was answered, and exchanges
   * logged after it were indexed meanwhile) is indexed at once: searches do not read below the mark.
   */
  written(id: number, columns: SearchedColumns): void {
    if (id <= this.through) this.add(id, columns);
  }

  /**
   * The batch the log has just committed, handed over so that indexing need not read it back (within
   * HELD_BYTES); `at` is when (performance.now()), for `lagMs`.
   */
  hold(batch: readonly { id: number; columns: SearchedColumns }[], at: number): void {
    let newestId = 0;
    for (const { id, columns } of batch) {
      if (id <= this.through) continue;
      newestId = Math.max(newestId, id);
      const size = heldBytes(columns);
      if (this.heldSize + size > HELD_BYTES) continue;
      this.held.set(id, columns);
      this.heldSize += size;
    }
    if (newestId > 0) this.batches.push({ newestId, at });
  }

  /**
   * How long the oldest exchange not yet indexed has waited (ms; 0 when none waits, Infinity when it was
   * logged before this process opened the log).
   */
  lagMs(now: number): number {
    if (this.through < this.openedWith) return Infinity;
    while (this.batches.length > 0 && (this.batches[0] as { newestId: number }).newestId <= this.through) this.batches.shift();
    const oldest = this.batches[0];
    return oldest === undefined ? 0 : now - oldest.at;
  }

  /** Indexes one stored exchange. */
  private add(id: number, c: SearchedColumns): void {
    const requestBody = bodyText(c.request_body);
    const responseBody = bodyText(c.response_body);
    if (requestBody === null || responseBody === null) {
      this.addWhole.run(id);
      this.addPiecesRow.run(id, '');
      return;
    }
    const { tokens, own, shape } = this.tokenizer.tokenize(c, requestBody, responseBody);
    this.addText.run(id, own, shape);
    this.addPiecesRow.run(id, tokens);
  }

  /**
   * Notes deleted exchanges for `indexNext` to take out of the index (those above `indexedThrough` were never
   * in it): an FTS5 delete per exchange would cost the prune, and so the log's batches under load, far more.
   */
  remove(ids: readonly number[]): void {
    for (const id of ids) {
      if (id > this.through) {
        this.forgetHeld(id);
        continue;
      }
      this.noteRemoved.run(id);
      this.removedCount++;
    }
  }

  private forgetHeld(id: number): SearchedColumns | undefined {
    const columns = this.held.get(id);
    if (columns === undefined) return undefined;
    this.held.delete(id);
    this.heldSize -= heldBytes(columns);
    return columns;
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
    this.held.clear();
    this.heldSize = 0;
    this.batches.length = 0;
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
      const ids = this.nextRemoved.all(Math.min(IDS_PER_READ, budget.rows - done));
      // The count is the table's, kept in memory; should a rolled-back prune have left it high, the table wins.
      if (ids.length === 0) this.removedCount = 0;
      let taken = 0;
      for (const id of ids) {
        this.removeText.run(id);
        this.removePieces.run(id);
        taken = id;
        this.removedCount--;
        done++;
        if (!inTime()) break;
      }
      if (taken > 0) this.forgetRemoved.run(taken);
    }
    if (this.removedCount > 0) return true;
    let through = this.through;
    let more = true;
    while (more && done < budget.rows && inTime()) {
      const wanted = Math.min(IDS_PER_READ, budget.rows - done);
      const ids = this.nextIds.all(through, wanted);
      more = ids.length === wanted;
      for (const id of ids) {
        const columns = this.forgetHeld(id) ?? this.readRow.get(id);
        // Ascending rowids: FTS5 appends them to its pending segment (a lower one would flush it first).
        if (columns !== undefined) this.add(id, columns);
        through = id;
        done++;
        if (!inTime()) {
          more = true;
          break;
        }
      }
    }
    if (through !== this.through) this.setThrough(through);
    this.dropPassedHeld();
    return more;
  }

  /** Held exchanges the mark has passed without indexing (a batch whose write failed and was never written again). */
  private dropPassedHeld(): void {
    for (const id of this.held.keys()) {
      if (id > this.through) return;
      this.forgetHeld(id);
    }
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
    const { queries, shapes } = this.tokenizer.holding(part);
    const found = [this.textMatch.all(part, JSON.stringify(shapes)), ...queries.map((query) => this.piecesMatch.all(query))];
    // Each list ascends (rowid order): their union is a merge, not a set (100,000 ids of a common word).
    return unionAll(found);
  }
}
