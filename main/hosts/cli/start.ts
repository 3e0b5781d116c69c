// `npm start`: the desktop app; where Electron's binary is missing and cannot be fetched
// (npm ci denies its install script, see package.json allowScripts), the browser mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildSqliteBinding } from '../native/build-sqlite-binding';
import { electronRuntime } from '../native/sqlite-binding';
import { runWebHost, uiAddress } from './web-host';
import { projectRoot } from '../project-root';

// From the sources or from the bundle launcher.mjs makes of this file alike.
const PROJECT_ROOT = projectRoot();
const INSTALL_TIMEOUT_MS = 60_000;

async function main(argv: string[]): Promise<void> {
  const binary = findOrInstallElectron();
  if (!binary) {
    console.log("Electron's binary is not installed and could not be downloaded; starting the browser mode instead.");
    return startBrowserMode(argv);
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.log('No display is available for the desktop app; starting the browser mode instead.');
    return startBrowserMode(argv);
  }
  const sqliteProblem = await prepareSqliteForElectron();
  if (sqliteProblem) {
    console.log(`SQLite could not be prepared for Electron (${sqliteProblem}); starting the browser mode instead.`);
    return startBrowserMode(argv);
  }
  if (argv.length > 0) {
    console.log('Note: flags apply to the browser mode and `npm run serve`; the desktop app uses its own settings and data folder.');
  }
  await startDesktop(binary);
}

function startBrowserMode(argv: string[]): Promise<void> {
  return runWebHost(argv, {
    onListening: (simulator) => console.log(`Open ${uiAddress(simulator)} in your browser.`),
  });
}

async function startDesktop(binary: string): Promise<void> {
  console.log('Building the desktop app...');
  const { build } = await import('electron-vite');
  await build({ root: PROJECT_ROOT, logLevel: 'warn' });

  const env = { ...process.env };
  // Inherited from some shells and tools, it would make Electron behave as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(binary, [PROJECT_ROOT], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('error', (err) => {
    console.error(`PSD2 Workbench: could not run Electron: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** The desktop app loads its own build of better-sqlite3 (see main/hosts/native); made once per Electron version. */
async function prepareSqliteForElectron(): Promise<string | undefined> {
  const dir = electronPackageDir();
  if (!dir) return 'the electron package is missing';
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  try {
    await buildSqliteBinding(PROJECT_ROOT, electronRuntime(version), { prebuilt: true, log: (line) => console.log(line) });
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function findOrInstallElectron(): string | undefined {
  const dir = electronPackageDir();
  if (!dir) return undefined;
  return electronBinary(dir) ?? (tryInstall(dir) ? electronBinary(dir) : undefined);
}

function electronPackageDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/** The executable as node_modules/electron/index.js finds it, without that module throwing when absent. */
function electronBinary(electronDir: string): string | undefined {
  const pathFile = join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  // Electron's documented way to use a binary installed elsewhere.
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, relative ?? 'electron') : relative && join(electronDir, 'dist', relative);
  return binary && existsSync(binary) ? binary : undefined;
}

/** Electron's own postinstall, run once on demand; its output is noise when offline, so it is not shown. */
function tryInstall(electronDir: string): boolean {
  if (process.stdout.isTTY) console.log("Downloading Electron's binary (first start)...");
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    stdio: 'ignore',
    timeout: INSTALL_TIMEOUT_MS,
  });
  return result.status === 0;
}

// Settles once started: launcher.mjs then keeps V8's compiled code for the next start.
export const ready = main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`PSD2 Workbench could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
