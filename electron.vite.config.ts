// Build of the desktop app: `npx electron-vite build` writes out/main, out/preload, out/renderer.
import { defineConfig } from 'electron-vite';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rendererViteConfig } from './main/hosts/renderer-vite-config';

// electron-vite bundles this file before loading it and only rewrites import.meta.url.
const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  main: {
    build: {
      outDir: join(root, 'out', 'main'),
      // Runtime dependencies (better-sqlite3 with its native addon, fastify, ...) stay
      // in node_modules and are loaded from there, not bundled.
      externalizeDeps: true,
      rolldownOptions: { input: { index: join(root, 'main', 'index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: join(root, 'out', 'preload'),
      // A sandboxed preload can only require 'electron' (and a few built-ins): bundle
      // everything else into one CommonJS file. Electron evaluates sandboxed preloads
      // itself, so the .js name is fine despite "type": "module".
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: join(root, 'preload', 'index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: rendererViteConfig(root),
});
