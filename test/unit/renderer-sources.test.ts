// The browser host rebuilds the UI when a file in RENDERER_SOURCE_DIRS is newer than the build: every file the
// UI's code imports, however indirectly (the editor's worker runs the bank's own pain.001 validator), must lie
// in one of them, or a changed rule would be served stale.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_SOURCE_DIRS } from '../../main/hosts/renderer-vite-config';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SPECIFIER = /(?:^|\s)(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|new URL\(\s*['"]([^'"]+)['"]/g;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** A relative import as a file: the path itself, or with .ts/.tsx, or its index. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every project file reachable from the UI's sources through relative imports. */
function reachable(): Set<string> {
  const seen = new Set<string>();
  const queue = sourcesUnder(join(ROOT, 'renderer', 'src'));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|tsx)$/.test(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = m[1] ?? m[2] ?? m[3] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = resolveImport(file, specifier);
      if (target !== null) queue.push(target);
    }
  }
  return seen;
}

describe("the UI's sources, as the browser host watches them", () => {
  it('lie in the folders whose changes make it rebuild', () => {
    const files = [...reachable()].map((file) => relative(ROOT, file));
    // The walk does reach beyond the renderer (the editor's validator), or it would prove nothing.
    expect(files.some((file) => file.startsWith(join('main', 'domain', 'iso20022')))).toBe(true);
    const outside = files.filter((file) => !RENDERER_SOURCE_DIRS.some((dir) => file === dir || file.startsWith(`${dir}${sep}`)));
    expect(outside).toEqual([]);
  });
});
