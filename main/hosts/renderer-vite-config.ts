// The renderer's one Vite config, shared by the Electron build (electron.vite.config.ts), the browser
// host's on-demand build (hosts/cli/web-host.ts) and the dev server with hot reload (hosts/cli/dev-host.ts).
import { join } from 'node:path';
import type { Plugin, UserConfig } from 'vite';

/**
 * Folders whose content ends up in the built UI; a change there makes the browser host rebuild. Besides its
 * own sources and the contract, the UI takes shared/ and, for the payment editor's validator, the bank's
 * pain.001 code in main/domain (test/unit/renderer-sources.test.ts follows every import to check the list).
 */
export const RENDERER_SOURCE_DIRS = ['renderer', join('preload', 'api'), 'shared', join('main', 'domain')] as const;

export const RENDERER_OUT_DIR = join('out', 'renderer');

/** `rendererDir`: the renderer's folder when not projectRoot/renderer (a copy the dev server's test edits). */
export function rendererViteConfig(projectRoot: string, rendererDir = join(projectRoot, 'renderer')): UserConfig {
  return {
    root: rendererDir,
    // Relative asset URLs work both from file:// (Electron) and from `/` (browser host).
    base: './',
    // Loaded only when a build runs: `npm run web` imports this module at every start, and the plugin is slow to load.
    plugins: [import('@vitejs/plugin-react').then(({ default: react }) => react()), relaxCspForDevServer()],
    build: {
      outDir: join(projectRoot, RENDERER_OUT_DIR),
      // The output is outside the root, where Vite would otherwise refuse to clear it.
      emptyOutDir: true,
      rolldownOptions: { input: join(rendererDir, 'index.html') },
    },
  };
}

/**
 * The dev server injects an inline React-refresh script and a websocket, which the
 * strict policy of index.html blocks; built output keeps the policy untouched.
 */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'psd2-workbench:dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
  };
}
