// better-sqlite3 is a native module, and Electron's Node has another ABI than the Node that runs
// the tests, `serve` and `web`. Node keeps the binary npm built in node_modules; every other
// runtime gets its own binary beside it, keyed by runtime, version, platform and arch, and
// passed to better-sqlite3 as `nativeBinding`. One checkout then serves both.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface NativeRuntime {
  name: 'electron' | 'node';
  /** Without the leading "v". */
  version: string;
  platform: NodeJS.Platform;
  arch: string;
}

export const SQLITE_BINDING_FILE = 'better_sqlite3.node';

/** Inside node_modules, so a fresh `npm ci` starts clean and git never sees it. */
export function sqliteBindingDir(projectRoot: string, runtime: NativeRuntime): string {
  const key = `${runtime.name}-v${runtime.version}-${runtime.platform}-${runtime.arch}`;
  return join(projectRoot, 'node_modules', '.cache', 'psd2-workbench', 'better-sqlite3', key);
}

export function sqliteBindingPath(projectRoot: string, runtime: NativeRuntime): string {
  return join(sqliteBindingDir(projectRoot, runtime), SQLITE_BINDING_FILE);
}

export function electronRuntime(electronVersion: string, platform = process.platform, arch = process.arch): NativeRuntime {
  return { name: 'electron', version: electronVersion.replace(/^v/, ''), platform, arch };
}

export class MissingSqliteBindingError extends Error {}

/**
 * The binding the running process must load: none under plain Node (npm's own build),
 * the runtime's own build under Electron, with what to do when it was never built.
 */
export function sqliteBindingFor(projectRoot: string, versions: NodeJS.ProcessVersions): string | undefined {
  const electron = versions.electron;
  if (!electron) return undefined;
  const file = sqliteBindingPath(projectRoot, electronRuntime(electron));
  if (!existsSync(file)) {
    throw new MissingSqliteBindingError(
      `SQLite (better-sqlite3) has not been built for Electron ${electron} yet (${file} is missing); ` +
        'run `npm start`, which builds it on first use, or `npm run electron:sqlite`.',
    );
  }
  return file;
}
