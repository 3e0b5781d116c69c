/** A chunk or piece seen in this many exchanges of late is kept once, in the common pieces. */
export const COMMON_AFTER = 3;
/** Bounds on memory: the common chunks and pieces, and those counted towards becoming common (then counted afresh). */
export const MAX_COMMON = 20_000;
export const MAX_COUNTED = 20_000;
/** …and on the text each count holds (a chunk may be a whole body): the chunks' and the pieces' together, 8 Mi characters. */
export const MAX_COUNTED_CHARS = 4 * 1024 * 1024;

/**
 * A shape as the common table keeps it: `"S` first (every other entry is lowercased text), then its token ids
 * with a quote between every two digits, so that no run of three characters without a break is in it: an
 * older release, which reads every entry as text, finds no part of a word in it.
 */
const SHAPE = '"S';
export const shapeText = (tokens: readonly number[]): string => `${SHAPE}${tokens.map((id) => [...String(id)].join('"')).join(' ')}`;

/** The token ids of a shape's entry; null for a chunk's, a piece's or a body's. */
export function shapeOf(entry: string): number[] | null {
  if (!entry.startsWith(SHAPE)) return null;
  return entry
    .slice(SHAPE.length)
    .split(' ')
    .map((id) => Number(id.replaceAll('"', '')));
}

/**
 * The text on its own, for a key kept beyond the exchange: a chunk or piece cut from an exchange's text may be a
 * slice of it (V8 keeps a sliced string's whole parent alive), and a kept key would then keep a whole column of
 * the exchange alive (measured: some 60 MB more resident memory after 40,000 signed payments). Concatenating
 * makes V8 flatten the text into a string of its own before the slice.
 */
export const detached = (text: string): string => ` ${text}`.slice(1);

/**
 * Texts not common yet, each with `exchange * 4 + count`: how many exchanges held it, and the last of them, so
 * that one exchange counts a text once (a request id repeated in its headers, answer and signing string is not
 * common for that). Bounded: once full, counted afresh.
 */
export class Counts {
  private readonly counts = new Map<string, number>();
  private chars = 0;

  /** Counts the text for the exchange (numbered) and answers how many exchanges have held it; 0 when this one already had. */
  count(text: string, exchange: number): number {
    const counted = this.counts.get(text) ?? 0;
    if (Math.floor(counted / 4) === exchange) return 0;
    if (counted === 0) {
      if (this.counts.size >= MAX_COUNTED || this.chars >= MAX_COUNTED_CHARS) {
        this.counts.clear();
        this.chars = 0;
      }
      this.chars += text.length;
    }
    const seen = (counted % 4) + 1;
    this.counts.set(counted === 0 ? detached(text) : text, exchange * 4 + seen);
    return seen;
  }

  forget(text: string): void {
    if (this.counts.delete(text)) this.chars -= text.length;
  }
}
