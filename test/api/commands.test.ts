import { createHash } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newDataFolder } from '../support/simulator';

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
});

function launch(command: string, args: string[]): { child: ChildProcess; output: () => string; line: Promise<string>; exit: Promise<number | null> } {
  const child = spawn(command, args, { cwd: process.cwd(), detached: true, env: { ...process.env, NO_COLOR: '1' } });
  running.push(child);
  let out = '';
  const line = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      const match = /^PSD2 Workbench listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => reject(new Error(`exited before listening: ${out}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, line, exit };
}

describe('command contract', () => {
  it('npm run serve -- --port 0 --data DIR prints the listening line, creates the data folder, and serves', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'wb-cmd-')), 'nested', 'data');
    const run = launch('npm', ['run', '--silent', 'serve', '--', '--port', '0', '--data', data]);
    const url = await run.line;
    const info = (await (await fetch(`${url}/simulator/v1/info`)).json()) as { mode: string };
    expect(info.mode).toBe('simulation');
    for (const file of [
      'workbench.sqlite',
      'pki/ca.crt.pem',
      'tpp/client.json',
      'tpp/qwac.crt.pem',
      'tpp/qwac.key.pem',
      'tpp/qseal.crt.pem',
      'tpp/qseal.key.pem',
    ]) {
      expect(existsSync(join(data, file)), file).toBe(true);
    }
    const client = JSON.parse(readFileSync(join(data, 'tpp', 'client.json'), 'utf8'));
    expect(Object.keys(client).sort()).toEqual(['clientId', 'clientSecret', 'keyId', 'organizationId', 'redirectUri', 'roles']);
    expect(client.organizationId).toBe('PSDDE-BAFIN-123456');
    process.kill(-(run.child.pid as number), 'SIGTERM');
    await run.exit;
  }, 60_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serve stops cleanly on ${signal} with exit code 0`, async () => {
      const data = newDataFolder('wb-cmd-');
      const run = launch(process.execPath, ['main/hosts/cli/launcher.mjs', 'serve', '--port', '0', '--data', data]);
      await run.line;
      run.child.kill(signal);
      expect(await run.exit).toBe(0);
      rmSync(data, { recursive: true, force: true });
    }, 60_000);
  }

  it('serve --tls prints "PSU pages on https://HOST:PORT" right after the listening line', async () => {
    const data = newDataFolder('wb-cmd-');
    const run = launch(process.execPath, ['main/hosts/cli/launcher.mjs', 'serve', '--port', '0', '--data', data, '--tls']);
    run.line.catch(() => undefined);
    await expect.poll(() => run.output(), { timeout: 30_000 }).toMatch(/^PSU pages on /m);
    expect(run.output()).toMatch(/^PSD2 Workbench listening on https:\/\/127\.0\.0\.1:(\d+)\nPSU pages on https:\/\/127\.0\.0\.1:(?!\1\n)\d+$/m);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    rmSync(data, { recursive: true, force: true });
  }, 60_000);

  it('--now starts the simulated clock', async () => {
    const data = newDataFolder('wb-cmd-');
    const run = launch(process.execPath, ['main/hosts/cli/launcher.mjs', 'serve', '--port', '0', '--data', data, '--now', '2026-03-29T00:30:00Z']);
    const url = await run.line;
    const { now } = (await (await fetch(`${url}/simulator/v1/clock`)).json()) as { now: string };
    expect(Date.parse(now) - Date.parse('2026-03-29T00:30:00Z')).toBeLessThan(30_000);
    run.child.kill('SIGTERM');
    await run.exit;
  }, 60_000);

  it('a data folder that cannot be written gives one clear error and exit code 1', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'wb-ro-'));
    const blocked = join(parent, 'file');
    writeFileSync(blocked, 'not a folder');
    const run = launch(process.execPath, ['main/hosts/cli/launcher.mjs', 'serve', '--port', '0', '--data', join(blocked, 'data')]);
    run.line.catch(() => undefined);
    expect(await run.exit).toBe(1);
    expect(run.output()).toMatch(/cannot write the data folder .*--data DIR/);
    chmodSync(parent, 0o700);
  }, 60_000);

  it('a bad dataset is refused with the bad field named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-ds-'));
    const dataset = JSON.parse(readFileSync('resources/datasets/default.json', 'utf8'));
    dataset.psus[0].institution = 'atlantis';
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(dataset));
    const run = launch(process.execPath, [
      'main/hosts/cli/launcher.mjs',
      'serve',
      '--port',
      '0',
      '--data',
      join(dir, 'data'),
      '--dataset',
      join(dir, 'bad.json'),
    ]);
    run.line.catch(() => undefined);
    expect(await run.exit).toBe(1);
    expect(run.output()).toContain('psus[0].institution');
  }, 60_000);

  it('an unknown flag is a usage error with exit code 2', async () => {
    const run = launch(process.execPath, ['main/hosts/cli/launcher.mjs', 'serve', '--colour', 'blue']);
    run.line.catch(() => undefined);
    expect(await run.exit).toBe(2);
    expect(run.output()).toContain('--port N');
  }, 60_000);

  it('SIGTERM to npm alone (kill $! after `npm run serve &`) ends the server too', async () => {
    const data = newDataFolder('wb-npm-');
    // Not detached: the signal goes to npm's process only, as `kill $!` sends it.
    const child = spawn('npm', ['run', '--silent', 'serve', '--', '--port', '0', '--data', data], { env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => out, { timeout: 60_000 }).toMatch(/listening on http/);
    const url = /listening on (http:\/\/\S+)/.exec(out)?.[1] as string;
    expect((await fetch(`${url}/simulator/v1/info`)).status).toBe(200);
    child.kill('SIGTERM');
    await expect
      .poll(
        () =>
          fetch(`${url}/simulator/v1/info`).then(
            () => 'answering',
            () => 'gone',
          ),
        { timeout: 10_000 },
      )
      .toBe('gone');
    rmSync(data, { recursive: true, force: true });
  }, 90_000);

  it('the psd2-workbench command (package.json bin): serve, flow, and a usage line for anything else', async () => {
    const { bin } = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
    expect(bin).toEqual({ 'psd2-workbench': 'main/hosts/cli/bin.mjs' });
    const data = newDataFolder('wb-bin-');
    const served = launch(process.execPath, [bin['psd2-workbench'] as string, 'serve', '--port', '0', '--data', data]);
    const url = await served.line;
    expect((await fetch(`${url}/simulator/v1/info`)).status).toBe(200);
    served.child.kill('SIGTERM');
    expect(await served.exit).toBe(0);
    const listed = launch(process.execPath, [bin['psd2-workbench'] as string, 'flow', '--list']);
    listed.line.catch(() => undefined);
    expect(await listed.exit).toBe(0);
    expect(listed.output()).toContain('vop-close-match-psu-decides');
    const wrong = launch(process.execPath, [bin['psd2-workbench'] as string, 'serv']);
    wrong.line.catch(() => undefined);
    expect(await wrong.exit).toBe(2);
    expect(wrong.output()).toBe('unknown command serv\npsd2-workbench serve|web|flow|conduct [flags]   (psd2-workbench COMMAND --help lists the flags)\n');
    rmSync(data, { recursive: true, force: true });
  }, 90_000);

  it('npm run web (like serve and start) starts through the bundling launcher and serves the UI', async () => {
    const data = newDataFolder('wb-web-');
    const run = launch('npm', ['run', '--silent', 'web', '--', '--port', '0', '--data', data]);
    const url = await run.line;
    expect(run.output()).not.toContain('running the sources through tsx');
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect([scripts.serve, scripts.web, scripts.start]).toEqual([
      'node main/hosts/cli/launcher.mjs serve',
      'node main/hosts/cli/launcher.mjs web',
      'node main/hosts/cli/launcher.mjs start',
    ]);
    const page = await fetch(`${url}/`);
    expect(await page.text()).toContain('PSD2 Workbench');
    process.kill(-(run.child.pid as number), 'SIGTERM');
    await run.exit;
  }, 120_000);

  it('the bundle carries the packages the server runs, Ajv included though only development lists it', async () => {
    const data = newDataFolder('wb-bundle-');
    const run = launch(process.execPath, ['main/hosts/cli/launcher.mjs', 'serve', '--port', '0', '--data', data]);
    await run.line;
    // The launcher keeps its bundles per checkout (a hash of the checkout's path), so worktrees sharing node_modules never swap them.
    const checkout = createHash('sha256').update(resolve(process.cwd())).digest('hex').slice(0, 8);
    const inputs = `node_modules/.cache/psd2-workbench/serve-${checkout}/inputs.json`;
    const bundled = Object.keys(JSON.parse(readFileSync(inputs, 'utf8')) as Record<string, string>);
    // Of a bundled package the launcher checks its package.json, which npm writes with every install of it.
    expect(bundled.some((file) => file.endsWith('node_modules/ajv/package.json'))).toBe(true);
    expect(bundled.some((file) => file.endsWith('node_modules/ajv/dist/core.js'))).toBe(false);
    expect(bundled.some((file) => /node_modules\/(better-sqlite3|vite)\//.test(file))).toBe(false);
    // Once ready, V8's compiled code is kept beside the bundle for the next start (test/api/launcher-cache.test.ts).
    const outDir = `node_modules/.cache/psd2-workbench/serve-${checkout}`;
    await expect.poll(() => readdirSync(outDir).some((name) => name.endsWith('.v8-cache'))).toBe(true);
    process.kill(-(run.child.pid as number), 'SIGTERM');
    await run.exit;
  }, 60_000);

  it("npm start without Electron's binary says so in one line and starts the browser mode", async () => {
    const data = newDataFolder('wb-start-');
    const run = launch('npm', ['start', '--silent', '--', '--port', '0', '--data', data]);
    const url = await run.line;
    expect(run.output()).toContain("Electron's binary is not installed and could not be downloaded; starting the browser mode instead.");
    const page = await fetch(`${url}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('PSD2 Workbench');
    process.kill(-(run.child.pid as number), 'SIGTERM');
    await run.exit;
  }, 120_000);
});
