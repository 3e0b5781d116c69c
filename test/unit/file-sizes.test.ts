// Files with one purpose stay small enough to read in one sitting: no source, style or document file is over
// 450 lines (generated data, such as the lock file and the flow and dataset JSON, is not written by hand). And
// no text narrates the project's history: figures carry the commit they were measured at, tests say what they
// hold, not which issue asked for them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const SKIPPED = new Set(['node_modules', 'out', 'dist', '.git', '.data', 'coverage']);
const WRITTEN = /\.(?:ts|tsx|mts|mjs|css|md)$/;
const MAX_LINES = 450;
/** Built from parts, so that this file does not name itself. */
const NARRATED = new RegExp(['issue' + ' [0-9]+', 'quiet' + ' run,'].join('|'), 'i');

function written(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return written(path);
    return WRITTEN.test(entry.name) ? [path] : [];
  });
}

const files = written(ROOT).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));
/** Lines as an editor counts them: a last newline ends the last line, it starts none. */
const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('the repository explains itself in small files', () => {
  it(`no file written by hand is over ${MAX_LINES} lines`, () => {
    const long = files.map(({ path, text }) => ({ path, lines: lineCount(text) })).filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('the benchmarks page stays under 300 lines: current figures, the method and the parts, not a diary', () => {
    const page = files.find((f) => f.path === join('docs', 'benchmarks.md'));
    expect(page === undefined ? Infinity : lineCount(page.text)).toBeLessThan(300);
  });

  it('no file narrates the project’s history (an issue number, a run named after a session)', () => {
    const narrated = files.flatMap(({ path, text }) => {
      const found = NARRATED.exec(text);
      return found ? [`${path}: “${found[0]}”`] : [];
    });
    expect(narrated).toEqual([]);
  });
});
