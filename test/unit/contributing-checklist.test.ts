// CONTRIBUTING's "Add a Berlin Group endpoint" names every place an endpoint touches. The compiler walks a
// contributor through the `Record` maps keyed by the operation registry's types (and the flow library's
// operation names): each file holding one must be named by the checklist, and each path it names must exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outsideCode, readDoc, ROOT } from '../support/markdown';

const HEADING = '### Add a Berlin Group endpoint';
const REGISTRY = 'main/domain/operations/registry.ts';
const FLOW_OPERATIONS = 'main/flows/library/operations.ts';
/** Where a map the compiler asks for can sit: the code, and the tests that typecheck with it. */
const SCANNED = ['main', 'shared', 'renderer', 'preload', 'test', 'bench', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts)$/;
/** A project path, as test/unit/doc-paths.test.ts reads one: a placeholder such as `<area>` is none. */
const PATH = /^(?!\.?\/)[\w.@-]+(\/[\w.@-]+)*(\.[a-z0-9]+|\/)$/i;

/** The checklist's text: from its heading to the next heading of its level or above. */
function checklist(): string {
  const text = outsideCode(readDoc('CONTRIBUTING.md'));
  const start = text.indexOf(`${HEADING}\n`);
  if (start < 0) throw new Error(`CONTRIBUTING.md has no "${HEADING}"`);
  const rest = text.slice(start + HEADING.length);
  const next = rest.search(/^#{1,3} /m);
  return next < 0 ? rest : rest.slice(0, next);
}

const namedPaths = (text: string): string[] =>
  [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '').filter((code) => code.includes('/') && PATH.test(code));

/**
 * The key types whose `Record`s the compiler asks a new endpoint to fill: the operation types the registry
 * exports, the signing profile type its rows name, and the flow library's operation names.
 */
function operationKeyTypes(): Set<string> {
  const registry = readDoc(REGISTRY);
  const exported = [...registry.matchAll(/^export type (\w+)/gm)].map((m) => m[1] ?? '');
  const profile = /\bprofile: (\w+) \| null/.exec(registry)?.[1];
  const flow = /^export type (\w+) = keyof typeof OPERATIONS/m.exec(readDoc(FLOW_OPERATIONS))?.[1];
  return new Set([...exported, profile, flow].filter((name): name is string => name !== undefined && /Operation/.test(name)));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE_FILE.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name).slice(ROOT.length + 1));
}

/**
 * The key types of the maps a file declares: `Record<K, …>` (also inside `Readonly<…>` or after `satisfies`)
 * and mapped types `{ [P in K]: … }`. A `Partial<Record<…>>` is left out: the compiler asks nothing of it.
 */
function mapKeyTypes(source: string): string[] {
  const records = [...source.matchAll(/(?<!Partial<\s*)\bRecord<\s*(\w+)\s*,/g)].map((m) => m[1] ?? '');
  const mapped = [...source.matchAll(/\[\s*\w+\s+in\s+(\w+)\s*\]/g)].map((m) => m[1] ?? '');
  return [...records, ...mapped];
}

/** Every file holding a map keyed by one of the operation types. */
function filesWithOperationMaps(): string[] {
  const keys = operationKeyTypes();
  return SCANNED.flatMap(sourceFiles).filter((file) => mapKeyTypes(readFileSync(join(ROOT, file), 'utf8')).some((key) => keys.has(key)));
}

describe('the checklist "Add a Berlin Group endpoint"', () => {
  it('starts at the operation registry', () => {
    expect(namedPaths(checklist())[0]).toBe(REGISTRY);
  });

  it('names only paths that exist', () => {
    const paths = namedPaths(checklist());
    expect(paths.length).toBeGreaterThan(15);
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('names every file holding a map keyed by the registry’s operations or the flow library’s', () => {
    const named = new Set(namedPaths(checklist()));
    expect(filesWithOperationMaps().filter((file) => !named.has(file))).toEqual([]);
  });

  it('finds the maps (the scan reads the registry’s types and the files that key on them)', () => {
    expect([...operationKeyTypes()]).toEqual(expect.arrayContaining(['BankOperation', 'SignedOperation', 'OperationName']));
    expect(filesWithOperationMaps()).toEqual(expect.arrayContaining([REGISTRY, 'main/flows/runs/actions.ts', 'test/unit/tpp-requests.test.ts']));
    expect(mapKeyTypes('const A: Readonly<Record<SignedOperation, X>> = {}; type B = { [K in BankOperation]: K };')).toEqual([
      'SignedOperation',
      'BankOperation',
    ]);
    expect(mapKeyTypes('const C: Partial<Record<BankOperation, X>> = {}; const D: Record<string, BankOperation> = {};')).toEqual(['string']);
  });
});
