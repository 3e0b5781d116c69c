// The package a TPP team installs (docs/ci.md): `npm pack` builds what it runs ahead (prepack),
// and the tarball, installed into an empty project, serves, runs a flow against the server and writes a
// JUnit report with no esbuild, tsx or TypeScript present: docs/ci.md's "Installed package" block as
// written. No container runtime runs on this machine (podman here: no registry to pull a base from, and
// crun and runc both refuse this sandbox's cgroups), so the Dockerfile is held to its word instead: its
// install commands run in a scratch folder, its CMD with its ENV serves, and its HEALTHCHECK passes.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunFile } from '../../main/flows/runs/run-file';
import { freePort, untilGone } from '../support/ports';

const checkout = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'wb-package-'));
const project = join(work, 'tpp-team');
const running: ChildProcess[] = [];
let tarball: string;
let files: string[];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string =>
  // Bounded: a block that waits on a server that never starts fails here rather than holding the suite.
  execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });

/** The first bash block under a heading of docs/ci.md, as written there. */
function docsBlock(heading: string): string {
  const doc = readFileSync(join(checkout, 'docs', 'ci.md'), 'utf8');
  const code = /```bash\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf(heading)))?.[1];
  if (!code) throw new Error(`docs/ci.md: no bash block under "${heading}"`);
  return code;
}

/**
 * `--ignore-scripts`: better-sqlite3 would compile from its sources (two minutes); the checkout's build of the
 * same version is put in its place after the install. `--prefer-offline`: from npm's cache where it can.
 */
const QUICK_INSTALL = ['--ignore-scripts', '--prefer-offline'];
const withCheckoutSqlite = (dir: string): void => {
  const release = join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release');
  mkdirSync(release, { recursive: true });
  copyFileSync(join(checkout, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), join(release, 'better_sqlite3.node'));
};

function finished(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

beforeAll(() => {
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], checkout)) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, packed[0]?.filename ?? '');
  files = packed[0]?.files.map((f) => f.path) ?? [];
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{"name":"tpp-team","version":"1.0.0","private":true}');
  // The block's install line, the tarball where the block has it (its folder); the quick flags added.
  const install =
    docsBlock('## Installed package')
      .split('\n')[0]
      ?.replace(/\s+#.*$/, '') ?? '';
  expect(install).toBe('npm install --save-dev ./psd2-workbench-0.1.0.tgz');
  copyFileSync(tarball, join(project, 'psd2-workbench-0.1.0.tgz'));
  run('bash', ['-euo', 'pipefail', '-c', `${install} ${QUICK_INSTALL.join(' ')} --no-audit --no-fund`], project);
  withCheckoutSqlite(project);
}, 240_000);

describe('the packed package in another project', () => {
  it('carries only what runs: the bundles, the built UI and the resources; no tests, bench or sources', () => {
    expect(files.filter((f) => /^(test|bench|scripts|docs|\.data|renderer|preload|shared)\//.test(f) || f.endsWith('.ts'))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/cli/serve/serve.cjs',
        'dist/cli/flow/flow.cjs',
        'dist/cli/web/web.cjs',
        'dist/cli/conduct/conduct.cjs',
        'out/renderer/index.html',
      ]),
    );
  });

  it("ships React's production build of the UI, though built under a test runner's NODE_ENV=test", () => {
    expect(process.env.NODE_ENV, 'npm pack ran with the test runner’s environment').toBe('test');
    const ui = join(project, 'node_modules', 'psd2-workbench', 'out', 'renderer');
    const entry = /<script type="module"[^>]* src="\.\/([^"]+)"/.exec(readFileSync(join(ui, 'index.html'), 'utf8'))?.[1] ?? '';
    const code = readFileSync(join(ui, entry), 'utf8');
    // The development build's JSX calls, and its warning text; neither is in the production build.
    expect(code).not.toContain('jsxDEV');
    expect(code).toContain('Minified React error');
  });

  it('installs no build tool: esbuild, tsx, TypeScript, Vite and Electron are not there', () => {
    const installed = readdirSync(join(project, 'node_modules'));
    for (const tool of ['esbuild', 'tsx', 'typescript', 'vite', 'electron']) expect(installed, `${tool} is not installed`).not.toContain(tool);
  });

  it('answers --help for the command and each of its commands with exit 0', async () => {
    const bin = join(project, 'node_modules', '.bin', 'psd2-workbench');
    const help = await finished(spawn(bin, ['--help']));
    expect(help).toMatchObject({ code: 0, output: expect.stringContaining('psd2-workbench serve|web|flow|conduct') });
    for (const command of ['serve', 'web', 'flow', 'conduct']) {
      const { code, output } = await finished(spawn(bin, [command, '--help']));
      expect(code, command).toBe(0);
      expect(output, command).toContain({ flow: '--junit FILE', conduct: '--fail-on' }[command] ?? '--control-token');
    }
  });

  it("docs/ci.md's installed-package block runs as written: serve, a flow with --base and --junit, kill $! ends it", async () => {
    const port = await freePort();
    const runnerTemp = join(work, 'runner');
    mkdirSync(runnerTemp);
    const block = docsBlock('## Installed package')
      .split('\n')
      .slice(1)
      .join('\n')
      .replaceAll('4646', String(port))
      .replace('# … the tests …', `curl -sf http://127.0.0.1:${port}/simulator/v1/info > "$RUNNER_TEMP/info.json"`);
    run('bash', ['-euo', 'pipefail', '-c', block], project, { ...process.env, RUNNER_TEMP: runnerTemp });
    expect(JSON.parse(readFileSync(join(runnerTemp, 'info.json'), 'utf8'))).toMatchObject({ mode: 'simulation' });

    // The shape every JUnit reader takes (the common XSD): testsuites > testsuite > testcase, counts that add up.
    const xml = readFileSync(join(runnerTemp, 'flows.xml'), 'utf8');
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml);
    const suites = doc.testsuites.testsuite as Record<string, string & { name: string }[]>[];
    expect(suites.map((s) => s.name)).toEqual(['ais-consent']);
    const suite = suites[0] as unknown as {
      tests: string;
      failures: string;
      errors: string;
      skipped: string;
      testcase: { name: string; classname: string; time: string }[];
    };
    expect(suite.testcase).toHaveLength(13);
    expect(Number(suite.tests)).toBe(suite.testcase.length);
    expect({ failures: suite.failures, errors: suite.errors, skipped: suite.skipped }).toEqual({ failures: '0', errors: '0', skipped: '0' });
    for (const testcase of suite.testcase) {
      expect(testcase.classname).toBe('ais-consent');
      expect(Number(testcase.time)).toBeGreaterThanOrEqual(0);
    }
    expect(doc.testsuites.tests).toBe('13');

    // --json: each run as the app exports one, so the app's import reads it (and its steps' exchanges).
    const results = JSON.parse(readFileSync(join(runnerTemp, 'flows.json'), 'utf8')) as { format: string; met: boolean; runs: unknown[] };
    expect(results).toMatchObject({ format: 'psd2-workbench-flow-results', version: 2, met: true });
    expect(results.runs).toHaveLength(1);
    const imported = parseRunFile(JSON.stringify(results.runs[0]), 'imported');
    expect(imported).toMatchObject({ institution: 'frankfurt', met: true, imported: true });
    expect(imported.flow.name).toBe('ais-consent');
    expect(imported.steps).toHaveLength(13);
    expect(imported.steps.every((step) => step.exchanges.length > 0 && step.exchanges.every((e) => e.status >= 200))).toBe(true);
    expect(imported.steps.flatMap((step) => step.exchanges).some((e) => e.exchangeId !== null)).toBe(true);
    await untilGone(port);
  }, 120_000);

  it('the Dockerfile: its install commands, its CMD with its ENV and a control token, and its HEALTHCHECK', async () => {
    const dockerfile = readFileSync(join(checkout, 'Dockerfile'), 'utf8');
    const lines = dockerfile.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    const instructions = lines.map((line) => /^([A-Z]+) (.*)$/.exec(line)).map((m) => ({ op: m?.[1] ?? '', arg: m?.[2] ?? '' }));
    const all = (op: string): string[] => instructions.filter((i) => i.op === op).map((i) => i.arg);
    expect(all('ARG')).toEqual(['BASE=node:20-bookworm-slim']);
    expect(all('FROM')).toEqual(['${BASE} AS install', '${BASE}']);
    expect(all('USER')).toEqual(['node']);
    expect(all('EXPOSE')).toEqual(['4646']);
    expect(all('VOLUME')).toEqual(['/data']);

    // The install stage's commands (but the system packages, which this machine has), in a scratch folder of their WORKDIR.
    const scratch = join(work, 'image');
    mkdirSync(scratch);
    copyFileSync(tarball, join(work, 'psd2-workbench.tgz'));
    for (const command of all('RUN').filter((c) => !c.startsWith('apt-get') && !c.startsWith('mkdir -p /data'))) {
      const local = command.replaceAll('/tmp/psd2-workbench.tgz', join(work, 'psd2-workbench.tgz'));
      run('bash', ['-euo', 'pipefail', '-c', command.startsWith('npm install') ? `${local} ${QUICK_INSTALL.join(' ')}` : local], scratch);
    }
    withCheckoutSqlite(scratch);

    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const assignment of all('ENV')) {
      const [name = '', value = ''] = assignment.split(/=(.*)/s);
      env[name] = value.replaceAll('4646', String(port));
    }
    env.PSD2_WORKBENCH_CONTROL_TOKEN = 'ci-job-secret-token-0123';
    const command = [...(JSON.parse(all('ENTRYPOINT')[0] ?? '[]') as string[]), ...(JSON.parse(all('CMD')[0] ?? '[]') as string[])].map((arg) =>
      arg === '/data' ? join(work, 'image-data') : arg.replaceAll('4646', String(port)),
    );
    expect(command.slice(0, 4)).toEqual(['node_modules/.bin/psd2-workbench', 'serve', '--host', '0.0.0.0']);
    const healthcheck = /CMD (\[.*\])$/.exec(all('HEALTHCHECK')[0] ?? '')?.[1];
    const health = (JSON.parse(healthcheck ?? '[]') as string[]).map((arg) => arg.replaceAll('4646', String(port)));
    const healthy = async (): Promise<number | null> => (await finished(spawn(health[0] ?? 'false', health.slice(1), { env }))).code;

    expect(await healthy(), 'nothing listens yet').toBe(1);
    const server = spawn(join(scratch, command[0] ?? ''), command.slice(1), { cwd: scratch, env });
    running.push(server);
    let out = '';
    server.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => out, { timeout: 30_000 }).toContain('PSD2 Workbench listening on');
    expect(out).toContain('Control token: the one you set');
    expect(out).not.toContain('ci-job-secret-token-0123');
    expect(await healthy()).toBe(0);
    // The token is needed from the container itself too; the public URL is the ENV's.
    expect((await fetch(`http://127.0.0.1:${port}/simulator/v1/info`)).status).toBe(401);
    const info = await fetch(`http://127.0.0.1:${port}/simulator/v1/info`, { headers: { authorization: 'Bearer ci-job-secret-token-0123' } });
    expect(info.status).toBe(200);
    server.kill('SIGTERM');
    expect((await finished(server)).code).toBe(0);
  }, 120_000);
});
