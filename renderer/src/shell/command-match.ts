// Ranks palette entries against what the user typed. Pure, so unit tests pin the order
// people rely on ("phone" then Enter must go to the Phone, not to a PSU on it).

export interface Matchable {
  title: string;
  /** Searched but never shown: the area the entry belongs to and other words for it. */
  keywords?: string;
}

/** [start, end) character ranges of the title to highlight. */
export type Highlight = readonly [number, number];

export interface Match<T> {
  item: T;
  score: number;
  highlights: Highlight[];
}

// How well one typed word fits, best first. Exact words first: a typed word that is a whole word
// of the title, then one that is a whole word of the keywords ("approve" finds the step that
// approves before a PSU whose name merely starts with it, "FRA-APPROVER-A"). Below them the
// visible partial matches, then a part of a keyword, then letters in order.
const WHOLE_WORD = 10;
const KEYWORD_WORD = 8;
const WORD_START = 6;
const INSIDE_WORD = 4;
const KEYWORD = 2;
const SCATTERED = 1;

/** The entries every typed word fits, best first; all entries in their order when nothing is typed. */
export function matchItems<T extends Matchable>(items: readonly T[], query: string): Match<T>[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items.map((item) => ({ item, score: 0, highlights: [] }));
  const matches: (Match<T> & { index: number })[] = [];
  items.forEach((item, index) => {
    const fit = fitWords(item, words);
    if (fit) matches.push({ item, index, ...fit });
  });
  return (
    matches
      // Among equal fits the caller's order stands: it puts the likelier command first.
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map(({ item, score, highlights }) => ({ item, score, highlights }))
  );
}

function fitWords(item: Matchable, words: readonly string[]): { score: number; highlights: Highlight[] } | null {
  const title = item.title.toLowerCase();
  const keywords = (item.keywords ?? '').toLowerCase();
  let score = 0;
  const highlights: Highlight[] = [];
  for (const word of words) {
    const inTitle = bestOccurrence(title, word);
    const inKeywords = bestOccurrence(keywords, word);
    const keywordScore = !inKeywords ? 0 : inKeywords.score === WHOLE_WORD ? KEYWORD_WORD : KEYWORD;
    if (inTitle && inTitle.score >= keywordScore) {
      score += inTitle.score;
      highlights.push([inTitle.at, inTitle.at + word.length]);
      continue;
    }
    if (inKeywords) {
      score += keywordScore;
      continue;
    }
    const scattered = scatteredOccurrence(title, word);
    if (!scattered) return null;
    score += SCATTERED;
    highlights.push(...scattered);
  }
  return { score, highlights: mergeRanges(highlights) };
}

function bestOccurrence(text: string, word: string): { at: number; score: number } | null {
  let best: { at: number; score: number } | null = null;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const starts = at === 0 || !isWordChar(text[at - 1]);
    const ends = at + word.length === text.length || !isWordChar(text[at + word.length]);
    const score = starts && ends ? WHOLE_WORD : starts ? WORD_START : INSIDE_WORD;
    if (!best || score > best.score) best = { at, score };
  }
  return best;
}

/** The word's letters in order anywhere in the text ("adv90" in "Advance the clock by 90 days"). */
function scatteredOccurrence(text: string, word: string): Highlight[] | null {
  const ranges: [number, number][] = [];
  let from = 0;
  for (const char of word) {
    const at = text.indexOf(char, from);
    if (at < 0) return null;
    const last = ranges.at(-1);
    if (last && last[1] === at) last[1] = at + 1;
    else ranges.push([at, at + 1]);
    from = at + 1;
  }
  return ranges;
}

function mergeRanges(ranges: readonly Highlight[]): Highlight[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

/** The title cut into plain and highlighted parts, for rendering. */
export function splitHighlights(title: string, highlights: readonly Highlight[]): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of highlights) {
    if (start > at) parts.push({ text: title.slice(at, start), marked: false });
    parts.push({ text: title.slice(start, end), marked: true });
    at = end;
  }
  if (at < title.length) parts.push({ text: title.slice(at), marked: false });
  return parts;
}
