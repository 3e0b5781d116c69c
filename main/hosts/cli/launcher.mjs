// `npm run serve`, `npm run web` and `npm start`: each starts from a bundle of its TypeScript sources, so a start
// pays for neither tsx (a launcher process and a compile worker) nor hundreds of module resolutions. The bundle
// is made here, on the first start after `npm ci` and again whenever a source it was made from has changed
// (checked by size and time of every input, a few milliseconds), so there is never a separate build step and
// never a stale bundle. Plain JavaScript: it has to run before anything can compile TypeScript.
//
//   node main/hosts/cli/launcher.mjs [serve|web|start|dev] [flags]     (no name: serve)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const ENTRIES = { serve: 'serve.ts', web: 'web.ts', start: 'start.ts', dev: 'dev.ts' };

const named = Object.hasOwn(ENTRIES, process.argv[2] ?? '') ? process.argv.splice(2, 1)[0] : 'serve';
const ENTRY = join(ROOT, 'main', 'hosts', 'cli', ENTRIES[named]);
// Inside node_modules, so the bundle's bare imports (better-sqlite3, vite, ...) resolve to the project's own;
// named by the checkout too, as git worktrees may share one node_modules and must not swap bundles mid-run.
const CHECKOUT = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);
const OUT_DIR = join(ROOT, 'node_modules', '.cache', 'psd2-workbench', `${named}-${CHECKOUT}`);
const BUNDLE = join(OUT_DIR, `${named}.mjs`);
const MANIFEST = join(OUT_DIR, 'inputs.json');
const LAUNCHER = relative(ROOT, fileURLToPath(import.meta.url));

const fingerprint = (file) => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'missing';
};

function upToDate() {
  try {
    const inputs = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    // A manifest that does not name this file was made by an older launcher, whose bundle may differ.
    return LAUNCHER in inputs && fingerprint(BUNDLE) !== 'missing' && Object.entries(inputs).every(([file, print]) => fingerprint(join(ROOT, file)) === print);
  } catch {
    return false;
  }
}

/**
 * What stays out of the bundle, loaded from node_modules as usual: packages with a native addon (loaded by
 * path, and by the checkpoint worker) and the development tools a command loads on demand (Vite for the UI,
 * electron-vite for the desktop app). Everything else, fastify and node-forge included, is bundled: resolving
 * and loading their hundreds of files one by one was most of a start's time. A development tool the running
 * packages need as well (Ajv, which Fastify loads at every start) is bundled like them: the lock file marks
 * what only development needs.
 */
function externalPackages() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const native = Object.keys(pkg.dependencies ?? {}).filter((name) => existsSync(join(ROOT, 'node_modules', name, 'binding.gyp')));
  const locked = lockedPackages();
  const developmentOnly = Object.keys(pkg.devDependencies ?? {}).filter((name) => locked === null || locked[`node_modules/${name}`]?.dev !== false);
  return [...native, ...developmentOnly];
}

/** package-lock.json's packages, each with `dev: true` when only development needs it; null without a lock. */
function lockedPackages() {
  try {
    const { packages } = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    return Object.fromEntries(Object.entries(packages ?? {}).map(([path, entry]) => [path, { dev: entry.dev === true }]));
  } catch {
    return null;
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
    external: externalPackages(),
    // The bundled CommonJS packages require Node's own modules; an ES module has no `require` of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    outfile: tmp,
    sourcemap: 'external',
    metafile: true,
    // The map is renamed with the bundle: the link names its final place, not the temporary one.
    footer: { js: `//# sourceMappingURL=${basename(BUNDLE)}.map` },
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  // This file (how the bundle is made), package.json and its lock (what stays outside) count as inputs too.
  const files = [...Object.keys(result.metafile.inputs), LAUNCHER, 'package.json', 'package-lock.json'];
  const inputs = Object.fromEntries(files.map((file) => [file, fingerprint(join(ROOT, file))]));
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
    console.error(
      `PSD2 Workbench: could not bundle the ${named} command (${err instanceof Error ? err.message.split('\n')[0] : err}); running the sources through tsx.`,
    );
    const { register } = await import('tsx/esm/api');
    register();
    entry = pathToFileURL(ENTRY).href;
  }
}
await import(entry);
