// The UI build's lock (main/hosts/cli/build-lock.ts): `npm run web` and `npm start` started together build
// one at a time, the second after the first; a lock left by a start that died does not block forever.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withBuildLock } from '../../main/hosts/cli/build-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function lockPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wb-build-lock-'));
  dirs.push(dir);
  return join(dir, '.renderer-build.lock');
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('withBuildLock', () => {
  it('runs two builds one after the other, telling the second one why it waits', async () => {
    const lock = lockPath();
    const events: string[] = [];
    const waited: string[] = [];
    const build = (name: string) => async (): Promise<string> => {
      events.push(`${name} starts`);
      await pause(300);
      events.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([
      withBuildLock(lock, () => waited.push('first'), build('first')),
      pause(20).then(() => withBuildLock(lock, () => waited.push('second'), build('second'))),
    ]);
    expect(results).toEqual(['first', 'second']);
    expect(events).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
    expect(waited).toEqual(['second']);
    expect(existsSync(lock)).toBe(false);
  });

  it('lets go of the lock when the build fails', async () => {
    const lock = lockPath();
    await expect(
      withBuildLock(
        lock,
        () => {},
        async () => Promise.reject(new Error('vite failed')),
      ),
    ).rejects.toThrow('vite failed');
    expect(existsSync(lock)).toBe(false);
    expect(
      await withBuildLock(
        lock,
        () => {},
        async () => 'next',
      ),
    ).toBe('next');
  });

  it('takes over a lock left by a start that died mid-build, without waiting', async () => {
    const lock = lockPath();
    mkdirSync(lock);
    const long = new Date(Date.now() - 10 * 60_000);
    utimesSync(lock, long, long);
    const waited: boolean[] = [];
    expect(
      await withBuildLock(
        lock,
        () => waited.push(true),
        async () => 'built',
      ),
    ).toBe('built');
    expect(waited).toEqual([]);
  });
});
