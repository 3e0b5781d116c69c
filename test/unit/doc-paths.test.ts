// A path the docs name in backticks must exist, so a moved or renamed file cannot leave the docs
// pointing at nothing (the checklists in CONTRIBUTING.md name the files to touch).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { docFiles, outsideCode, readDoc, ROOT } from '../support/markdown';

/** A project path: segments of plain characters with a slash, ending in a file extension or a slash. */
const PATH = /^(?!\.?\/)[\w.@-]+(\/[\w.@-]+)*(\.[a-z0-9]+|\/)$/i;
/** Folders the docs name that a checkout does not hold: made at run time or by a placeholder. */
const NOT_IN_A_CHECKOUT = /^(DIR|node_modules|out|\.data|screenshots)\//;

function namedPaths(markdown: string): string[] {
  return [...outsideCode(markdown).matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1] ?? '')
    .filter((code) => code.includes('/') && PATH.test(code) && !NOT_IN_A_CHECKOUT.test(code));
}

it.each(docFiles().filter((f) => f !== 'README.md'))('%s names only paths that exist', (file) => {
  expect(namedPaths(readDoc(file)).filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
});

it('finds the paths the docs name (the pattern reads them)', () => {
  expect(namedPaths(readDoc('docs/architecture.md'))).toContain('main/simulator.ts');
  expect(namedPaths(readDoc('docs/architecture.md'))).toContain('renderer/src/screens/editor/language/');
});
