/**
 * Untrusted XML to a small element tree: the safety checks, well-formedness by
 * fast-xml-parser's XMLValidator (with line and column), then one pass that builds
 * elements in document order with namespaces resolved and character data decoded.
 * The tree is built here rather than by XMLParser because the schema needs element
 * order and positions, and XMLParser's ordered output took several times longer on a
 * 10,000-transaction bulk than everything else together.
 */
import { XMLValidator } from 'fast-xml-parser';
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
  attributes: XmlAttribute[];
  children: XmlElement[];
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

const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

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

function lineIndex(text: string): (offset: number) => number {
  const at = textPositions(text);
  return (offset) => at(offset).line;
}

class NotWellFormed extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

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
  // XMLValidator lets a literal "<" through in attribute values; XML does not.
  if (raw.includes('<')) throw new NotWellFormed('"<" must be written &lt; in an attribute value', offset);
  return decoded(raw.replace(/\r\n?|[\n\t]/g, ' '), offset);
}

interface Open {
  element: XmlElement;
  scope: ReadonlyMap<string, string>;
}

/** The start tag at `lt`: its element (namespaces resolved in `scope`), the scope inside it, and where it ends. */
function startTag(text: string, lt: number, scope: ReadonlyMap<string, string>): { open: Open; end: number; empty: boolean } {
  let end = lt + 1;
  let quote = 0;
  for (; end < text.length; end++) {
    const c = text.charCodeAt(end);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) break;
  }
  const empty = text.charCodeAt(end - 1) === 47;
  const body = text.slice(lt + 1, empty ? end - 1 : end);
  const nameEnd = body.search(/\s|$/);
  const [prefix, name] = splitName(body.slice(0, nameEnd));
  let inner = scope;
  const attributes: XmlAttribute[] = [];
  if (nameEnd < body.length) {
    const plain: [string, string][] = [];
    ATTRIBUTE.lastIndex = nameEnd;
    for (let m = ATTRIBUTE.exec(body); m !== null; m = ATTRIBUTE.exec(body)) {
      const qualified = m[1] ?? '';
      const value = attributeValue(m[2] ?? m[3] ?? '', lt);
      if (qualified === 'xmlns' || qualified.startsWith('xmlns:')) {
        if (inner === scope) inner = new Map(scope);
        (inner as Map<string, string>).set(qualified === 'xmlns' ? '' : qualified.slice(6), value);
      } else plain.push([qualified, value]);
    }
    for (const [qualified, value] of plain) {
      const [p, local] = splitName(qualified);
      attributes.push({ name: local, namespace: p === '' ? '' : (inner.get(p) ?? null), value });
    }
  }
  const namespace = inner.get(prefix) ?? (prefix === '' ? '' : null);
  return { open: { element: { name, namespace, attributes, children: [], text: '', offset: lt }, scope: inner }, end, empty };
}

/**
 * Builds the tree of a document XMLValidator has accepted and that has no DOCTYPE, so
 * tags nest and attributes are well formed; what is left to refuse here is an undefined
 * entity reference and more than one root element.
 */
function buildTree(text: string): XmlElement {
  const roots: XmlElement[] = [];
  const stack: Open[] = [];
  let scope: ReadonlyMap<string, string> = new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]);
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const top = stack[stack.length - 1];
    if (lt === -1 || lt > i) {
      const raw = text.slice(i, lt === -1 ? text.length : lt);
      if (top !== undefined) top.element.text += decoded(lineEnds(raw), i);
      if (lt === -1) break;
    }
    if (text.startsWith('</', lt)) {
      stack.pop();
      scope = stack[stack.length - 1]?.scope ?? scope;
      i = text.indexOf('>', lt) + 1;
    } else if (text.startsWith('<?', lt)) {
      i = text.indexOf('?>', lt) + 2;
    } else if (text.startsWith('<!--', lt)) {
      i = text.indexOf('-->', lt + 4) + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (top !== undefined) top.element.text += lineEnds(text.slice(lt + 9, end));
      i = end + 3;
    } else if (text.startsWith('<!', lt)) {
      throw new NotWellFormed('markup declarations are not accepted', lt);
    } else {
      const { open, end, empty } = startTag(text, lt, top?.scope ?? scope);
      if (top !== undefined) top.element.children.push(open.element);
      else roots.push(open.element);
      if (!empty) stack.push(open);
      i = end + 1;
    }
  }
  const root = roots[0];
  if (root === undefined || roots.length > 1) {
    throw new NotWellFormed(`a document has exactly one root element, this one has ${roots.length}`, roots[1]?.offset ?? 0);
  }
  return root;
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
  const lineAt = lineIndex(text);
  const illegal = illegalXmlCharIndex(text);
  if (illegal !== -1) {
    const code = text.codePointAt(illegal) ?? 0;
    return {
      ok: false,
      problem: { rule: 'well-formed', message: `character U+${code.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`, ...position(text, illegal, lineAt) },
    };
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    return { ok: false, problem: { rule: 'well-formed', message: valid.err.msg, line: valid.err.line, column: valid.err.col } };
  }
  try {
    return { ok: true, document: { root: buildTree(text), lineAt } };
  } catch (err) {
    if (!(err instanceof NotWellFormed)) throw err;
    return { ok: false, problem: { rule: 'well-formed', message: err.message, ...position(text, err.offset, lineAt) } };
  }
}
