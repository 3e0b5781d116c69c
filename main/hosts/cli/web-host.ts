// The browser host: the simulator plus the UI served at `/`. Builds the UI on first use
// so `npm run web` works right after `npm ci` (docs/architecture.md#commands).
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { withBuildLock } from './build-lock';
import { QWAC_P12_FILE, QWAC_P12_PASSPHRASE } from '../../pki/browser-bundle';
import { RENDERER_OUT_DIR, RENDERER_SOURCE_DIRS, rendererViteConfig } from '../renderer-vite-config';
import type { RunningSimulator, SimulatorOptions } from '../../simulator';
import type { RunHostHooks } from './run-host';
import { runHost } from './run-host';
import { exitWithUsage, parseHostArgs, UsageError } from './args';
import { projectRoot } from '../project-root';

/** Beyond loopback the address carries the control token; the page trades it for a cookie at once. */
export function uiAddress(simulator: RunningSimulator): string {
  return simulator.controlTokenRequired ? `${simulator.url}/#token=${simulator.controlToken}` : `${simulator.url}/`;
}

const announceTokenAddress: RunHostHooks = {
  onListening: (simulator) => {
    if (simulator.controlTokenRequired) console.log(`Open the UI at ${uiAddress(simulator)}`);
  },
};

export async function runWebHost(argv: string[], hooks: RunHostHooks = announceTokenAddress): Promise<void> {
  let options: SimulatorOptions;
  try {
    options = parseHostArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    exitWithUsage(err);
  }
  const uiRoot = await ensureRendererBuilt(projectRoot());
  const tlsHint = options.tls ? clientCertificateHint(options.dataDir) : undefined;
  await runHost(
    { ...options, uiRoot },
    {
      onListening: (simulator) => {
        if (tlsHint) console.log(tlsHint);
        hooks.onListening?.(simulator);
      },
    },
  );
}

/** Under --tls the browser is a TPP like any other: it must present a client certificate. */
function clientCertificateHint(dataDir: string): string {
  return `Your browser needs a client certificate for the UI: import ${join(dataDir, 'tpp', QWAC_P12_FILE)} (passphrase "${QWAC_P12_PASSPHRASE}").`;
}

/**
 * Builds out/renderer when it is missing or older than its sources; returns its absolute path. One start
 * builds at a time (see withBuildLock); one that waited finds the UI built and builds nothing.
 */
export async function ensureRendererBuilt(projectRoot: string): Promise<string> {
  const outDir = join(projectRoot, RENDERER_OUT_DIR);
  if (builtFromSources(projectRoot, outDir)) return outDir;
  mkdirSync(dirname(outDir), { recursive: true });
  const lock = join(dirname(outDir), '.renderer-build.lock');
  const waiting = (): void => console.log('Waiting for another start that is building the user interface...');
  return withBuildLock(lock, waiting, async () => {
    if (builtFromSources(projectRoot, outDir)) return outDir;
    console.log(existsSync(join(outDir, 'index.html')) ? 'Rebuilding the user interface (sources changed)...' : 'Building the user interface (first run)...');
    // Loaded only when needed: starting with a fresh build is the exception.
    const { build } = await import('vite');
    await asProduction(() => build({ ...rendererViteConfig(projectRoot), configFile: false, logLevel: 'warn' }));
    return outDir;
  });
}

/**
 * Vite builds React's development build (jsxDEV, several times the CPU of every render) when NODE_ENV is set to
 * anything but production, as a test runner sets it; what is built here is what users run and the package ships.
 */
async function asProduction<T>(work: () => Promise<T>): Promise<T> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await work();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

function builtFromSources(projectRoot: string, outDir: string): boolean {
  const builtAt = mtimeOf(join(outDir, 'index.html'));
  return builtAt !== undefined && newestSourceMtime(projectRoot) <= builtAt;
}

function newestSourceMtime(projectRoot: string): number {
  const inputs = [
    ...RENDERER_SOURCE_DIRS.map((dir) => join(projectRoot, dir)),
    join(projectRoot, 'main', 'hosts', 'renderer-vite-config.ts'),
    // How it is built: a UI built by an older way (React's development build, before asProduction) is built again.
    join(projectRoot, 'main', 'hosts', 'cli', 'web-host.ts'),
    // Rewritten by every npm install, so upgraded UI dependencies trigger a rebuild too.
    join(projectRoot, 'node_modules', '.package-lock.json'),
  ];
  return Math.max(0, ...inputs.map(newestMtimeUnder));
}

function newestMtimeUnder(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtimeUnder(join(path, entry)));
  return newest;
}

function mtimeOf(file: string): number | undefined {
  return existsSync(file) ? statSync(file).mtimeMs : undefined;
}
