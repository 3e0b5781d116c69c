// The desktop build must work without Electron's binary (it is not downloaded in CI).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'wb-electron-build-'));
const read = (file: string) => readFileSync(join(outDir, file), 'utf8');

describe('electron-vite build', () => {
  beforeAll(async () => {
    const { build } = await import('electron-vite');
    // Into a temporary folder, so a running browser host's out/renderer is left alone.
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  }, 120_000);

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('bundles the main process and keeps runtime dependencies external', () => {
    const main = read('main/index.js');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // Rolldown marks each bundled module with a "// path" comment.
    for (const dep of Object.keys(pkg.dependencies)) {
      expect(main).not.toContain(`// node_modules/${dep}/`);
    }
  });

  it('bundles the preload to CommonJS that only requires electron (sandbox)', () => {
    const preload = read('preload/index.js');
    const required = [...preload.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload).toContain('exposeInMainWorld("workbench"');
  });

  it('builds the renderer with relative asset URLs', () => {
    const html = read('renderer/index.html');
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    expect(html).toMatch(/<script type="module" crossorigin src="\.\/assets\/[^"]+\.js"><\/script>/);
  });
});
