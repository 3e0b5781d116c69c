// The package a TPP team installs (docs/ci.md#installed-package, issue 32): `npm pack` builds what it runs
// ahead (prepack), and the tarball, installed into an empty project without devDependencies, serves,
// runs a flow against the server and writes a JUnit report, with no esbuild, tsx or TypeScript present.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';

const checkout = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'wb-package-'));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

const npm = (args: string[], cwd: string): string => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The command as the project's scripts run it: node_modules/.bin/psd2-workbench. */
function bin(project: string, args: string[]): ChildProcess {
  const child = spawn(join(project, 'node_modules', '.bin', 'psd2-workbench'), args, { cwd: project, env: { ...process.env, NO_COLOR: '1' } });
  running.push(child);
  return child;
}

function finished(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('the packed package in another project', () => {
  it('installs without devDependencies, serves, runs a flow with --base and writes a JUnit report', async () => {
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], checkout)) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]?.files.map((f) => f.path) ?? [];
    // Only what runs: no tests, no bench, no sources to compile, no data folder.
    expect(files.filter((f) => /^(test|bench|scripts|docs|\.data|renderer|preload)\//.test(f) || f.endsWith('.ts'))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['dist/cli/serve/serve.cjs', 'dist/cli/flow/flow.cjs', 'dist/cli/web/web.cjs', 'out/renderer/index.html']));

    const project = join(work, 'tpp-team');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{"name":"tpp-team","version":"1.0.0","private":true}');
    // --ignore-scripts: better-sqlite3 would compile from its sources (two minutes); the checkout's build of
    // the same version is copied in instead. Everything else is what `npm install --omit=dev` puts there.
    npm(['install', join(work, packed[0]?.filename ?? ''), '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], project);
    const release = join(project, 'node_modules', 'better-sqlite3', 'build', 'Release');
    mkdirSync(release, { recursive: true });
    copyFileSync(join(checkout, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), join(release, 'better_sqlite3.node'));
    const installed = readdirSync(join(project, 'node_modules'));
    for (const tool of ['esbuild', 'tsx', 'typescript', 'vite', 'electron']) expect(installed, `${tool} is not installed`).not.toContain(tool);

    const help = await finished(bin(project, ['--help']));
    expect(help).toMatchObject({ code: 0, output: expect.stringContaining('psd2-workbench serve|web|flow') });
    const serveHelp = await finished(bin(project, ['serve', '--help']));
    expect(serveHelp.code).toBe(0);
    expect(serveHelp.output).toContain('--control-token');

    const server = bin(project, ['serve', '--port', '0', '--data', join(work, 'data')]);
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /^PSD2 Workbench listening on (\S+)$/m.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      server.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      server.on('exit', () => reject(new Error(`serve exited: ${out}`)));
    });

    const report = join(work, 'flows.xml');
    const run = await finished(bin(project, ['flow', 'ais-consent', '--base', url, '--junit', report]));
    expect(run.output).toContain('All 13 steps met their expectations.');
    expect(run.code).toBe(0);

    // The shape every JUnit reader takes (the common XSD): testsuites > testsuite > testcase, counts that add up.
    const xml = readFileSync(report, 'utf8');
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
    }).parse(xml);
    const suites = doc.testsuites.testsuite as {
      name: string;
      tests: string;
      failures: string;
      errors: string;
      skipped: string;
      time: string;
      testcase: { name: string; classname: string; time: string }[];
    }[];
    expect(suites.map((s) => s.name)).toEqual(['ais-consent']);
    const [suite] = suites;
    expect(Number(suite?.tests)).toBe(suite?.testcase.length);
    expect(suite?.testcase).toHaveLength(13);
    expect({ failures: suite?.failures, errors: suite?.errors, skipped: suite?.skipped }).toEqual({ failures: '0', errors: '0', skipped: '0' });
    for (const testcase of suite?.testcase ?? []) {
      expect(testcase.classname).toBe('ais-consent');
      expect(Number(testcase.time)).toBeGreaterThanOrEqual(0);
    }
    expect(doc.testsuites.tests).toBe('13');
    expect(existsSync(`${report}.tmp`)).toBe(false);
    server.kill('SIGTERM');
  }, 240_000);
});
