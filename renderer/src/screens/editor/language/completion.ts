/**
 * Completion of element names: at the cursor, the children the pain.001.001.03 schema allows in
 * the element the cursor is in, after the ones already there, in schema order, each inserted as
 * `<Name></Name>` with the cursor inside. Pure: the Monaco provider (EditorScreen) only converts offsets.
 */
import { allowedChildren, cardinality, openElementsAt } from './structure';
import { isoName } from './hover';

export interface ElementCompletion {
  name: string;
  /** "0..1 · Control Sum". */
  detail: string;
  /** A Monaco snippet: `$0` is where the cursor goes. */
  snippet: string;
  /** What Monaco matches the typed text against (it includes the "<" when one was typed). */
  filterText: string;
  /** Keeps the schema's order in the list. */
  sortText: string;
  /** The particle's minOccurs > 0: the element is required here. */
  required: boolean;
}

export interface CompletionAnswer {
  /** The text from here to the cursor is replaced (a typed "<" and partial name). */
  replaceFrom: number;
  items: ElementCompletion[];
}

const NAME_CHARS = /[A-Za-z0-9_.-]*$/;

/** The completions at `offset`; none inside an end tag, an attribute or a comment. */
export function completionsAt(text: string, offset: number): CompletionAnswer {
  const before = text.slice(Math.max(0, offset - 200), offset);
  const word = NAME_CHARS.exec(before)?.[0] ?? '';
  const wordStart = offset - word.length;
  const typedLt = text[wordStart - 1] === '<';
  // Inside a tag that is not the start of a name being typed (attributes, "</"), nothing to offer.
  const lastLt = text.lastIndexOf('<', wordStart - 1);
  const lastGt = text.lastIndexOf('>', wordStart - 1);
  if (lastLt > lastGt && !(typedLt && lastLt === wordStart - 1)) return { replaceFrom: offset, items: [] };
  const replaceFrom = typedLt ? wordStart - 1 : wordStart;
  const open = openElementsAt(text, replaceFrom);
  const path = open.map((e) => e.name);
  const present = open[open.length - 1]?.children ?? [];
  const items = allowedChildren(path, present).map((p, i): ElementCompletion => ({
    name: p.name,
    detail: `${cardinality(p)} · ${isoName(p.name)}`,
    snippet: `<${p.name}>$0</${p.name}>`,
    filterText: typedLt ? `<${p.name}` : p.name,
    sortText: String(i).padStart(3, '0'),
    required: p.min > 0,
  }));
  return { replaceFrom, items };
}
