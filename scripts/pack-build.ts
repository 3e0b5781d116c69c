// `npm pack` (prepack): what the package runs, built ahead, so that an install of the tarball needs
// neither esbuild nor tsx nor TypeScript (docs/ci.md#installed-package). The UI into out/renderer, and
// each command's bundle into dist/cli/COMMAND by the launcher itself, as a checkout's start makes it.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureRendererBuilt } from '../main/hosts/cli/web-host';
import { projectRoot } from '../main/hosts/project-root';

/** The commands the package's bin runs (main/hosts/cli/bin.mjs). */
const COMMANDS = ['serve', 'web', 'flow', 'conduct'];

// `npm pack --json` prints its JSON on stdout: what the build says goes to stderr (the UI's build logs with console.log).
console.log = console.error;

const root = projectRoot();
console.error('pack: the user interface');
await ensureRendererBuilt(root);
rmSync(join(root, 'dist', 'cli'), { recursive: true, force: true });
for (const command of COMMANDS) {
  console.error(`pack: the ${command} command`);
  execFileSync(process.execPath, [join(root, 'main', 'hosts', 'cli', 'launcher.mjs'), command], {
    cwd: root,
    env: { ...process.env, PSD2_WORKBENCH_PACK: '1' },
    // On stderr: `npm pack --json` prints its JSON on stdout.
    stdio: ['ignore', 2, 2],
  });
  // What only a rebuild reads (the launcher's manifest) or a debugger (the map, 6 MB): not what the package runs.
  const dir = join(root, 'dist', 'cli', command);
  for (const name of readdirSync(dir)) if (name.endsWith('.map') || name === 'inputs.json') rmSync(join(dir, name));
}
