// The architecture's import rules (docs/architecture.md#the-lint-rule) as one lint rule:
// each layer names what it must not import (with `allow` carving exceptions out of `deny`), or the
// only things it may import. Relative specifiers
// are resolved against the importing file, so `../../store/x` and `main/store/x` are judged alike.
import { dirname, join, relative, sep } from 'node:path';

const ROOT = dirname(dirname(new URL(import.meta.url).pathname));

/** Project-relative path of a file, with forward slashes. */
const projectPath = (file) => relative(ROOT, file).split(sep).join('/');

/** What an import specifier names: a project path (for relative imports) or a package name. */
function target(specifier, importer) {
  if (specifier.startsWith('.')) return { kind: 'path', path: projectPath(join(dirname(importer), specifier)) };
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return { kind: 'package', name: name.replace(/^node:/, '') };
}

const under = (path, folder) => path === folder || path.startsWith(`${folder}/`) || path.startsWith(`${folder}.`);

function breach(layer, t) {
  if (t.kind === 'package') {
    if (layer.packages?.deny?.includes(t.name)) return `the package ${t.name}`;
    if (layer.packages?.only && !layer.packages.only.includes(t.name)) return `the package ${t.name}`;
    return null;
  }
  if (layer.paths?.allow?.some((folder) => under(t.path, folder))) return null;
  if (layer.paths?.deny?.some((folder) => under(t.path, folder))) return t.path;
  if (layer.paths?.only && !layer.paths.only.some((folder) => under(t.path, folder))) return t.path;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the architecture: dependencies point inward only.' },
    schema: [{ type: 'array' }],
    messages: { breach: '{{layer}} must not import {{what}}: {{why}}' },
  },
  create(context) {
    const file = projectPath(context.filename);
    const layers = (context.options[0] ?? []).filter((l) => l.files.some((f) => under(file, f)) && !l.except?.some((f) => under(file, f)));
    if (layers.length === 0) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const t = target(specifier, context.filename);
      for (const layer of layers) {
        const what = breach(layer, t);
        if (what) context.report({ node: node.source, messageId: 'breach', data: { layer: layer.name, what, why: layer.why } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { layers: rule } };
