/**
 * Untrusted XML to a small element tree: the safety checks, then one pass that checks
 * well-formedness (with line and column) while it builds elements in document order with
 * namespaces resolved and character data decoded. The tree is built here rather than by
 * XMLParser because the schema needs element order and positions, and XMLParser's ordered
 * output took several times longer on a 10,000-transaction bulk than everything else
 * together; a separate validating pass (XMLValidator) cost as much again as the build.
 */
import { safeXmlText, type XmlSafetyProblem } from './xml-safety';
import { decodeXmlReferences, illegalXmlCharIndex } from './xml-text';

export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

export interface XmlAttribute {
  /** Local name. */
  name: string;
  /** Namespace URI of the prefix; '' when unprefixed, null when the prefix is undeclared. */
  namespace: string | null;
  value: string;
}

export interface XmlElement {
  /** Local name, prefix removed. */
  name: string;
  /** Namespace URI of the prefix or of the default namespace; '' for none, null when the prefix is undeclared. */
  namespace: string | null;
  /** Namespace declarations are not attributes and are left out. */
  attributes: readonly XmlAttribute[];
  children: readonly XmlElement[];
  /** Character data directly inside, references decoded, CDATA as written. */
  text: string;
  /** Position of the element's "<" in the text. */
  offset: number;
}

export interface XmlProblem {
  rule: XmlSafetyProblem['rule'] | 'well-formed';
  message: string;
  line?: number;
  column?: number;
}

export interface XmlDocument {
  root: XmlElement;
  /** Line (1-based) of a text position, for messages. */
  lineAt(offset: number): number;
}

export type XmlReadResult = { ok: true; document: XmlDocument } | { ok: false; problem: XmlProblem };

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/**
 * Line and column (both 1-based) of a text position, from an index of line starts built on first
 * use. Also what the payment editor uses to place markers (renderer/src/screens/editor/language).
 */
export function textPositions(text: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | null = null;
  return (offset) => {
    if (starts === null) {
      starts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  };
}

class NotWellFormed extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

// Most elements have neither attributes nor (being values) children: they share these until they get one.
const NO_ATTRIBUTES: readonly XmlAttribute[] = Object.freeze([]);
const NO_CHILDREN: readonly XmlElement[] = Object.freeze([]);

/** XML 1.0 NameStartChar beyond ASCII, as [from, to] pairs; NameChar adds NAME_CHAR_RANGES. */
const NAME_START_RANGES = [
  0xc0, 0xd6, 0xd8, 0xf6, 0xf8, 0x2ff, 0x370, 0x37d, 0x37f, 0x1fff, 0x200c, 0x200d, 0x2070, 0x218f, 0x2c00, 0x2fef, 0x3001, 0xd7ff, 0xf900, 0xfdcf, 0xfdf0,
  0xfffd,
];
const NAME_CHAR_RANGES = [0xb7, 0xb7, 0x300, 0x36f, 0x203f, 0x2040];

const inRanges = (c: number, ranges: readonly number[]): boolean => {
  for (let r = 0; r < ranges.length; r += 2) if (c >= (ranges[r] ?? 0) && c <= (ranges[r + 1] ?? -1)) return true;
  return false;
};

/** Whether text[start, end) is an XML 1.0 Name (characters beyond the BMP are not accepted in names). */
function isName(text: string, start: number, end: number): boolean {
  if (start === end) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58) continue;
    const first = i === start;
    if (!first && ((c >= 48 && c <= 57) || c === 45 || c === 46)) continue;
    if (c < 128 || !(inRanges(c, NAME_START_RANGES) || (!first && inRanges(c, NAME_CHAR_RANGES)))) return false;
  }
  return true;
}

/** XML white space: space, tab, line feed, carriage return. */
const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;

function splitName(qualified: string): [prefix: string, local: string] {
  const colon = qualified.indexOf(':');
  return colon === -1 ? ['', qualified] : [qualified.slice(0, colon), qualified.slice(colon + 1)];
}

function decoded(raw: string, offset: number): string {
  const d = decodeXmlReferences(raw);
  if (!d.ok) throw new NotWellFormed(d.problem, offset);
  return d.text;
}

/** XML end-of-line handling: CR LF and lone CR read as LF. */
const lineEnds = (s: string): string => (s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s);

/** Attribute-value normalisation: each literal tab or line end is a space (references are decoded after). */
function attributeValue(raw: string, offset: number): string {
  if (raw.includes('<')) throw new NotWellFormed('"<" must be written &lt; in an attribute value', offset);
  return decoded(/[\r\n\t]/.test(raw) ? raw.replace(/\r\n?|[\n\t]/g, ' ') : raw, offset);
}

/** An element name as written (prefix included) and its two parts, made once per distinct name in a document. */
interface TagName {
  qualified: string;
  prefix: string;
  local: string;
}

/**
 * What one read of a document keeps between tags: its names, each made once (a 10,000-transaction bulk has some
 * 300,000 elements of 40 names: a name per element was most of what survived to be copied by the collector), and
 * what the start tag just read ends with, so a tag allocates its element and nothing else.
 */
class TagReader {
  private readonly names = new Map<string, TagName>();
  /** The last start tag's name as written, the position of its ">", whether it was empty (`/>`), and the scope inside it. */
  qualified = '';
  end = 0;
  empty = false;
  scope: ReadonlyMap<string, string> = new Map();

  /** The name of the start tag at `lt`, checked the first time it is met. */
  name(qualified: string, lt: number): TagName {
    let name = this.names.get(qualified);
    if (name === undefined) {
      if (!isName(qualified, 0, qualified.length)) {
        throw new NotWellFormed(qualified === '' ? '"<" must start a tag; write it &lt; in text' : `"${qualified}" is not a valid element name`, lt);
      }
      const [prefix, local] = splitName(qualified);
      name = { qualified, prefix, local };
      this.names.set(qualified, name);
    }
    return name;
  }
}

function addChild(parent: XmlElement, child: XmlElement): void {
  if (parent.children === NO_CHILDREN) parent.children = [child];
  else (parent.children as XmlElement[]).push(child);
}

/**
 * The start tag at `lt`, checked (name, white space between attributes, quoted values, no attribute
 * twice): its element (namespaces resolved in `scope`); the scope inside it, the position of its ">" and
 * whether it is empty are left in `reader`.
 */
function startTag(text: string, lt: number, scope: ReadonlyMap<string, string>, reader: TagReader): XmlElement {
  const n = text.length;
  let j = lt + 1;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (isSpace(c) || c === 62 || c === 47) break;
    j++;
  }
  const tag = reader.name(text.slice(lt + 1, j), lt);
  const qualified = tag.qualified;
  let inner = scope;
  let plain: string[] | null = null;
  let names: Set<string> | null = null;
  let empty = false;
  for (;;) {
    const spaced = j;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    if (j >= n) throw new NotWellFormed(`the start tag <${qualified}> is not closed by ">"`, lt);
    const c = text.charCodeAt(j);
    if (c === 62) break;
    if (c === 47) {
      if (text.charCodeAt(j + 1) !== 62) throw new NotWellFormed(`"/" in the start tag <${qualified}> must be followed by ">"`, j);
      empty = true;
      j++;
      break;
    }
    if (j === spaced) throw new NotWellFormed(`the attributes of <${qualified}> must be separated by white space`, j);
    const nameStart = j;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (isSpace(d) || d === 61 || d === 62 || d === 47) break;
      j++;
    }
    const name = text.slice(nameStart, j);
    if (!isName(text, nameStart, j)) throw new NotWellFormed(`"${name}" is not a valid attribute name (in <${qualified}>)`, nameStart);
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== 61) throw new NotWellFormed(`the attribute ${name} of <${qualified}> has no value`, nameStart);
    j++;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    const quote = text.charCodeAt(j);
    if (quote !== 34 && quote !== 39) throw new NotWellFormed(`the value of the attribute ${name} of <${qualified}> must be in quotes`, nameStart);
    const close = text.indexOf(quote === 34 ? '"' : "'", j + 1);
    if (close === -1) throw new NotWellFormed(`the value of the attribute ${name} of <${qualified}> has no closing quote`, nameStart);
    const value = attributeValue(text.slice(j + 1, close), lt);
    j = close + 1;
    names ??= new Set();
    if (names.has(name)) throw new NotWellFormed(`the attribute ${name} is repeated in <${qualified}>`, nameStart);
    names.add(name);
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (inner === scope) inner = new Map(scope);
      (inner as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), value);
    } else (plain ??= []).push(name, value);
  }
  let attributes = NO_ATTRIBUTES;
  if (plain !== null) {
    const list: XmlAttribute[] = [];
    for (let k = 0; k < plain.length; k += 2) {
      const [p, local] = splitName(plain[k] ?? '');
      list.push({ name: local, namespace: p === '' ? '' : (inner.get(p) ?? null), value: plain[k + 1] ?? '' });
    }
    attributes = list;
  }
  const namespace = inner.get(tag.prefix) ?? (tag.prefix === '' ? '' : null);
  reader.qualified = qualified;
  reader.end = j;
  reader.empty = empty;
  reader.scope = inner;
  return { name: tag.local, namespace, attributes, children: NO_CHILDREN, text: '', offset: lt };
}

/**
 * Builds the tree in one pass, refusing what is not well-formed: tags that do not nest or are not
 * closed, malformed names and attributes, undefined entity references, markup declarations, text or
 * a second element outside the root. (No DOCTYPE gets here: safeXmlText refuses it first.)
 */
function buildTree(text: string, lineAt: (offset: number) => number): XmlElement {
  const n = text.length;
  // The open elements, innermost last: each with its name as written (what the end tag must repeat) and the scope inside it.
  const stack: XmlElement[] = [];
  const written: string[] = [];
  const scopes: ReadonlyMap<string, string>[] = [];
  const reader = new TagReader();
  const documentScope: ReadonlyMap<string, string> = new Map([['xml', XML_NAMESPACE]]);
  let root: XmlElement | undefined;
  // Text after a root written as an empty-element tag (<Document/>x) was always let through (XMLValidator
  // did) and ignored; kept so, since the editor then reports what is wrong with the document instead.
  let rootEmpty = false;
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const end = lt === -1 ? n : lt;
    const top = stack[stack.length - 1];
    if (end > i) {
      if (top !== undefined) top.text += decoded(lineEnds(text.slice(i, end)), i);
      else if (!rootEmpty) {
        for (let k = i; k < end; k++) {
          if (!isSpace(text.charCodeAt(k))) throw new NotWellFormed(`text is not allowed ${root === undefined ? 'before' : 'after'} the root element`, k);
        }
      }
    }
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    if (next === 47) {
      i = endTag(text, lt, stack, written, lineAt);
      scopes.pop();
    } else if (next === 63) {
      const close = text.indexOf('?>', lt + 2);
      if (close === -1) throw new NotWellFormed('the processing instruction is not closed by "?>"', lt);
      if (/^xml[\s?]/.test(text.slice(lt + 2, lt + 6)) && lt > 0)
        throw new NotWellFormed('the XML declaration is allowed only at the start of the document', lt);
      i = close + 2;
    } else if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      if (close === -1) throw new NotWellFormed('the comment is not closed by "-->"', lt);
      i = close + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      if (top === undefined) throw new NotWellFormed('a CDATA section is allowed only inside an element', lt);
      const close = text.indexOf(']]>', lt + 9);
      if (close === -1) throw new NotWellFormed('the CDATA section is not closed by "]]>"', lt);
      top.text += lineEnds(text.slice(lt + 9, close));
      i = close + 3;
    } else if (next === 33) {
      throw new NotWellFormed('markup declarations are not accepted', lt);
    } else {
      if (top === undefined && root !== undefined) throw new NotWellFormed('a document has exactly one root element; a second one starts here', lt);
      const element = startTag(text, lt, scopes[scopes.length - 1] ?? documentScope, reader);
      if (top === undefined) {
        root = element;
        rootEmpty = reader.empty;
      } else addChild(top, element);
      if (!reader.empty) {
        stack.push(element);
        written.push(reader.qualified);
        scopes.push(reader.scope);
      }
      i = reader.end + 1;
    }
  }
  const unclosed = stack[stack.length - 1];
  if (unclosed !== undefined) throw new NotWellFormed(`the element <${written[written.length - 1] ?? ''}> is never closed`, unclosed.offset);
  if (root === undefined) throw new NotWellFormed('a document has exactly one root element, this one has none', 0);
  return root;
}

/** The end tag at `lt`: it must close the innermost open element. Returns the position after its ">". */
function endTag(text: string, lt: number, stack: XmlElement[], written: string[], lineAt: (offset: number) => number): number {
  const n = text.length;
  const open = stack.pop();
  const openName = written.pop() ?? '';
  const start = lt + 2;
  let j = start;
  if (open !== undefined && text.startsWith(openName, start)) j += openName.length;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (isSpace(c) || c === 62) break;
    j++;
  }
  const qualified = text.slice(start, j);
  if (open === undefined) throw new NotWellFormed(`the end tag </${qualified}> closes no open element`, lt);
  if (qualified !== openName) {
    const at = position(text, open.offset, lineAt);
    throw new NotWellFormed(
      `expected the end tag </${openName}> (of the element opened on line ${at.line}, column ${at.column}) instead of </${qualified}>`,
      lt,
    );
  }
  while (j < n && isSpace(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) !== 62) throw new NotWellFormed(`the end tag </${qualified}> is not closed by ">"`, lt);
  return j + 1;
}

function position(text: string, offset: number, lineAt: (offset: number) => number): { line: number; column: number } {
  const line = lineAt(offset);
  return { line, column: offset - text.lastIndexOf('\n', offset - 1) };
}

/** Reads untrusted XML; never throws for bad input. */
export function readXml(input: string | Uint8Array): XmlReadResult {
  const safe = safeXmlText(input);
  if (!safe.ok) return { ok: false, problem: safe.problem };
  const text = safe.text;
  const at = textPositions(text);
  const lineAt = (offset: number): number => at(offset).line;
  const illegal = illegalXmlCharIndex(text);
  if (illegal !== -1) {
    const code = text.codePointAt(illegal) ?? 0;
    return {
      ok: false,
      problem: {
        rule: 'well-formed',
        message: `character U+${code.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`,
        ...position(text, illegal, lineAt),
      },
    };
  }
  try {
    return { ok: true, document: { root: buildTree(text, lineAt), lineAt } };
  } catch (err) {
    if (!(err instanceof NotWellFormed)) throw err;
    return { ok: false, problem: { rule: 'well-formed', message: err.message, ...position(text, err.offset, lineAt) } };
  }
}
