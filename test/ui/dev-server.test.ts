// `npm run dev`: the UI from Vite's dev server against a running simulator. The page reaches the control API
// and its event stream through Vite's proxy, and a saved screen shows in the open page without a build or a
// reload. The screen edited is in a copy of the renderer beside the real one (same depth, so its relative
// imports of shared/ and preload/ still resolve), never the real sources.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newDataFolder, TEST_NOW } from '../support/simulator';
import { PROJECT_ROOT, UI_TIMEOUT } from './support/browser';
import { leaseBrowser, type BrowserLease } from './support/shared-browser';

const RENDERER_COPY = join(PROJECT_ROOT, '.dev-renderer-test');
const EDITED_SCREEN = join(RENDERER_COPY, 'src', 'screens', 'inspector', 'InspectorScreen.tsx');
const WAIT = { timeout: 15_000 };

let child: ChildProcess | undefined;
let lease: BrowserLease | undefined;
let page: Page;
let dataDir: string;
let uiUrl: string;
let simulatorUrl: string;

/** Resolves with the simulator's and the UI's addresses once the dev command has printed both. */
function addresses(dev: ChildProcess): Promise<{ simulator: string; ui: string }> {
  let out = '';
  return new Promise((resolve, reject) => {
    dev.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const simulator = /^PSD2 Workbench listening on (\S+)$/m.exec(out)?.[1];
      const ui = /^UI with hot reload at (\S+)$/m.exec(out)?.[1];
      if (simulator && ui) resolve({ simulator, ui });
    });
    dev.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    dev.on('exit', () => reject(new Error(`npm run dev exited before it was ready: ${out}`)));
  });
}

beforeAll(async () => {
  rmSync(RENDERER_COPY, { recursive: true, force: true });
  cpSync(join(PROJECT_ROOT, 'renderer'), RENDERER_COPY, { recursive: true });
  dataDir = newDataFolder('wb-dev-');
  const args = ['dev', '--port', '0', '--ui-port', '0', '--data', dataDir, '--now', TEST_NOW, '--renderer', RENDERER_COPY];
  child = spawn(process.execPath, [join(PROJECT_ROOT, 'main', 'hosts', 'cli', 'launcher.mjs'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const started = await addresses(child);
  simulatorUrl = started.simulator;
  uiUrl = started.ui;
  lease = await leaseBrowser();
  page = await lease.browser.newPage({ viewport: { width: 1280, height: 800 } });
}, UI_TIMEOUT);

afterAll(async () => {
  await lease?.release();
  if (child?.exitCode === null) {
    const exited = new Promise((resolve) => child?.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(RENDERER_COPY, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it(
  "shows the bank's live traffic in the page Vite serves, and a saved screen without a reload",
  async () => {
    expect(new URL(uiUrl).port).not.toBe(new URL(simulatorUrl).port);
    await page.goto(uiUrl);
    const count = page.getByTestId('inspector-count');
    await count.waitFor(WAIT);

    // Traffic after the page opened reaches it through the proxied event stream.
    const res = await fetch(`${simulatorUrl}/frankfurt/berlingroup/v1/accounts`, { headers: { 'x-request-id': crypto.randomUUID() } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await page.locator('[data-testid="exchange-row"]').first().waitFor(WAIT);
    await expect.poll(() => count.textContent(), WAIT).toBe('showing 1 of 1 kept');

    // A reload would drop this; React's hot reload swaps the edited component and keeps the page.
    await page.evaluate("window.devServerTestMark = 'before the edit'");
    const source = readFileSync(EDITED_SCREEN, 'utf8');
    const edited = source.replace('<span data-testid="inspector-count">', '<span data-testid="inspector-count">edited · ');
    expect(edited).not.toBe(source);
    writeFileSync(EDITED_SCREEN, edited);

    await expect.poll(() => count.textContent(), WAIT).toBe('edited · showing 1 of 1 kept');
    expect(await page.evaluate('window.devServerTestMark')).toBe('before the edit');
  },
  UI_TIMEOUT,
);

it(
  "lets the page act on the simulator through the proxy, and still refuses another origin's page",
  async () => {
    const own = new URL(uiUrl).origin;
    const advance = (origin: string): Promise<Response> =>
      fetch(`${own}/simulator/v1/clock`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ advance: 'P1D' }) });

    const fromPage = await advance(own);
    expect(fromPage.status).toBe(200);
    // The simulated clock started at TEST_NOW and runs: a day on, give or take the test's seconds.
    expect(((await fromPage.json()) as { now: string }).now).toMatch(/^2026-11-23T10:0/);

    const foreign = await advance('http://evil.example');
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain('a page of another origin (http://evil.example)');
  },
  UI_TIMEOUT,
);
