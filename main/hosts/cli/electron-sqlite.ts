// `npm run electron:sqlite`: builds better-sqlite3 for the desktop app's Electron ahead of time
// (`npm start` does the same on first use). `-- --compile` skips the prebuilt download.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildSqliteBinding } from '../native/build-sqlite-binding';
import { electronRuntime } from '../native/sqlite-binding';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function main(argv: string[]): Promise<void> {
  const manifest = createRequire(import.meta.url).resolve('electron/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const file = await buildSqliteBinding(PROJECT_ROOT, electronRuntime(version), {
    prebuilt: !argv.includes('--compile'),
    log: (line) => console.log(line),
  });
  console.log(`SQLite for Electron ${version}: ${file}`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`PSD2 Workbench: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
