// The layer order the docs give (CONTRIBUTING.md's "domain → store → …" and docs/architecture.md's numbered
// list) is the one the lint rule enforces: each layer's entry in eslint.config.js lets it import the layers
// before it and refuses every layer after it, and the renderer's refuses them all.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { outsideCode, readDoc, ROOT } from '../support/markdown';

/** One entry of the rule `architecture/layers` (eslint/layers.js), as far as paths go. */
interface LayerEntry {
  name: string;
  files: string[];
  except?: string[];
  paths?: { deny?: string[]; allow?: string[]; only?: string[] };
}

let entries: LayerEntry[];
beforeAll(async () => {
  const config = (await import(pathToFileURL(join(ROOT, 'eslint.config.js')).href)) as { default: { rules?: Record<string, unknown> }[] };
  const rule = config.default.map((block) => block.rules?.['architecture/layers']).find((found) => found !== undefined);
  entries = (rule as [string, LayerEntry[]])[1];
});

const within = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);

/** The one entry whose files are exactly this folder. */
function entryOf(folder: string): LayerEntry | undefined {
  return entries.find((entry) => entry.files.length === 1 && entry.files[0] === folder);
}

/** Whether an entry lets its files import a module of the folder (read as eslint/layers.js reads it). */
function mayImport(entry: LayerEntry | undefined, folder: string): boolean {
  const paths = entry?.paths;
  if (paths === undefined) return true;
  if (paths.only !== undefined) return paths.only.some((allowed) => within(folder, allowed));
  if ((paths.allow ?? []).some((allowed) => within(folder, allowed))) return true;
  return !(paths.deny ?? []).some((denied) => within(folder, denied));
}

/** CONTRIBUTING.md's chain in "Layers and the lint rule", each name a folder of main/. */
function contributingOrder(): string[] {
  const text = outsideCode(readDoc('CONTRIBUTING.md'));
  const section = text.slice(text.indexOf('## Layers and the lint rule'));
  const chain = /(\w+(?: → \w+)+)/.exec(section)?.[1] ?? '';
  return chain.split(' → ').map((name) => `main/${name}`);
}

/** docs/architecture.md's numbered list under "## Layers": each item's folder, in its order. */
function architectureOrder(): string[] {
  const text = outsideCode(readDoc('docs/architecture.md'));
  const start = text.indexOf('## Layers\n');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^\d+\. \*\*\w+\*\* \(`([^`]+?)\/?`\)/gm)].map((m) => m[1] ?? '');
}

describe('the documented layer order', () => {
  it('is read from both documents', () => {
    expect(contributingOrder()).toEqual(expect.arrayContaining(['main/domain', 'main/store', 'main/services', 'main/http', 'main/hosts']));
    expect(architectureOrder()).toContain('renderer/src');
  });

  it('is the same in CONTRIBUTING.md and docs/architecture.md', () => {
    expect(architectureOrder().filter((folder) => folder.startsWith('main/'))).toEqual(contributingOrder());
  });

  it('is the lint rule’s: each layer may import those before it and none after it', () => {
    const order = contributingOrder();
    const breaches = order.flatMap((layer, i) => {
      const entry = entryOf(layer);
      const before = order
        .slice(0, i)
        .filter((inner) => !mayImport(entry, inner))
        .map((inner) => `${layer} may not import ${inner}`);
      const after = order
        .slice(i + 1)
        .filter((outer) => mayImport(entry, outer))
        .map((outer) => `${layer} may import ${outer}`);
      return [...before, ...after];
    });
    expect(breaches).toEqual([]);
  });

  it('keeps the renderer out of every layer of main/', () => {
    const renderer = entryOf('renderer');
    expect(renderer).toBeDefined();
    expect(contributingOrder().filter((layer) => mayImport(renderer, layer))).toEqual([]);
  });
});
