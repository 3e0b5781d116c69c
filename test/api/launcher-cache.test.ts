import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// A checkout of its own holding the real launcher and a one-line command, so its sources can be changed here.
const checkout = mkdtempSync(join(tmpdir(), 'wb-launcher-'));
const cli = join(checkout, 'main', 'hosts', 'cli');
mkdirSync(cli, { recursive: true });
copyFileSync(resolve('main/hosts/cli/launcher.mjs'), join(cli, 'launcher.mjs'));
copyFileSync(resolve('main/hosts/heap-growth.mjs'), join(checkout, 'main', 'hosts', 'heap-growth.mjs'));
// esbuild stays outside the bundle as a development tool, so the command's import() of it is one of node:vm.
writeFileSync(join(checkout, 'package.json'), JSON.stringify({ name: 'launcher-check', private: true, type: 'module', devDependencies: { esbuild: '*' } }));
const greeting = join(checkout, 'node_modules', 'greeting');
mkdirSync(greeting, { recursive: true });
symlinkSync(resolve('node_modules/esbuild'), join(checkout, 'node_modules', 'esbuild'), 'dir');
const outDir = join(checkout, 'node_modules', '.cache', 'psd2-workbench', `serve-${createHash('sha256').update(checkout).digest('hex').slice(0, 8)}`);
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

/** The command prints what it was made from, its own text and a package's; `ready` is the launcher's cue to keep the compiled code. */
const writeCommand = (said: string, ready = 'Promise.resolve()'): void =>
  writeFileSync(
    join(cli, 'serve.ts'),
    `import greeting from 'greeting';\nconst said: string = '${said}';\nconsole.log(said, greeting);\nexport const ready = ${ready};\n`,
  );
/** A package as npm installs one: its files and its package.json written anew. */
const installGreeting = (version: string): void => {
  writeFileSync(join(greeting, 'package.json'), JSON.stringify({ name: 'greeting', version, main: 'index.js' }));
  writeFileSync(join(greeting, 'index.js'), `module.exports = 'greeting ${version}';\n`);
};
installGreeting('1.0.0');
/** What the command printed; nothing on stderr, not even a warning. */
const run = (): string => {
  const { stdout, stderr, status } = spawnSync(process.execPath, [join(cli, 'launcher.mjs'), 'serve'], { encoding: 'utf8' });
  expect(stderr).toBe('');
  expect(status).toBe(0);
  return stdout.trim();
};
const caches = (): string[] => readdirSync(outDir).filter((name) => name.endsWith('.v8-cache'));
const cacheBytes = (): Buffer => readFileSync(join(outDir, caches()[0] as string));

describe('the launcher keeps V8 compiled code beside its bundle', () => {
  it('writes it once ready, compiles with it, replaces one V8 refuses, and never runs it for another bundle', () => {
    writeCommand('first');
    expect(run()).toBe('first greeting 1.0.0');
    expect(caches()).toHaveLength(1);
    const kept = cacheBytes();

    expect(run()).toBe('first greeting 1.0.0');
    expect(cacheBytes().equals(kept), 'V8 took the cache: nothing to write again').toBe(true);

    writeFileSync(join(outDir, caches()[0] as string), 'not code');
    expect(run()).toBe('first greeting 1.0.0');
    const remade = cacheBytes();
    expect(remade.toString('latin1'), 'a cache V8 refused is made again').not.toBe('not code');
    expect(run()).toBe('first greeting 1.0.0');
    expect(cacheBytes().equals(remade)).toBe(true);

    // Same length: V8's own check of a cache against its source compares only the length.
    const [before] = caches();
    writeCommand('again');
    expect(run()).toBe('again greeting 1.0.0');
    expect(caches()).toHaveLength(1);
    expect(caches()[0]).not.toBe(before);
  }, 60_000);

  it('runs a bundle that import()s a package left outside without it: V8 restores code without what import() needs', () => {
    writeCommand('outside', "import('esbuild').then(() => console.log('imported'))");
    expect(run()).toBe('outside greeting 1.0.0\nimported');
    expect(run()).toBe('outside greeting 1.0.0\nimported');
    expect(caches()).toEqual([]);
  }, 60_000);

  it('makes the bundle again when npm installs another version of a bundled package', () => {
    writeCommand('third');
    expect(run()).toBe('third greeting 1.0.0');
    installGreeting('1.0.1');
    expect(run()).toBe('third greeting 1.0.1');
  }, 60_000);

  it('keeps the bundle ASCII, read as latin1, with every other character the same once run', () => {
    writeCommand("€ “quoted” ' + `${'naïve'}` + ' ' + '«“x”»'.replace(/[“”]/g, '') + ' 🙂");
    expect(run()).toMatch(/^€ “quoted” naïve «x» 🙂 greeting /);
    expect(run()).toMatch(/^€ “quoted” naïve «x» 🙂 greeting /);
    expect(/[\u0080-\uffff]/.test(readFileSync(join(outDir, 'serve.cjs'), 'utf8'))).toBe(false);
  }, 60_000);
});
