// The README is the front page: about two screens at 1280×800, every link into the repository
// resolving. The rest of the documentation lives in docs/, whose links are held to the same rule.
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, docFiles, readDoc, relativeLinks, ROOT } from '../support/markdown';

/**
 * The height GitHub gives the README at 1280×800, in lines of body text (24 px; a screen holds 33):
 * prose wraps at about 95 characters, a table row at about 120 plus its padding, a code line is a
 * little shorter, a heading takes two and a half, a paragraph gap half a line and a 1280×800 picture
 * 22. Measured against the README rendered in Chromium at GitHub's width: within 5 % near two screens.
 */
const SCREEN_LINES = 33;
const SCREENS = 2;

function shownLines(markdown: string): number {
  let lines = 0;
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      inCode = !inCode;
      lines += 1;
    } else if (inCode) lines += 0.9;
    else if (line.startsWith('![')) lines += 22;
    else if (/^#{1,6} /.test(line)) lines += 2.5;
    else if (line.trim() === '') lines += 0.5;
    else if (line.startsWith('|')) lines += /^\|[-:| ]+\|$/.test(line) ? 0 : Math.ceil(line.length / 120) + 0.5;
    else lines += line.length / 95;
  }
  return lines;
}

/** Links of one file that do not resolve: a missing file, or an anchor no heading of it gives. */
function brokenLinks(file: string): string[] {
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
  it(`fits ${SCREENS} screens at 1280×800`, () => {
    expect(shownLines(readDoc('README.md'))).toBeLessThanOrEqual(SCREENS * SCREEN_LINES);
  });

  it('keeps the test command CI runs on a line of its own', () => {
    expect(readDoc('README.md')).toMatch(/^npm test +# the test command \(CI runs it\)/m);
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
