import { isAscii, isUtf8 } from 'node:buffer';
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
/** One character PIECE_BREAK cuts at. */
const PIECE_BREAK_CHAR = /[\s"/\\]/;
/** Shorter pieces are not kept, and shorter words are looked for by reading: nearly every exchange holds them. */
const MIN_PART = 3;
/** A chunk or piece seen in this many exchanges of late is kept once, in the common pieces. */
const COMMON_AFTER = 3;
/** Bounds on memory: the common chunks and pieces, and those counted towards becoming common (then counted afresh). */
const MAX_COMMON = 20_000;
const MAX_COUNTED = 20_000;
/** …and on the text they hold: a chunk may be a whole body. */
const MAX_COUNTED_CHARS = 8 * 1024 * 1024;
/** A body longer than this is not looked up whole: hashing it would cost more than its lines. */
const MAX_WHOLE = 64 * 1024;
/** What `place` found a chunk or piece to be. */
const NOT_COMMON = 0;
const SEEN = 1;
const NAMED = 2;
/** FTS5's OR of common pieces, this many at a time. */
const TOKENS_PER_QUERY = 500;

/** LIKE's case rule: ASCII letters only (SQLite's lower() without ICU, as built here); toLowerCase() is that for ASCII text. */
export const asciiLower = (text: string): string => (NON_ASCII.test(text) ? text.replace(/[A-Z]+/g, (run) => run.toLowerCase()) : text.toLowerCase());
const NON_ASCII = /[^\0-\x7f]/;

const token = (id: number): string => `p${id.toString(36)}`;

/**
 * A shape as the common table keeps it: `"S` first (every other entry is lowercased text), then its token ids
 * with a quote between every two digits, so that no run of three characters without a break is in it: an
 * older release, which reads every entry as text, finds no part of a word in it.
 */
const SHAPE = '"S';
const shapeText = (tokens: readonly number[]): string => `${SHAPE}${tokens.map((id) => [...String(id)].join('"')).join(' ')}`;

/** The token ids of a shape's entry; null for a chunk's, a piece's or a body's. */
function shapeOf(entry: string): number[] | null {
  if (!entry.startsWith(SHAPE)) return null;
  return entry
    .slice(SHAPE.length)
    .split(' ')
    .map((id) => Number(id.replaceAll('"', '')));
}

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
  if (body.includes(0)) return null;
  // Nearly every body is ASCII: read as latin1, the same text without UTF-8's decoding.
  if (isAscii(body)) return body.toString('latin1');
  return isUtf8(body) ? body.toString('utf8') : null;
}

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

/** The bytes a held exchange keeps alive (its strings and bodies), for HELD_BYTES. */
const heldBytes = (c: SearchedColumns): number =>
  c.url.length +
  c.request_headers.length +
  (c.raw_headers?.length ?? 0) +
  c.response_headers.length +
  (c.request_body?.length ?? 0) +
  (c.response_body?.length ?? 0) +
  (c.signature?.length ?? 0);

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
  /** The common chunks and pieces (lowercased), each with its token's number. */
  private readonly common = new Map<string, number>();
  /**
   * Chunks and pieces not common yet, each with `exchange * 4 + count`: how many exchanges held it, and the last
   * of them (numbered by `exchange`), so that one exchange counts it once (a request id repeated in its headers,
   * answer and signing string is not common for that).
   */
  private readonly counted = new Map<string, number>();
  private countedChars = 0;
  /** Numbers the exchanges as they are indexed, for `counted` and `tokenSeen`. */
  private exchange = 0;
  private readonly tokenNames: string[] = [];
  /** The exchange (its number) that last named each token: an exchange names a token once. */
  private readonly tokenSeen = new Float64Array(MAX_COMMON + 1);
  /**
   * Shapes: the whole list of an exchange's tokens, when the same list recurs (exchanges that differ only in
   * their own text: a status polled again, a payment like the one before), kept as one common entry and named
   * by its own token: such an exchange is one token in FTS5 where it was some 40 (a status read) to 170 (a
   * signed payment). FTS5's inserts, deletes and merges were most of the index's work under load (perf), and
   * they grow with the tokens. Each shape's list, by its id, and by its key (the list joined).
   */
  private readonly shapeTokens = new Map<number, readonly number[]>();
  private readonly shapes = new Map<string, number>();
  /** Lists seen not often enough yet, counted as the chunks and pieces are (`counted`). */
  private readonly shapesCounted = new Map<string, number>();
  /** The next id of a common entry (chunk, piece or shape: one numbering, one table). */
  private nextId = 1;
  /** The exchange's tokens and own pieces while it is indexed (reused: no garbage per exchange). */
  private readonly tokens: number[] = [];
  private readonly own: string[] = [];
  /** The chunks of the exchange indexed before, in order, and the token each was (0: none); this exchange's next chunk's place. */
  private readonly lastChunks: string[] = [];
  private readonly lastTokens: number[] = [];
  private chunkAt = 0;
  /** The id `place` named last. */
  private placedId = 0;
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
    for (const row of db.prepare<[], { id: number; piece: string }>('SELECT id, piece FROM exchange_search_common').all()) {
      this.nextId = Math.max(this.nextId, row.id + 1);
      const shape = shapeOf(row.piece);
      if (shape === null) this.common.set(row.piece, row.id);
      else {
        this.shapeTokens.set(row.id, shape);
        this.shapes.set(shape.join(','), row.id);
      }
    }
    this.addText = db.prepare<[number, string]>('INSERT INTO exchange_search_text (id, text) VALUES (?, ?)');
    this.addPiecesRow = db.prepare<[number, string]>('INSERT INTO exchange_search_pieces (rowid, pieces) VALUES (?, ?)');
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
    // Those taken are the lowest: one range delete forgets them.
    this.forgetRemoved = db.prepare<[number]>('DELETE FROM exchange_search_removed WHERE id <= ?');
    this.allRemoved = db.prepare<[], number>('SELECT id FROM exchange_search_removed').pluck();
    this.removedCount = db.prepare<[], number>('SELECT count(*) FROM exchange_search_removed').pluck().get() ?? 0;
    this.saveThrough = db.prepare<[number]>('UPDATE exchange_search_state SET indexed_through = ?');
    // Both sides lowercased as LIKE compares: instr() is then LIKE '%part%' without the pattern's work.
    this.textMatch = db.prepare<[string], number>('SELECT id FROM exchange_search_text WHERE instr(text, ?) > 0 ORDER BY id').pluck();
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
    this.exchange++;
    this.chunkAt = 0;
    this.tokens.length = 0;
    this.own.length = 0;
    this.addField(c.method);
    this.addField(c.url);
    this.addField(String(c.status));
    if (c.tpp_id !== null) this.addField(c.tpp_id);
    if (c.institution !== null) this.addField(c.institution);
    this.addField(c.request_headers);
    if (c.raw_headers !== null) this.addField(c.raw_headers);
    this.addField(c.response_headers);
    this.addField(requestBody);
    this.addField(responseBody);
    if (c.signature !== null) this.addField(c.signature);
    this.addText.run(id, this.own.join(' '));
    this.addPiecesRow.run(id, this.tokenList());
  }

  /** The exchange's tokens as FTS5 takes them: its shape's one token when the list recurs, else every token. */
  private tokenList(): string {
    const tokens = this.tokens;
    if (tokens.length > 1) {
      const key = tokens.join(',');
      const shape = this.shapes.get(key) ?? this.countShape(key);
      if (shape !== undefined) return this.tokenName(shape);
    }
    let names = '';
    for (const token of tokens) names = names === '' ? this.tokenName(token) : `${names} ${this.tokenName(token)}`;
    return names;
  }

  /** The shape's id once its list has been seen often enough; until then undefined. */
  private countShape(key: string): number | undefined {
    const seen = (this.shapesCounted.get(key) ?? 0) + 1;
    if (seen < COMMON_AFTER || this.nextId > MAX_COMMON) {
      if (seen === 1 && this.shapesCounted.size >= MAX_COUNTED) this.shapesCounted.clear();
      this.shapesCounted.set(key, seen);
      return undefined;
    }
    this.shapesCounted.delete(key);
    const id = this.nextId++;
    const tokens = [...this.tokens];
    this.addCommon.run(id, shapeText(tokens));
    this.shapes.set(key, id);
    this.shapeTokens.set(id, tokens);
    return id;
  }

  /**
   * One searched column, cut into chunks at line ends and quotes (a header's value, a check's sentence, a
   * certificate, a line of a body; a body of several lines is looked up whole first): a common chunk as its
   * token, any other as its pieces.
   */
  private addField(field: string): void {
    if (field.length < MIN_PART) return;
    const lower = asciiLower(field);
    // Most columns are one line (JSON); a body's lines are its chunks' first cut, unless the body recurs whole.
    if (!lower.includes('\n')) this.addChunks(lower);
    else if (lower.length > MAX_WHOLE || this.placeAt(lower) === NOT_COMMON) for (const line of lower.split('\n')) this.addChunks(line);
  }

  private addChunks(line: string): void {
    if (line.length < MIN_PART) return;
    for (const chunk of line.split('"')) {
      if (chunk.length < MIN_PART || this.placeAt(chunk) !== NOT_COMMON) continue;
      // Not common (yet): its pieces are, or are its own text. A chunk without a break is one piece, placed just now.
      if (!PIECE_BREAK_CHAR.test(chunk)) {
        this.own.push(chunk);
        continue;
      }
      for (const piece of chunk.split(PIECE_BREAK)) if (piece.length >= MIN_PART && this.place(piece) === NOT_COMMON) this.own.push(piece);
    }
  }

  /**
   * A chunk, placed as `place` does; but when the exchange before held the same common chunk at the same place
   * (its n-th chunk), its token without a lookup: exchanges of one kind follow one another (a status polled, a
   * payment after a payment) and differ in a few chunks, and comparing two strings costs less than hashing one.
   */
  private placeAt(chunk: string): typeof NOT_COMMON | typeof SEEN | typeof NAMED {
    const at = this.chunkAt++;
    const token = this.lastTokens[at] ?? 0;
    if (token > 0 && this.lastChunks[at] === chunk) {
      this.name(token);
      return NAMED;
    }
    const placed = this.place(chunk);
    this.lastChunks[at] = chunk;
    this.lastTokens[at] = placed === NAMED ? this.placedId : 0;
    return placed;
  }

  private name(id: number): void {
    if (this.tokenSeen[id] !== this.exchange) {
      this.tokenSeen[id] = this.exchange;
      this.tokens.push(id);
    }
  }

  /**
   * A chunk or piece of the exchange: its token when it is common (or becomes so now), counted otherwise.
   * Answers NOT_COMMON the first time the exchange holds an uncommon one, SEEN after (nothing more to do).
   */
  private place(text: string): typeof NOT_COMMON | typeof SEEN | typeof NAMED {
    let id = this.common.get(text);
    if (id === undefined) {
      const counted = this.counted.get(text) ?? 0;
      if (Math.floor(counted / 4) === this.exchange) return SEEN;
      const seen = (counted % 4) + 1;
      if (seen < COMMON_AFTER || this.nextId > MAX_COMMON) {
        if (counted === 0 && (this.counted.size >= MAX_COUNTED || this.countedChars >= MAX_COUNTED_CHARS)) {
          this.counted.clear();
          this.countedChars = 0;
        }
        if (counted === 0) this.countedChars += text.length;
        this.counted.set(text, this.exchange * 4 + seen);
        return NOT_COMMON;
      }
      this.counted.delete(text);
      this.countedChars -= text.length;
      id = this.nextId++;
      this.addCommon.run(id, text);
      this.common.set(text, id);
    }
    this.name(id);
    this.placedId = id;
    return NAMED;
  }

  private tokenName(id: number): string {
    return (this.tokenNames[id] ??= token(id));
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
    const found = [this.textMatch.all(part)];
    const tokens: string[] = [];
    const held = new Set<number>();
    for (const [piece, id] of this.common) {
      if (!piece.includes(part)) continue;
      tokens.push(token(id));
      held.add(id);
    }
    // An exchange named by its shape holds the part when any token of its shape does.
    if (held.size > 0) for (const [id, list] of this.shapeTokens) if (list.some((t) => held.has(t))) tokens.push(token(id));
    for (let at = 0; at < tokens.length; at += TOKENS_PER_QUERY) found.push(this.piecesMatch.all(tokens.slice(at, at + TOKENS_PER_QUERY).join(' OR ')));
    // Each list ascends (rowid order): their union is a merge, not a set (100,000 ids of a common word).
    return found.reduce(union, []);
  }
}
