// Reading the repository's Markdown as GitHub shows it: headings and their anchors, links, and the
// text outside fenced code blocks. Shared by the tests that keep the docs and their citations honest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export const readDoc = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The Markdown files written for readers: the README, CONTRIBUTING, everything in docs/ and the Bruno collection's guide. */
export function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs, 'collections/bruno/README.md'];
}

/** The text with fenced code blocks blanked out (line count kept), so code is never read as prose. */
export function outsideCode(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ''));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
export function githubSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a file's headings give, a repeated one numbered as GitHub numbers it (-1, -2, …). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, text] of outsideCode(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = githubSlug(text ?? '');
    const count = seen.get(slug) ?? 0;
    result.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return result;
}

/** Targets of the Markdown links and images that stay inside the repository (no scheme, no mail). */
export function relativeLinks(markdown: string): string[] {
  const targets = [...outsideCode(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((m) => m[1] ?? '');
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}
