import { COMMON_AFTER, Counts, detached, MAX_COMMON, MAX_COUNTED, shapeOf, shapeText } from './exchange-search-counts';
import { asciiLower, MIN_PART, PIECE_BREAK, PIECE_BREAK_CHAR, type SearchedColumns } from './exchange-search-text';

/** A body longer than this is not looked up whole: hashing it would cost more than its lines. */
const MAX_WHOLE = 64 * 1024;
/** What `place` found a chunk or piece to be. */
const NOT_COMMON = 0;
const SEEN = 1;
const NAMED = 2;
/** FTS5's OR of common pieces, this many at a time. */
const TOKENS_PER_QUERY = 500;

const token = (id: number): string => `p${id.toString(36)}`;

/**
 * An exchange as the index stores it: its tokens (FTS5's text; none when its shape names it) and its own text,
 * read whole by a search, with the id of its shape (null: not shaped).
 */
export interface TokenizedExchange {
  tokens: string;
  own: string;
  shape: number | null;
}

/** What holds a part of a word: FTS5 queries for the exchanges not shaped, and the shapes whose exchanges hold it. */
export interface Holding {
  queries: string[];
  shapes: number[];
}

/**
 * The common entries of the search index (chunks, pieces and shapes, one numbering) and the cutting of an
 * exchange's text into their tokens and its own text (see ExchangeSearchIndex for why). New entries are
 * handed to `persist` to be stored with the exchange that made them common.
 */
export class ExchangeTokenizer {
  /** The common chunks and pieces (lowercased), each with its token's number. */
  private readonly common = new Map<string, number>();
  /**
   * Chunks, and apart from them pieces, not common yet, counted towards becoming so. Apart: a signed exchange's
   * chunks not seen before are long (a signature, a signing string, an answer's links), and counted in one
   * bounded map with the pieces they pushed the pieces out before these could recur (profiled: four times the
   * own text, and a search reads all of it).
   */
  private readonly chunkCounts = new Counts();
  private readonly pieceCounts = new Counts();
  /** Numbers the exchanges as they are indexed, for the counts and `tokenSeen`. */
  private exchange = 0;
  private readonly tokenNames: string[] = [];
  /** The exchange (its number) that last named each token: an exchange names a token once. */
  private readonly tokenSeen = new Float64Array(MAX_COMMON + 1);
  /**
   * Shapes: the whole list of an exchange's tokens, when the same list recurs (exchanges that differ only in
   * their own text: a status polled again, a payment like the one before), kept as one common entry; such an
   * exchange keeps its shape's id beside its own text and no token in FTS5, where it had some 40 (a status read)
   * to 170 (a signed payment). FTS5's inserts, deletes and merges were most of the index's work under load
   * (perf), and they grow with the tokens. Each shape's list, by its id, and by its key (the list joined).
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

  /** `entries`: the stored common entries; `persist` stores a new one. */
  constructor(
    entries: Iterable<{ id: number; piece: string }>,
    private readonly persist: (id: number, entry: string) => void,
  ) {
    for (const row of entries) {
      this.nextId = Math.max(this.nextId, row.id + 1);
      const shape = shapeOf(row.piece);
      if (shape === null) this.common.set(row.piece, row.id);
      else {
        this.shapeTokens.set(row.id, shape);
        this.shapes.set(shape.join(','), row.id);
      }
    }
  }

  /** One exchange's searched columns, bodies as text: its tokens and its own text. */
  tokenize(c: SearchedColumns, requestBody: string, responseBody: string): TokenizedExchange {
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
    const shape = this.shapeOfTokens();
    return { tokens: shape === null ? this.tokenList() : '', own: this.own.join(' '), shape };
  }

  /**
   * What holds `part` (lowercased, one piece's worth of text): FTS5 queries for the exchanges not shaped that
   * name a common chunk or piece holding it, and the shapes whose lists name one (their exchanges have no token).
   */
  holding(part: string): Holding {
    const tokens: string[] = [];
    const held = new Set<number>();
    for (const [piece, id] of this.common) {
      if (!piece.includes(part)) continue;
      tokens.push(token(id));
      held.add(id);
    }
    // An exchange named by its shape holds the part when any token of its shape does.
    const shapes: number[] = [];
    if (held.size > 0) for (const [id, list] of this.shapeTokens) if (list.some((t) => held.has(t))) shapes.push(id);
    const queries: string[] = [];
    for (let at = 0; at < tokens.length; at += TOKENS_PER_QUERY) queries.push(tokens.slice(at, at + TOKENS_PER_QUERY).join(' OR '));
    return { queries, shapes };
  }

  /** The exchange's shape when its list of tokens recurs (then FTS5 holds none of them), else null. */
  private shapeOfTokens(): number | null {
    const tokens = this.tokens;
    if (tokens.length <= 1) return null;
    const key = tokens.join(',');
    return this.shapes.get(key) ?? this.countShape(key) ?? null;
  }

  /** The exchange's tokens as FTS5 takes them. */
  private tokenList(): string {
    let names = '';
    for (const token of this.tokens) names = names === '' ? this.tokenName(token) : `${names} ${this.tokenName(token)}`;
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
    this.persist(id, shapeText(tokens));
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
      for (const piece of chunk.split(PIECE_BREAK)) if (piece.length >= MIN_PART && this.place(piece, this.pieceCounts) === NOT_COMMON) this.own.push(piece);
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
    const placed = this.place(chunk, this.chunkCounts);
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
  private place(text: string, counts: Counts): typeof NOT_COMMON | typeof SEEN | typeof NAMED {
    let id = this.common.get(text);
    if (id === undefined) {
      const seen = counts.count(text, this.exchange);
      if (seen === 0) return SEEN;
      if (seen < COMMON_AFTER || this.nextId > MAX_COMMON) return NOT_COMMON;
      counts.forget(text);
      id = this.nextId++;
      this.persist(id, text);
      this.common.set(detached(text), id);
    }
    this.name(id);
    this.placedId = id;
    return NAMED;
  }

  private tokenName(id: number): string {
    return (this.tokenNames[id] ??= token(id));
  }
}
