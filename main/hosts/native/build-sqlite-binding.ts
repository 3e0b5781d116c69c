// Builds better-sqlite3 for another runtime than the Node running this (Electron), beside npm's
// own build, never over it: the tests, `serve` and `web` keep working in the same checkout.
// First a prebuilt binary (better-sqlite3 publishes them per Electron ABI), else a compile
// against the runtime's headers, the way Electron's "Using Native Node Modules" guide does
// by hand with node-gyp.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { NativeRuntime } from './sqlite-binding';
import { SQLITE_BINDING_FILE, sqliteBindingDir, sqliteBindingPath } from './sqlite-binding';

const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';
/** The sources node-gyp needs; better-sqlite3's package ships exactly these (its "files"). */
const SOURCES = ['package.json', 'binding.gyp', 'src', 'deps'];
const PREBUILT_TIMEOUT_MS = 60_000;
const COMPILE_TIMEOUT_MS = 15 * 60_000;

export interface BuildOptions {
  /** Try better-sqlite3's published binary before compiling; needs the network. */
  prebuilt: boolean;
  log: (line: string) => void;
}

export async function buildSqliteBinding(projectRoot: string, runtime: NativeRuntime, options: BuildOptions): Promise<string> {
  const target = sqliteBindingPath(projectRoot, runtime);
  if (existsSync(target)) return target;

  const packageDir = dirname(createRequire(join(projectRoot, 'package.json')).resolve('better-sqlite3/package.json'));
  const cacheDir = dirname(sqliteBindingDir(projectRoot, runtime));
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'build-'));
  try {
    for (const entry of SOURCES) cpSync(join(packageDir, entry), join(work, entry), { recursive: true });
    const built = join(work, 'build', 'Release', SQLITE_BINDING_FILE);
    if (!(options.prebuilt && (await fetchPrebuilt(projectRoot, work, runtime, options.log)) && existsSync(built))) {
      options.log(`Compiling SQLite for ${runtime.name} ${runtime.version} (a few minutes, once)...`);
      await compile(work, runtime, cacheDir);
    }
    if (!existsSync(built)) throw new Error(`the build finished without ${SQLITE_BINDING_FILE}`);
    mkdirSync(dirname(target), { recursive: true });
    // A rename within one folder tree is atomic: a half-written binary is never loaded.
    renameSync(built, target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function fetchPrebuilt(projectRoot: string, work: string, runtime: NativeRuntime, log: (line: string) => void): Promise<boolean> {
  let bin: string;
  try {
    bin = createRequire(join(projectRoot, 'package.json')).resolve('prebuild-install/bin.js');
  } catch {
    return false;
  }
  log(`Fetching SQLite prebuilt for ${runtime.name} ${runtime.version}...`);
  const args = [bin, '--runtime', runtime.name, '--target', runtime.version, '--arch', runtime.arch, '--platform', runtime.platform];
  return (await run(process.execPath, args, work, PREBUILT_TIMEOUT_MS)).ok;
}

async function compile(work: string, runtime: NativeRuntime, cacheDir: string): Promise<void> {
  const args = [nodeGypScript(), 'rebuild', '--release', `--target=${runtime.version}`, `--arch=${runtime.arch}`];
  if (runtime.name === 'electron') {
    // Electron's headers live in their own folder so they never mix with Node's of the same version.
    args.push(`--dist-url=${ELECTRON_HEADERS_URL}`, `--devdir=${join(cacheDir, 'electron-gyp')}`);
  } else {
    const headers = installedNodeHeaders(runtime.version);
    if (headers) args.push(`--nodedir=${headers}`);
  }
  const result = await run(process.execPath, args, work, COMPILE_TIMEOUT_MS);
  if (!result.ok) {
    throw new Error(`node-gyp could not build better-sqlite3 for ${runtime.name} ${runtime.version}: ${lastLines(result.output)}`);
  }
}

/** The running Node's own headers, when installed beside it: no download needed for its version. */
function installedNodeHeaders(version: string): string | undefined {
  if (process.env.npm_config_nodedir || version !== process.versions.node) return undefined;
  const prefix = join(dirname(process.execPath), '..');
  return existsSync(join(prefix, 'include', 'node', 'common.gypi')) ? prefix : undefined;
}

/** npm hands its bundled node-gyp to scripts; outside npm, the one beside npm itself. */
function nodeGypScript(): string {
  const fromNpm = process.env.npm_config_node_gyp;
  if (fromNpm && existsSync(fromNpm)) return fromNpm;
  const npmCli = process.env.npm_execpath ?? join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  const bundled = join(dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (existsSync(bundled)) return bundled;
  throw new Error('node-gyp was not found (it comes with npm); run this through npm');
}

function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-8_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => resolve({ ok: false, output: err.message }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

function lastLines(output: string): string {
  return output.trim().split('\n').slice(-3).join(' | ') || 'no output';
}
