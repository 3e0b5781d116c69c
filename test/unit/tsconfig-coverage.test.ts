// `npm run typecheck` checks every TypeScript file of the project, and the two projects (Node, the page) say so
// with folders and globs, never a hand-kept list of files that a new file slips past.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const PROJECTS = ['tsconfig.node.json', 'tsconfig.web.json'];
/** Not the project's sources: installed, built, or a test's temporary copy (dot folders). */
const SKIPPED = new Set(['node_modules', 'out', 'dist', 'coverage', 'screenshots']);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

function project(file: string): { include: string[]; fileNames: string[] } {
  const { config, error } = ts.readConfigFile(join(ROOT, file), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, join(ROOT, file));
  return { include: (parsed.raw as { include?: string[] }).include ?? [], fileNames: parsed.fileNames.map((f) => relative(ROOT, f)) };
}

describe('the TypeScript projects', () => {
  it('take every source file of the project', () => {
    const covered = new Set(PROJECTS.flatMap((file) => project(file).fileNames));
    const missing = sourcesUnder(ROOT).filter((file) => !covered.has(file));
    expect(missing).toEqual([]);
  });

  it.each(PROJECTS)('%s names folders and globs, not single source files', (file) => {
    const single = project(file).include.filter((entry) => !entry.includes('*') && /\.(ts|tsx|mts)$/.test(entry));
    expect(single).toEqual([]);
  });
});
