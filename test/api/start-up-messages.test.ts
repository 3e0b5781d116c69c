// Start-up and CLI edges a CI setup meets: each ends at once with one line that names
// the file, folder or URL and what to do, instead of a raw SQLite error, a silent spin or "fetch failed".
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../main/simulator';
import { DATABASE_FILE, DataFolderError } from '../../main/store/database';
import { flowCommand } from '../support/flow-command';
import { freePort } from '../support/ports';
import { newDataFolder } from '../support/simulator';

function serveOnce(args: string[]): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['main/hosts/cli/launcher.mjs', 'serve', '--port', '0', ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

describe('start-up messages', () => {
  it('a damaged database names the file and the two remedies', async () => {
    const data = newDataFolder('wb-corrupt-');
    writeFileSync(join(data, DATABASE_FILE), Buffer.alloc(8192, 0x5a));
    const start = startSimulator({ port: 0, host: '127.0.0.1', dataDir: data, mode: 'simulation', tls: false });
    await expect(start).rejects.toThrow(DataFolderError);
    await expect(start).rejects.toThrow(
      `the database ${join(data, DATABASE_FILE)} is damaged (file is not a database); move it aside to start this folder afresh, or use --data for another folder`,
    );
    const cli = await serveOnce(['--data', data]);
    expect(cli.code).toBe(1);
    expect(cli.output.trim()).toBe(
      `PSD2 Workbench could not start: the database ${join(data, DATABASE_FILE)} is damaged (file is not a database); move it aside to start this folder afresh, or use --data for another folder`,
    );
    rmSync(data, { recursive: true, force: true });
  }, 60_000);

  it('a data folder that cannot be made (under /proc) is refused at once with the reason, not a silent spin', async () => {
    const cli = await serveOnce(['--data', '/proc/psd2-workbench-x/data']);
    expect(cli.code).toBe(1);
    expect(cli.output.trim()).toBe(
      'PSD2 Workbench could not start: cannot write the data folder /proc/psd2-workbench-x/data (ENOENT); choose another with --data DIR',
    );
    expect(cli.ms).toBeLessThan(20_000);
  }, 60_000);

  it('flow --base at an address nobody answers names the URL and the system error', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await freePort();
    const { code, output } = await flowCommand(['ais-consent', '--base', `http://127.0.0.1:${port}`]);
    expect(code).toBe(2);
    expect(output.trim()).toBe(`flow: GET http://127.0.0.1:${port}/simulator/v1/info failed: ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:${port})`);
  }, 60_000);
});

describe('--now with a date alone', () => {
  it('starts the clock at that midnight at the dataset’s first institution (London, Europe/London)', async () => {
    const data = newDataFolder('wb-now-date-');
    const sim = await startSimulator({ port: 0, host: '127.0.0.1', dataDir: data, mode: 'simulation', tls: false, now: '2026-07-01' });
    try {
      const { now } = (await (await fetch(`${sim.url}/simulator/v1/clock`)).json()) as { now: string };
      // The clock runs from the start: a moment after midnight in London's summer time, 2026-06-30T23:00:00Z.
      expect(Date.parse(now) - Date.parse('2026-06-30T23:00:00Z')).toBeGreaterThanOrEqual(0);
      expect(Date.parse(now) - Date.parse('2026-06-30T23:00:00Z')).toBeLessThan(60_000);
    } finally {
      await sim.close();
      rmSync(data, { recursive: true, force: true });
    }
  });
});
