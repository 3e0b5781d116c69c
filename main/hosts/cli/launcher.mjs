// `npm run serve`, `npm run web` and `npm start`: each starts from a bundle of its TypeScript sources, so a start
// pays for neither tsx (a launcher process and a compile worker) nor hundreds of module resolutions. The bundle
// is made here, on the first start after `npm ci` and again whenever a source it was made from has changed
// (checked by size and time of every input, of a package its package.json: a few milliseconds), so there is
// never a separate build step and never a stale bundle. The bundle is CommonJS, compiled through node:vm with
// V8's code cache kept beside it (Node 20 caches no compiled ES module): a start neither parses nor compiles
// the 3 MB again.
// Plain JavaScript: it has to run before anything can compile TypeScript.
//
//   node main/hosts/cli/launcher.mjs [serve|web|start|dev|flow|conduct] [flags]     (no name: serve)
//
// Installed from the packed tarball there are no sources and no esbuild: the bundles were made at pack time
// (`npm pack` runs scripts/pack-build.ts, which runs this file with PSD2_WORKBENCH_PACK=1) into dist/cli/,
// and a start runs them as they are.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { limitHeapGrowth } from '../heap-growth.mjs';

limitHeapGrowth();

const ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const ENTRIES = { serve: 'serve.ts', web: 'web.ts', start: 'start.ts', dev: 'dev.ts', flow: 'flow.ts', conduct: 'conduct.ts' };

const named = Object.hasOwn(ENTRIES, process.argv[2] ?? '') ? process.argv.splice(2, 1)[0] : 'serve';
const ENTRY = join(ROOT, 'main', 'hosts', 'cli', ENTRIES[named]);
// Inside node_modules, so the bundle's bare imports (better-sqlite3, vite, ...) resolve to the project's own;
// named by the checkout too, as git worktrees may share one node_modules and must not swap bundles mid-run.
const CHECKOUT = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);
/** Making the package's bundles (scripts/pack-build.ts): build into dist/cli and run nothing. */
const PACKING = process.env.PSD2_WORKBENCH_PACK === '1';
/** Installed from the package: no sources to bundle, the bundle made at pack time. */
const PACKAGED = !PACKING && !existsSync(ENTRY);
const OUT_DIR = PACKING || PACKAGED ? join(ROOT, 'dist', 'cli', named) : join(ROOT, 'node_modules', '.cache', 'psd2-workbench', `${named}-${CHECKOUT}`);
const BUNDLE = join(OUT_DIR, `${named}.cjs`);
const MANIFEST = join(OUT_DIR, 'inputs.json');
/** There when the bundle import()s a package left outside: it then runs without V8's code cache (see build()). */
const NO_CODE_CACHE = join(OUT_DIR, 'no-code-cache');
const LAUNCHER = relative(ROOT, fileURLToPath(import.meta.url));
const CACHE_SUFFIX = '.v8-cache';
// The bundle's CommonJS runs inside this function, as Node's loader wraps a module; BUNDLE_URL stands for import.meta.url.
const BUNDLE_URL = '__bundleUrl';
const WRAPPER_HEAD = `(function (exports, require, module, __filename, __dirname, ${BUNDLE_URL}) {`;
const WRAPPER_TAIL = '\n})';

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

const NODE_MODULES = 'node_modules/';

/**
 * What a start checks: each source file of the project, and of each bundled package its package.json only, which
 * npm writes with every install of it; over a thousand files of packages were most of the check's time.
 */
function checkedInputs(files) {
  const packageFiles = files
    .filter((file) => file.includes(NODE_MODULES))
    .map((file) => {
      const root = file.lastIndexOf(NODE_MODULES) + NODE_MODULES.length;
      const [scopeOrName, name] = file.slice(root).split('/');
      return `${file.slice(0, root)}${scopeOrName.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName}/package.json`;
    });
  return [...new Set([...files.filter((file) => !file.includes(NODE_MODULES)), ...packageFiles])];
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
    format: 'cjs',
    target: 'node20',
    external: externalPackages(),
    // A name the wrapper of runBundle() passes: CommonJS has no import.meta of its own.
    define: { 'import.meta.url': BUNDLE_URL },
    outfile: tmp,
    sourcemap: 'external',
    // Smaller to read and to hand to V8 (docs/benchmarks.md#start-up-part-by-part); names stay as written.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    // The wrapper is part of the file (the map counts it): the source V8 is given is the string read, not a copy of it.
    banner: { js: WRAPPER_HEAD },
    // The map is renamed with the bundle: the link names its final place, not the temporary one.
    footer: { js: `${WRAPPER_TAIL}\n//# sourceMappingURL=${basename(BUNDLE)}.map` },
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  // This file (how the bundle is made), package.json and its lock (what stays outside) count as inputs too.
  const files = [...checkedInputs(Object.keys(result.metafile.inputs)), LAUNCHER, 'package.json', 'package-lock.json'];
  const inputs = Object.fromEntries(files.map((file) => [file, fingerprint(join(ROOT, file))]));
  // V8 restores code from a cache without what import() needs (Node 20 then throws ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint !== undefined);
  const importsOutside = output?.imports.some((i) => i.kind === 'dynamic-import' && i.external) ?? true;
  if (importsOutside) writeFileSync(NO_CODE_CACHE, '');
  else rmSync(NO_CODE_CACHE, { force: true });
  dropCodeCaches(null);
  writeFileSync(`${MANIFEST}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${tmp}.map`, `${BUNDLE}.map`);
  asciiOnly(tmp);
  renameSync(tmp, BUNDLE);
  renameSync(`${MANIFEST}.${process.pid}.tmp`, MANIFEST);
}

/**
 * Makes the bundle plain ASCII, so a start reads it as latin1: Node 20 decodes UTF-8 several times slower
 * (docs/benchmarks.md#start-up-part-by-part). esbuild escapes what it can but keeps comments and some regular expressions as written; each
 * other character becomes its \u escape: the same character in a string, a template or a regular expression, and
 * mere text in a comment. Only source text read back would differ (a RegExp's `source`, a template's `raw`, a
 * function's toString()); nothing the simulator runs reads it of a pattern or template past ASCII.
 */
function asciiOnly(file) {
  const code = readFileSync(file, 'utf8');
  const escaped = code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== code) writeFileSync(file, escaped);
}

/**
 * Runs the bundle as Node runs a CommonJS module, compiled with the code V8 kept from an earlier start of this
 * very bundle (its size and time name the cache file: V8 itself checks only the source's length). Without a
 * usable cache, one is written once the command is ready (its `ready` export settles), when the functions a
 * start runs have been compiled and the ready line is out.
 */
function runBundle() {
  const fd = openSync(BUNDLE, 'r');
  let source;
  let stamp;
  try {
    const stat = fstatSync(fd);
    stamp = `${stat.size}:${stat.mtimeMs}`;
    // ASCII (asciiOnly), so latin1 reads it exactly.
    source = readFileSync(fd, 'latin1');
  } finally {
    closeSync(fd);
  }
  const cacheFile = join(OUT_DIR, `${named}.${createHash('sha256').update(stamp).digest('hex').slice(0, 16)}${CACHE_SUFFIX}`);
  const cacheable = !existsSync(NO_CODE_CACHE);
  let cachedData;
  try {
    if (cacheable) cachedData = readFileSync(cacheFile);
  } catch {
    // None yet for this bundle.
  }
  const script = new vm.Script(source, {
    filename: BUNDLE,
    cachedData,
    // import() of the packages left outside (Vite, electron-vite), resolved from the bundle's place as before.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(BUNDLE), module, BUNDLE, OUT_DIR, pathToFileURL(BUNDLE).href);
  if (cacheable && (cachedData === undefined || script.cachedDataRejected === true)) {
    // No handler for a failure: the command's own rejection stays unhandled and ends the process, as it would without this.
    Promise.resolve(module.exports.ready).then(() => setImmediate(() => keepCompiledCode(script, cacheFile)));
  }
}

/** The caches of earlier bundles (all but `kept`). */
function dropCodeCaches(kept) {
  for (const name of readdirSync(OUT_DIR)) {
    if (name.startsWith(`${named}.`) && name.endsWith(CACHE_SUFFIX) && join(OUT_DIR, name) !== kept) rmSync(join(OUT_DIR, name), { force: true });
  }
}

/** Written under a name of its own and renamed, like the bundle; caches of earlier bundles go. Never fails a start. */
function keepCompiledCode(script, cacheFile) {
  try {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
    dropCodeCaches(cacheFile);
  } catch {
    // A read-only node_modules: every start compiles, as before.
  }
}

/**
 * The bundle's import() of Vite or electron-vite goes through node:vm's constant for the main context's loader,
 * the loader every import() uses; Node 20 still calls that constant experimental and would say so on every
 * `npm run dev`. That one warning is left out; every other goes on as before.
 */
function quietVmLoaderWarning() {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning, ...rest) {
    if (String(warning).includes('USE_MAIN_CONTEXT_DEFAULT_LOADER')) return;
    return emitWarning.call(this, warning, ...rest);
  };
}

if (PACKING) {
  await build();
  process.exit(0);
}
let bundled = PACKAGED || upToDate();
if (!bundled) {
  try {
    await build();
    bundled = true;
  } catch (err) {
    // Never worse than before: run the sources through tsx as these commands always could.
    console.error(
      `PSD2 Workbench: could not bundle the ${named} command (${err instanceof Error ? err.message.split('\n')[0] : err}); running the sources through tsx.`,
    );
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(ENTRY).href);
  }
}
if (bundled) {
  quietVmLoaderWarning();
  runBundle();
}
