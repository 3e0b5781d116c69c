// The simulator's process lets V8's old generation grow to 1.5 times what survived a full collection, not to its
// default of up to four times (main/hosts/heap-growth.mjs; docs/benchmarks.md#memory has what it saves). V8 says
// which factor it used after each full collection under --trace-gc-verbose.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { newDataFolder } from '../support/simulator';

it('serve lets the heap grow to 1.5 times what survived a full collection, from its start on', async () => {
  const data = newDataFolder('wb-heap-');
  const child = spawn(process.execPath, ['--trace-gc-verbose', 'main/hosts/cli/launcher.mjs', 'serve', '--port', '0', '--data', data], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await expect.poll(() => /^PSD2 Workbench listening on /m.test(out), { timeout: 30_000 }).toBe(true);
    const url = /^PSD2 Workbench listening on (\S+)$/m.exec(out)?.[1] ?? '';
    // Whether the start itself collected in full depends on what it compiled: traffic makes sure (each exchange logged).
    const limits = (): number => out.split('[HeapController] Limit:').length - 1;
    for (let round = 0; limits() === 0 && round < 100; round++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => fetch(`${url}/frankfurt/berlingroup/v1/no-such-route-${round}-${i}`).then((r) => r.arrayBuffer())),
      );
    }
    const factors = [...out.matchAll(/\[HeapController\] Limit: old size: \d+ KB, new limit: \d+ KB \(([\d.]+)\)/g)].map((m) => m[1]);
    expect(factors.length, 'a full collection, at the start or under the traffic').toBeGreaterThan(0);
    expect(new Set(factors)).toEqual(new Set(['1.5']));
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(data, { recursive: true, force: true });
  }
}, 60_000);
