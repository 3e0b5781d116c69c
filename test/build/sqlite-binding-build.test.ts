// The build `npm start` makes for Electron, run for this Node (Electron's headers cannot be
// downloaded here): better-sqlite3 compiled from its sources into its own folder beside npm's
// build, then loaded through `nativeBinding` while npm's build stays in place. Two minutes of compiling
// on two cores: `npm run test:native` runs it (CI in a step of its own, .ci/run); `npm test` leaves it out.
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSqliteBinding } from '../../main/hosts/native/build-sqlite-binding';
import type { NativeRuntime } from '../../main/hosts/native/sqlite-binding';
import { sqliteBindingDir } from '../../main/hosts/native/sqlite-binding';

const checkout = fileURLToPath(new URL('../../', import.meta.url));
const npmBuild = join(checkout, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
// A project of its own whose node_modules holds the real better-sqlite3, so the cache lands in it.
const project = mkdtempSync(join(tmpdir(), 'wb-sqlite-build-'));
mkdirSync(join(project, 'node_modules'));
writeFileSync(join(project, 'package.json'), '{"name":"wb-sqlite-build","private":true}');
symlinkSync(realpathSync(join(checkout, 'node_modules', 'better-sqlite3')), join(project, 'node_modules', 'better-sqlite3'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const runtime: NativeRuntime = { name: 'node', version: process.versions.node, platform: process.platform, arch: process.arch };

describe.runIf(process.env.PSD2_WORKBENCH_NATIVE_BUILD === '1')('building better-sqlite3 for a second runtime', () => {
  it(
    "compiles into its own folder, leaves npm's build alone, and loads through nativeBinding",
    async () => {
      const npmBuildBefore = statSync(npmBuild).mtimeMs;
      const lines: string[] = [];
      const file = await buildSqliteBinding(project, runtime, { prebuilt: false, log: (line) => lines.push(line) });

      expect(file).toBe(join(sqliteBindingDir(project, runtime), 'better_sqlite3.node'));
      expect(lines.join('\n')).toMatch(/Compiling SQLite for node/);
      expect(statSync(npmBuild).mtimeMs).toBe(npmBuildBefore);
      // Nothing half-made is left behind: only the finished binary's folder.
      expect(readdirSync(dirname(sqliteBindingDir(project, runtime))).filter((name) => name.startsWith('build-'))).toEqual([]);

      const db = new Database(':memory:', { nativeBinding: file });
      const row = db.prepare("SELECT sqlite_version() AS version, json_extract('{\"a\":1}', '$.a') AS a").get() as { version: string; a: number };
      db.close();
      expect(row.a).toBe(1);
      expect(row.version).toMatch(/^3\./);

      const again = await buildSqliteBinding(project, runtime, { prebuilt: false, log: (line) => lines.push(line) });
      expect(again).toBe(file);
      expect(lines.filter((l) => l.startsWith('Compiling'))).toHaveLength(1);
    },
    15 * 60_000,
  );
});
