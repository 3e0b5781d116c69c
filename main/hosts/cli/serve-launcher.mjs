// `npm run serve`, `npm run web` and `npm start`: each starts from a bundle of its TypeScript sources, so a start
// pays for neither tsx (a launcher process and a compile worker) nor hundreds of module resolutions. The bundle
// is made here, on the first start after `npm ci` and again whenever a source it was made from has changed
// (checked by size and time of every input, a few milliseconds), so there is never a separate build step and
// never a stale bundle. Plain JavaScript: it has to run before anything can compile TypeScript.
//
//   node main/hosts/cli/serve-launcher.mjs [serve|web|start] [flags]     (no name: serve)
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const ENTRIES = { serve: 'serve.ts', web: 'web.ts', start: 'start.ts' };

const named = Object.hasOwn(ENTRIES, process.argv[2] ?? '') ? process.argv.splice(2, 1)[0] : 'serve';
const ENTRY = join(ROOT, 'main', 'hosts', 'cli', ENTRIES[named]);
// Inside node_modules, so the bundle's bare imports (fastify, better-sqlite3, ...) resolve to the project's own.
const OUT_DIR = join(ROOT, 'node_modules', '.cache', 'psd2-workbench', named);
const BUNDLE = join(OUT_DIR, `${named}.mjs`);
const MANIFEST = join(OUT_DIR, 'inputs.json');

const fingerprint = (file) => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'missing';
};

function upToDate() {
  try {
    const inputs = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    return fingerprint(BUNDLE) !== 'missing' && Object.entries(inputs).every(([file, print]) => fingerprint(join(ROOT, file)) === print);
  } catch {
    return false;
  }
}

async function build() {
  const { build: esbuild } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  // Each start builds under its own names and renames into place: starts running side by side never read half a file.
  const tmp = `${BUNDLE}.${process.pid}.tmp`;
  const result = await esbuild({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: tmp,
    sourcemap: 'external',
    metafile: true,
    // The map is renamed with the bundle: the link names its final place, not the temporary one.
    footer: { js: `//# sourceMappingURL=${basename(BUNDLE)}.map` },
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((file) => [file, fingerprint(join(ROOT, file))]));
  writeFileSync(`${MANIFEST}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${tmp}.map`, `${BUNDLE}.map`);
  renameSync(tmp, BUNDLE);
  renameSync(`${MANIFEST}.${process.pid}.tmp`, MANIFEST);
}

let entry = pathToFileURL(BUNDLE).href;
if (!upToDate()) {
  try {
    await build();
  } catch (err) {
    // Never worse than before: run the sources through tsx as these commands always could.
    console.error(`PSD2 Workbench: could not bundle the ${named} command (${err instanceof Error ? err.message.split('\n')[0] : err}); running the sources through tsx.`);
    const { register } = await import('tsx/esm/api');
    register();
    entry = pathToFileURL(ENTRY).href;
  }
}
await import(entry);
