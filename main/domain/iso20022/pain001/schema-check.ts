/**
 * Checks an element tree against the pain.001 structure: sequences in order, choices with
 * one alternative, min/max occurrences, no unknown elements or attributes, facets of every
 * value. Returns the elements whose value failed, so later rules do not read them.
 */
import { XSI_NAMESPACE, type XmlElement } from '../xml-tree';
import type { IssueList } from './issues';
import { COMPLEX_TYPES, type AttributeDeclaration, type ModelGroup, type Particle } from './schema';
import { checkSimpleValue } from './simple-types';

const NON_WHITESPACE = /[^ \t\r\n]/;
const NO_ATTRIBUTES: readonly AttributeDeclaration[] = [];

class SchemaWalk {
  readonly invalid = new Set<XmlElement>();

  constructor(
    private readonly issues: IssueList,
    private readonly namespace: string,
  ) {}

  element(el: XmlElement, type: string, path: string): void {
    if (el.namespace !== this.namespace) {
      const ns = el.namespace === null ? 'an undeclared prefix' : el.namespace === '' ? 'no namespace' : `namespace ${el.namespace}`;
      this.issues.schema(path, 'namespace', `${el.name} has ${ns}; expected ${this.namespace}`, el);
    }
    const complex = COMPLEX_TYPES[type];
    if (complex === undefined) {
      this.attributes(el, path, NO_ATTRIBUTES);
      this.value(el, type, path);
      return;
    }
    if (complex.kind === 'simpleContent') {
      this.attributes(el, path, complex.attributes);
      this.value(el, complex.valueType, path);
      return;
    }
    this.attributes(el, path, NO_ATTRIBUTES);
    if (el.text !== '' && NON_WHITESPACE.test(el.text)) {
      this.issues.schema(path, 'element-only content', `${el.name} may contain only elements, not text`, el);
    }
    if (complex.kind === 'sequence') this.sequence(el, complex, path);
    else this.choice(el, complex, path);
  }

  private value(el: XmlElement, type: string, path: string): void {
    const first = el.children[0];
    if (first !== undefined) {
      this.invalid.add(el);
      this.issues.schema(path, 'text-only content', `${el.name} may contain only a value, not the element ${first.name}`, el);
      return;
    }
    const problem = checkSimpleValue(type, el.text);
    if (problem !== null) {
      this.invalid.add(el);
      this.issues.schema(path, problem.rule, `${el.name}: ${problem.message}`, el);
    }
  }

  private attributes(el: XmlElement, path: string, declared: readonly AttributeDeclaration[]): void {
    if (el.attributes.length === 0 && declared.length === 0) return;
    for (const a of el.attributes) {
      if (a.namespace === XSI_NAMESPACE) continue;
      const declaration = a.namespace === '' ? declared.find((d) => d.name === a.name) : undefined;
      if (declaration === undefined) {
        this.issues.schema(`${path}/@${a.name}`, 'unknown attribute', `${el.name} has no attribute ${a.name}`, el);
        continue;
      }
      const problem = checkSimpleValue(declaration.type, a.value);
      if (problem !== null) {
        this.invalid.add(el);
        this.issues.schema(`${path}/@${a.name}`, problem.rule, `${a.name}: ${problem.message}`, el);
      }
    }
    for (const d of declared) {
      if (d.required && !el.attributes.some((a) => a.namespace === '' && a.name === d.name)) {
        this.invalid.add(el);
        this.issues.schema(`${path}/@${d.name}`, 'required attribute', `${el.name} needs the attribute ${d.name}`, el);
      }
    }
  }

  /** Required particles from..to-1 that never occurred; an element given out of order is reported as such instead. */
  private missing(el: XmlElement, group: ModelGroup, counts: number[], from: number, to: number, path: string): void {
    let present: Set<string> | undefined;
    for (let q = from; q < to; q++) {
      const p = group.particles[q];
      if (p === undefined || (counts[q] ?? 0) >= p.min) continue;
      present ??= new Set(el.children.map((c) => c.name));
      if (present.has(p.name)) continue;
      this.issues.schema(`${path}/${p.name}`, 'minOccurs', `${el.name} needs ${p.name}${p.min > 1 ? ` at least ${p.min} times` : ''}`, el);
    }
  }

  private sequence(el: XmlElement, group: ModelGroup, path: string): void {
    const { particles, positions } = group;
    const counts = new Array<number>(particles.length).fill(0);
    let at = 0;
    for (const child of el.children) {
      const position = positions.get(child.name);
      const particle = position === undefined ? undefined : particles[position];
      if (position === undefined || particle === undefined) {
        this.issues.schema(`${path}/${child.name}`, 'unknown element', `${child.name} is not an element of ${el.name}`, child);
        continue;
      }
      const count = (counts[position] ?? 0) + 1;
      counts[position] = count;
      const childPath = particle.max > 1 ? `${path}/${particle.name}[${count}]` : `${path}/${particle.name}`;
      if (position < at) {
        this.issues.schema(childPath, 'element order', `${child.name} must come before ${particles[at]?.name ?? ''} in ${el.name}`, child);
      } else {
        if (position > at) this.missing(el, group, counts, at, position, path);
        at = position;
        if (count > particle.max) {
          this.issues.schema(
            childPath,
            'maxOccurs',
            `${el.name} may contain ${particle.name} at most ${particle.max} time${particle.max === 1 ? '' : 's'}`,
            child,
          );
        }
      }
      this.element(child, particle.type, childPath);
    }
    this.missing(el, group, counts, at, particles.length, path);
  }

  private choice(el: XmlElement, type: ModelGroup, path: string): void {
    let chosen: Particle | undefined;
    for (const child of el.children) {
      const position = type.positions.get(child.name);
      const particle = position === undefined ? undefined : type.particles[position];
      if (particle === undefined) {
        this.issues.schema(`${path}/${child.name}`, 'unknown element', `${child.name} is not an element of ${el.name}`, child);
        continue;
      }
      const childPath = `${path}/${child.name}`;
      if (chosen !== undefined) {
        this.issues.schema(
          childPath,
          'choice',
          `${el.name} takes only one of ${type.particles.map((p) => p.name).join(', ')}; ${chosen.name} is already given`,
          child,
        );
      } else chosen = particle;
      this.element(child, particle.type, childPath);
    }
    if (chosen === undefined) {
      this.issues.schema(path, 'minOccurs', `${el.name} needs one of ${type.particles.map((p) => p.name).join(', ')}`, el);
    }
  }
}

/** Walks the tree from its root element; issues go to `issues`, the elements with failed values are returned. */
export function checkSchema(root: XmlElement, rootType: string, namespace: string, issues: IssueList): Set<XmlElement> {
  const walk = new SchemaWalk(issues, namespace);
  walk.element(root, rootType, root.name);
  return walk.invalid;
}
