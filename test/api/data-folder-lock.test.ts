// One process per data folder (docs/architecture.md#local-safety): a second serve on a folder in use exits at
// once naming the folder and the holder's PID; a lock left by a killed process is taken over; a lock
// whose PID now belongs to another process is stale too; closing lets the folder go.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../main/simulator';
import { LOCK_FILE } from '../../main/store/data-folder-lock';
import { DataFolderError } from '../../main/store/database';
import { newDataFolder } from '../support/simulator';

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.pid) child.kill('SIGKILL');
});

function serve(data: string): { child: ChildProcess; output: () => string; listening: Promise<string>; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ['main/hosts/cli/launcher.mjs', 'serve', '--port', '0', '--data', data], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  running.push(child);
  let out = '';
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^PSD2 Workbench listening on (\S+)$/m.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => reject(new Error(`exited before listening: ${out}`)));
  });
  listening.catch(() => undefined);
  return { child, output: () => out, listening, exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

describe('one process per data folder', () => {
  it('a second serve on the folder exits at once with the folder and the PID; the first goes on serving', async () => {
    const data = newDataFolder('wb-lock-');
    const first = serve(data);
    const url = await first.listening;
    const second = serve(data);
    const started = Date.now();
    expect(await second.exit).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(second.output().trim()).toMatch(
      new RegExp(
        `^PSD2 Workbench could not start: the data folder ${data.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is in use by PSD2 Workbench \\(PID ${first.child.pid}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\); use --data for another folder$`,
      ),
    );
    expect((await fetch(`${url}/simulator/v1/info`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(existsSync(join(data, LOCK_FILE)), 'a clean stop lets the folder go').toBe(false);
    rmSync(data, { recursive: true, force: true });
  }, 60_000);

  it('a lock left by a killed process is taken over', async () => {
    const data = newDataFolder('wb-lock-');
    const first = serve(data);
    await first.listening;
    first.child.kill('SIGKILL');
    await first.exit;
    expect(JSON.parse(readFileSync(join(data, LOCK_FILE), 'utf8')).pid).toBe(first.child.pid);
    const next = serve(data);
    const url = await next.listening;
    expect((await fetch(`${url}/simulator/v1/info`)).status).toBe(200);
    expect(JSON.parse(readFileSync(join(data, LOCK_FILE), 'utf8')).pid).toBe(next.child.pid);
    next.child.kill('SIGTERM');
    await next.exit;
    rmSync(data, { recursive: true, force: true });
  }, 60_000);

  it('a holder killed a moment ago is gone although it is still a zombie: a restart at once, without waiting, takes the folder', async () => {
    const data = newDataFolder('wb-lock-');
    // `exec sleep` puts a parent in place that never reaps: the killed simulator stays a zombie, as under a
    // container's PID 1 that reaps nothing (and for about a second under any shell or supervisor).
    const parent = spawn('sh', ['-c', `${process.execPath} main/hosts/cli/launcher.mjs serve --port 0 --data '${data}' & echo "pid $!"; exec sleep 120`], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    running.push(parent);
    let out = '';
    const holderPid = await new Promise<number>((resolve, reject) => {
      parent.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const pid = /^pid (\d+)$/m.exec(out)?.[1];
        if (pid !== undefined && /^PSD2 Workbench listening on /m.test(out)) resolve(Number(pid));
      });
      parent.on('exit', () => reject(new Error(`exited before listening: ${out}`)));
    });
    process.kill(holderPid, 'SIGKILL');
    // Wait only for the kill to land (the state turns to Z at once), not for the zombie to go.
    const state = (): string => readFileSync(`/proc/${holderPid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '';
    while (state() !== 'Z') await new Promise((resolve) => setTimeout(resolve, 5));
    const next = serve(data);
    const url = await next.listening;
    expect(state(), 'the first is still a zombie while the second serves').toBe('Z');
    expect((await fetch(`${url}/simulator/v1/info`)).status).toBe(200);
    expect(JSON.parse(readFileSync(join(data, LOCK_FILE), 'utf8')).pid).toBe(next.child.pid);
    next.child.kill('SIGTERM');
    await next.exit;
    parent.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }, 60_000);

  it('in one process too: a second simulator on the folder is refused until the first closes; a reused PID is no holder', async () => {
    const data = newDataFolder('wb-lock-');
    const first = await startSimulator({ port: 0, host: '127.0.0.1', dataDir: data, mode: 'simulation', tls: false });
    const second = startSimulator({ port: 0, host: '127.0.0.1', dataDir: data, mode: 'simulation', tls: false });
    await expect(second).rejects.toThrow(DataFolderError);
    await expect(second).rejects.toThrow(`is in use by PSD2 Workbench (PID ${process.pid}`);
    await first.close();
    // A lock naming a live PID (this process's parent) that started at another time: the PID was reused.
    writeFileSync(join(data, LOCK_FILE), JSON.stringify({ pid: process.ppid, since: '2026-01-01T00:00:00.000Z', started: '1' }));
    const again = await startSimulator({ port: 0, host: '127.0.0.1', dataDir: data, mode: 'simulation', tls: false });
    expect(JSON.parse(readFileSync(join(data, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await again.close();
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
    rmSync(data, { recursive: true, force: true });
  }, 60_000);
});
