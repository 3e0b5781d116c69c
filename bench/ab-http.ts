/**
 * Two checkouts' simulators side by side under the same load, in alternate slices, so a busy machine's swings
 * fall on both alike: CPU µs per request of each (all threads, from /proc), per row and slice.
 *   tsx bench/ab-http.ts OTHER_CHECKOUT [rows: consent,status,signed] [slices] [seconds a slice]
 * The other checkout must have node_modules (a symlink will do). Not part of `npm run bench`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuDuring } from './cpu';
import { Fixtures } from './fixtures';
import type { Scenario } from './load-spec';
import { removeLoadSpecs, ROOT, runLoad } from './processes';

const [other = '', rowList = 'consent,status', slicesArg = '6', secondsArg = '1'] = process.argv.slice(2);
const SLICES = Number(slicesArg);
const SECONDS = Number(secondsArg);

interface Side {
  name: string;
  child: ChildProcess;
  url: string;
  fixtures: Fixtures;
  dataDir: string;
}

function serve(name: string, root: string): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), `ab-${name}-`));
  const child = spawn(process.execPath, [join(root, 'main/hosts/cli/launcher.mjs'), 'serve', '--port', '0', '--data', dataDir, '--log-limit', '100000'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /PSD2 Workbench listening on (\S+)/.exec(out)?.[1];
      if (url) resolve({ name, child, url, fixtures: new Fixtures(url, dataDir), dataDir });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${out}`)));
  });
}

/** CPU µs of the main thread of `pid` and of all its other threads (V8's helpers, the checkpointer, libuv's pool). */
function threads(pid: number | undefined): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      // Every thread of a Node process is called "node": the main thread is the one whose id is the process's.
      const name = tid === String(pid) ? 'main thread' : 'other threads (GC, checkpointer, libuv)';
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10_000);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return byName;
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;

async function main(): Promise<void> {
  const sides = [await serve('base', other), await serve('this', ROOT)];
  try {
    const scenarios = new Map<Side, Record<string, Scenario>>();
    for (const side of sides) {
      scenarios.set(side, {
        consent: await side.fixtures.consentStatus(200),
        status: await side.fixtures.paymentStatus(50),
        // Signed payments from a pool signed beforehand, sent in turn (as the bench's sustained signed row).
        signed: await side.fixtures.paymentCreate(2000),
      });
      // Warm: the first seconds of a process are the JIT's.
      for (const scenario of Object.values(scenarios.get(side)!))
        await runLoad({ url: side.url, connections: 10, seconds: 3, scenario, dataDir: side.dataDir });
    }
    const perThread = new Map<string, number>();
    for (const row of rowList.split(',')) {
      const cpu: Record<string, number[]> = { base: [], this: [] };
      for (let i = 0; i < SLICES; i++) {
        for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
          const scenario = scenarios.get(side)![row] as Scenario;
          const before = threads(side.child.pid);
          const { result, cpuMicros } = await cpuDuring(side.child.pid, () =>
            runLoad({ url: side.url, connections: 10, seconds: SECONDS, scenario, dataDir: side.dataDir }),
          );
          for (const [name, micros] of threads(side.child.pid)) {
            const key = `${side.name} ${row} ${name}`;
            perThread.set(key, (perThread.get(key) ?? 0) + (micros - (before.get(name) ?? 0)) / result.requests);
          }
          if (Object.keys(result.statuses).some((s) => s !== (row === 'signed' ? '201' : '200')))
            throw new Error(`${side.name} ${row}: ${JSON.stringify(result.statuses)}`);
          cpu[side.name]!.push(cpuMicros / result.requests);
        }
      }
      const [b, t] = [median(cpu.base!), median(cpu.this!)];
      console.log(
        `${row}: base ${b.toFixed(1)} µs/request [${cpu.base!.map((x) => x.toFixed(0)).join(' ')}], this ${t.toFixed(1)} [${cpu.this!.map((x) => x.toFixed(0)).join(' ')}]: ${(t / b).toFixed(2)}× the base's CPU`,
      );
    }
    if (process.env.AB_THREADS)
      for (const [key, micros] of perThread) if (micros / SLICES >= 0.5) console.log(`  ${key}: ${(micros / SLICES).toFixed(1)} µs/request`);
  } finally {
    for (const side of sides) side.child.kill('SIGTERM');
    removeLoadSpecs();
  }
}

await main();
