/**
 * The processes of the bench: the simulator started as `npm run serve` starts it, the bare Node server that
 * sets the ceilings, and the load generator (load.ts), each in a process of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { LoadResult, LoadSpec } from './load-spec';

export const ROOT = join(import.meta.dirname, '..');

export interface Started {
  child: ChildProcess;
  url: string;
  /** From spawning the process to its ready line. */
  readyMs: number;
  /** What the process has written to stderr so far: the simulator's unexpected faults, with their stacks. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Spawns and waits for the line that names the URL; stop() sends SIGTERM and waits for the exit. */
function startProcess(command: string, args: readonly string[], ready: RegExp, cwd = ROOT): Promise<Started> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, PATH: `${join(cwd, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    // The last 64 KB: a fault repeated on every request must not grow the bench's own memory.
    child.stderr?.on('data', (d: Buffer) => void (err = (err + d.toString()).slice(-65_536)));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = ready.exec(out)?.[1];
      if (url) resolve({ child, url, readyMs: performance.now() - started, stderr: () => err, stop });
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code}) before it was ready: ${err || out}`)));
  });
}

/**
 * The simulator the bench starts: this checkout's, or another's (`--serve-from DIR`, a checkout with its
 * node_modules), so the same bench can set two versions of the simulator side by side, one run each.
 */
const SERVE_ROOT = ((): string => {
  const at = process.argv.indexOf('--serve-from');
  return at < 0 ? ROOT : (process.argv[at + 1] ?? ROOT);
})();

/** The command of package.json's `serve` script, run directly (npm's own start-up is not the simulator's). */
function serveCommand(): { command: string; args: string[] } {
  const script = (JSON.parse(readFileSync(join(SERVE_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const [first = 'node', ...rest] = script.split(/\s+/).filter(Boolean);
  const bin = join(SERVE_ROOT, 'node_modules', '.bin', first);
  return { command: first === 'node' ? process.execPath : existsSync(bin) ? bin : first, args: rest };
}

/** `profileDir`: the process writes a V8 CPU profile there when it stops (node --cpu-prof). */
export function startServe(dataDir: string, flags: readonly string[] = [], profileDir?: string): Promise<Started> {
  const { command, args } = serveCommand();
  // Node refuses --cpu-prof in NODE_OPTIONS: it goes before the script, which needs `serve` to run node itself.
  if (profileDir !== undefined && command !== process.execPath) throw new Error('--cpu-prof needs the serve script to run node directly');
  const profile = profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  return startProcess(command, [...profile, ...args, '--port', '0', '--data', dataDir, ...flags], /PSD2 Workbench listening on (\S+)/, SERVE_ROOT);
}

/** The ceilings (ceiling-server.ts): node:http doing only each route's unavoidable work, answering as `answersFile` says. */
export function startCeiling(answersFile: string): Promise<Started> {
  return startProcess(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'ceiling-server.ts'), answersFile], /ceiling on (\S+)/);
}

/** Resident memory of the process that serves: the largest in the tree under `pid` (tsx's launcher, if any, is not counted). Linux only. */
export function rssBytes(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}`)) return Number.NaN;
  const own = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 'NaN') * 1024;
  const childrenFile = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(childrenFile) ? readFileSync(childrenFile, 'utf8').split(/\s+/).filter(Boolean).map(Number) : [];
  return Math.max(own, ...children.map(rssBytes));
}

const specDir = mkdtempSync(join(tmpdir(), 'wb-bench-load-'));
let specs = 0;

/**
 * The load generator: load.ts in a process of its own, started once and kept for every run, so each run meets
 * it warm (a process started per run ran its first half second at two thirds of its speed, which made a short
 * run's figures depend on when the JIT caught up). Runs go one at a time, in the order asked.
 */
class LoadGenerator {
  private readonly child: ChildProcess;
  private readonly waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  private running = 0;
  private exited: Error | null = null;

  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'load.ts'), '--serve'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    createInterface({ input: this.child.stdout as Readable }).on('line', (line) => this.waiting.shift()?.resolve(line));
    this.child.once('exit', (code) => {
      this.exited = new Error(`the load process ended (${code})`);
      for (const w of this.waiting.splice(0)) w.reject(this.exited);
    });
    this.hold(false);
  }

  async run(file: string): Promise<LoadResult> {
    if (this.exited) throw this.exited;
    const line = new Promise<string>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.running++;
    this.hold(true);
    this.child.stdin?.write(`${file}\n`);
    try {
      const text = await line;
      if (!text.startsWith('{')) throw new Error(`the load process failed: ${text.slice(0, 500)}`);
      return JSON.parse(text) as LoadResult;
    } finally {
      if (--this.running === 0) this.hold(false);
    }
  }

  stop(): void {
    this.child.stdin?.end();
  }

  /** Keeps the bench's process alive while a run is under way, and not for an idle generator. */
  private hold(on: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout] as ({ ref(): void; unref(): void } | null)[]) {
      if (on) handle?.ref();
      else handle?.unref();
    }
  }
}

let generator: LoadGenerator | null = null;

/** Runs one load spec on the (shared, warm) load generator and returns its result. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const file = join(specDir, `spec-${++specs}.json`);
  writeFileSync(file, JSON.stringify(spec));
  generator ??= new LoadGenerator();
  return generator.run(file);
}

export const removeLoadSpecs = (): void => {
  generator?.stop();
  generator = null;
  rmSync(specDir, { recursive: true, force: true });
};
