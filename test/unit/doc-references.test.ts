// Source comments cite the design as `docs/<file>.md#<heading>`; each citation must name a heading
// that exists (GitHub's anchor), so renaming a heading without its citations fails here. The old
// design files outside the repository may no longer be cited at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, readDoc, ROOT } from '../support/markdown';

const SOURCE_FOLDERS = ['main', 'preload', 'renderer', 'shared', 'eslint', 'scripts', 'bench', 'test', 'collections'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|bru)$/;
const CITATION = /docs\/([\w-]+\.md)#([\w-]+)/g;
/** Spelled in pieces so this file does not cite them itself. */
const GONE = new RegExp(`\\b(${['DESIGN', 'STYLE'].join('|')})\\.md\\b`);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE_FILE.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name).slice(ROOT.length + 1));
}

const files = [...SOURCE_FOLDERS.flatMap(sourceFiles), ...readdirSync(ROOT).filter((f) => SOURCE_FILE.test(f))];

function citations(): { file: string; doc: string; anchor: string }[] {
  return files.flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(CITATION)].map((m) => ({ file, doc: `docs/${m[1]}`, anchor: m[2] ?? '' })),
  );
}

describe('citations of the docs in source comments', () => {
  it('are found in the sources (the scan reads them)', () => {
    expect(citations().length).toBeGreaterThan(30);
  });

  it('each name a heading that exists in its docs file', () => {
    const dangling = citations().filter(({ doc, anchor }) => !existsSync(join(ROOT, doc)) || !anchors(readDoc(doc)).has(anchor));
    expect(dangling).toEqual([]);
  });

  it('never name the design files that are not in the repository', () => {
    expect(files.filter((file) => GONE.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });
});
