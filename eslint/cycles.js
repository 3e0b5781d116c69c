// No import cycles, type-only imports included (eslint-plugin-import-x's no-cycle skips those, and
// every cycle this codebase had was type-only). A cycle means two modules are really one: the thing
// both need belongs in a lower module both may import, never in either of them.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = dirname(dirname(new URL(import.meta.url).pathname));
const EXTENSIONS = ['.ts', '', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

const isFile = (path) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

/** The file a relative specifier names, or null for packages and what does not exist. */
function resolveSpecifier(specifier, importer) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(importer), specifier);
  const candidate = EXTENSIONS.map((ext) => base + ext).find(isFile);
  if (candidate) return candidate;
  // `./x.js` written for a TypeScript file `./x.ts`.
  const typescript = base.replace(/\.(m?)js$/, '.$1ts');
  return typescript !== base && isFile(typescript) ? typescript : null;
}

// Import and export statements (their `from` may be lines below, after a long list of names), side-effect
// imports and dynamic import(). A regular expression, not the TypeScript scanner: twenty times faster
// over the whole repository, and it finds the same imports in every file of it (checked when written).
const IMPORTS = /^[ \t]*(?:import|export)\b[^;]*?\bfrom\s*['"](\.[^'"]*)['"]|^[ \t]*import\s*['"](\.[^'"]*)['"]|\bimport\(\s*['"](\.[^'"]*)['"]\s*\)/gm;

/** Every relative module a source imports, re-exports or loads dynamically, type-only ones included. */
function importsOf(source, file) {
  const specifiers = [...source.matchAll(IMPORTS)].map((m) => m[1] ?? m[2] ?? m[3]);
  return [...new Set(specifiers.map((s) => resolveSpecifier(s, file)).filter(Boolean))];
}

// Each module is read once per version and its version checked at most once a second: a lint run
// reads each module once, an editor's long-lived linter sees a saved edit a second later.
const cache = new Map();
function importsOnDisk(file) {
  const now = Date.now();
  const hit = cache.get(file);
  if (hit && now - hit.checkedAt < 1000) return hit.imports;
  const mtime = statSync(file).mtimeMs;
  const imports = hit?.mtime === mtime ? hit.imports : importsOf(readFileSync(file, 'utf8'), file);
  cache.set(file, { mtime, imports, checkedAt: now });
  return imports;
}

/** The shortest chain of imports from `file` through its `imports` back to itself, or null. */
function shortestCycle(file, imports) {
  const previous = new Map(imports.map((target) => [target, file]));
  const queue = [...imports];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === file) {
      const chain = [file];
      for (let at = previous.get(file); at !== file; at = previous.get(at)) chain.unshift(at);
      return [file, ...chain];
    }
    for (const next of importsOnDisk(current)) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

const projectPath = (file) => relative(ROOT, file).split(sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'import cycle: {{chain}}. Move what both modules need into a module both may import.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!file.startsWith(ROOT)) return {};
    const imports = new Map();
    const collect = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(specifier, file);
      if (target && !imports.has(target)) imports.set(target, node.source);
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        // One search per file, from all its imports at once: the cycle is reported at the import it starts with.
        const chain = shortestCycle(file, [...imports.keys()]);
        if (chain) context.report({ node: imports.get(chain[1]), messageId: 'cycle', data: { chain: chain.map(projectPath).join(' -> ') } });
      },
    };
  },
};

export default rule;
