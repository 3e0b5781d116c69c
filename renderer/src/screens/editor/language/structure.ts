/**
 * Where the cursor is in the pain.001.001.03 structure: the elements open at a text offset (with
 * the children each already has), the children the schema allows at a path, in order, with their
 * cardinality, and the content of an element named by the validator's path. The structure is the
 * validator's own (main/domain/iso20022/pain001/schema.ts). Pure: text in, answers out; completion,
 * hover and quick fixes build on it.
 */
import { COMPLEX_TYPES, DOCUMENT_TYPE, type Particle } from '../../../../../main/domain/iso20022/pain001/schema';
import { canonicalSteps } from './positions';

export interface OpenElement {
  name: string;
  /** The local names of its children closed (or self-closed) before the offset, in order. */
  children: string[];
}

/** A start tag, end tag or empty-element tag; comments, CDATA, PIs and declarations are matched to be skipped. */
const TAG =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[?!][^>]*>?|<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

interface TagVisitor {
  start(name: string, at: number, contentStart: number): void;
  empty(name: string, at: number, end: number): void;
  end(name: string, at: number): void;
}

/** Calls the visitor for every complete tag that ends at or before `limit`. */
function visitTags(text: string, limit: number, visitor: TagVisitor): void {
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m !== null && m.index + m[0].length <= limit; m = TAG.exec(text)) {
    const name = m[2];
    if (name === undefined) continue;
    const end = m.index + m[0].length;
    if (m[1] === '/') visitor.end(name, m.index);
    else if (m[4] === '/') visitor.empty(name, m.index, end);
    else visitor.start(name, m.index, end);
  }
}

/** The elements open at `offset`, outermost first. */
export function openElementsAt(text: string, offset: number): OpenElement[] {
  const stack: OpenElement[] = [];
  visitTags(text, offset, {
    start: (name) => stack.push({ name, children: [] }),
    empty: (name) => stack[stack.length - 1]?.children.push(name),
    end: () => {
      const closed = stack.pop();
      if (closed) stack[stack.length - 1]?.children.push(closed.name);
    },
  });
  return stack;
}

/** The schema type of the element at a path of local names from Document; null where the path leaves the schema. */
export function typeAt(path: readonly string[]): string | null {
  if (path.length === 0 || path[0] !== 'Document') return null;
  let type = DOCUMENT_TYPE;
  for (const name of path.slice(1)) {
    const complex = COMPLEX_TYPES[type];
    if (!complex || complex.kind === 'simpleContent') return null;
    const at = complex.positions.get(name);
    const particle = at === undefined ? undefined : complex.particles[at];
    if (!particle) return null;
    type = particle.type;
  }
  return type;
}

const DOCUMENT: Particle = { name: 'Document', type: DOCUMENT_TYPE, min: 1, max: 1 };

/** The particle (name, type, cardinality) of the last element of a path, as its parent declares it. */
export function particleAt(path: readonly string[]): Particle | null {
  if (path.length === 1) return path[0] === 'Document' ? DOCUMENT : null;
  const parent = typeAt(path.slice(0, -1));
  const complex = parent === null ? undefined : COMPLEX_TYPES[parent];
  if (!complex || complex.kind === 'simpleContent') return null;
  const at = complex.positions.get(path[path.length - 1] ?? '');
  return at === undefined ? null : (complex.particles[at] ?? null);
}

/** Every child the schema declares at a path, in schema order; [Document] at the top. */
export function childrenAt(path: readonly string[]): { kind: 'sequence' | 'choice'; particles: readonly Particle[] } {
  if (path.length === 0) return { kind: 'sequence', particles: [DOCUMENT] };
  const type = typeAt(path);
  const complex = type === null ? undefined : COMPLEX_TYPES[type];
  if (!complex || complex.kind === 'simpleContent') return { kind: 'sequence', particles: [] };
  return { kind: complex.kind, particles: complex.particles };
}

/**
 * The children that may come next at a path whose element already has `present` children: in a
 * sequence, those at or after the last present one's place that have not reached their maximum;
 * in a choice, every alternative while none is present. In schema order.
 */
export function allowedChildren(path: readonly string[], present: readonly string[]): Particle[] {
  const { kind, particles } = childrenAt(path);
  const count = (name: string): number => present.filter((p) => p === name).length;
  if (kind === 'choice') return present.some((p) => particles.some((x) => x.name === p)) ? [] : [...particles];
  let last = -1;
  particles.forEach((p, i) => {
    if (present.includes(p.name)) last = i;
  });
  return particles.filter((p, i) => i >= last && count(p.name) < p.max);
}

/** "0..1", "1..1", "1..n", "0..10". */
export function cardinality(p: Pick<Particle, 'min' | 'max'>): string {
  return `${p.min}..${Number.isFinite(p.max) ? p.max : 'n'}`;
}

/** The offsets of an element's content (between its start and end tags) named by the validator's path; null when it is not in the text or is empty-tagged. */
export function contentRange(text: string, path: string): { start: number; end: number } | null {
  const wanted = canonicalSteps(path).join('/');
  const stack: { path: string; counts: Map<string, number>; contentStart: number }[] = [];
  const rootCounts = new Map<string, number>();
  let found: { start: number; end: number } | null = null;
  const enter = (name: string): string => {
    const parent = stack[stack.length - 1];
    const counts = parent?.counts ?? rootCounts;
    const index = (counts.get(name) ?? 0) + 1;
    counts.set(name, index);
    return `${parent ? `${parent.path}/` : ''}${name}[${index}]`;
  };
  visitTags(text, text.length, {
    start: (name, _at, contentStart) => stack.push({ path: enter(name), counts: new Map(), contentStart }),
    empty: (name) => void enter(name),
    end: (_name, at) => {
      const closed = stack.pop();
      if (closed && found === null && closed.path === wanted) found = { start: closed.contentStart, end: at };
    },
  });
  return found;
}
