// The README is the front page: about two screens at 1280×800, every link into the repository
// resolving. The rest of the documentation lives in docs/, whose links are held to the same rule.
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, docFiles, outsideCode, readDoc, relativeLinks, ROOT } from '../support/markdown';

/**
 * Lines as a 1280×800 window shows them: a line of text wraps at about 100 characters, a table row
 * or list item counts as what it wraps to, and a picture as 20 lines. Two screens hold about 110.
 */
const SCREEN_LINES = 110;
const CHARS_PER_LINE = 100;
const PICTURE_LINES = 20;

export function shownLines(markdown: string): number {
  return markdown.split('\n').reduce((sum, line) => {
    if (/^!\[/.test(line)) return sum + PICTURE_LINES;
    return sum + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE));
  }, 0);
}

/** Links of one file that do not resolve: a missing file, or an anchor no heading of it gives. */
export function brokenLinks(file: string): string[] {
  const markdown = readDoc(file);
  return relativeLinks(markdown).filter((link) => {
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? file : normalize(join(dirname(file), decodeURI(path)));
    if (!existsSync(join(ROOT, target))) return true;
    if (anchor === undefined) return false;
    return !target.endsWith('.md') || !anchors(readDoc(target)).has(anchor);
  });
}

describe('the README', () => {
  it(`fits about two screens (${SCREEN_LINES} shown lines)`, () => {
    expect(shownLines(readDoc('README.md'))).toBeLessThanOrEqual(SCREEN_LINES);
  });

  it('keeps the test command CI runs on a line of its own', () => {
    expect(outsideCode(readDoc('README.md'))).toContain('The test command');
    expect(readDoc('README.md')).toMatch(/^npm test +# /m);
  });

  it('links only to files and headings that exist', () => {
    expect(relativeLinks(readDoc('README.md')).length).toBeGreaterThan(5);
    expect(brokenLinks('README.md')).toEqual([]);
  });
});

describe('the docs', () => {
  it.each(docFiles().filter((f) => f !== 'README.md'))('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
