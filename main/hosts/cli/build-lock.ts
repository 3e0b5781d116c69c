import { mkdirSync, rmdirSync, rmSync, statSync } from 'node:fs';

/** A lock older than this was left by a start that died mid-build (a build takes well under a minute). */
const STALE_LOCK_MS = 120_000;
const POLL_MS = 200;

/**
 * Runs `work` while holding `lockDir` (a directory: creating one is atomic on every platform), waiting for
 * whoever holds it. `npm run web` and `npm start` started together would otherwise both rebuild the UI
 * into one folder, each emptying it first, and serve each other half-written files.
 */
export async function withBuildLock<T>(lockDir: string, onWait: () => void, work: () => Promise<T>): Promise<T> {
  let told = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (ageMs(lockDir) > STALE_LOCK_MS) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!told) onWait();
      told = true;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  try {
    return await work();
  } finally {
    rmdirSync(lockDir);
  }
}

function ageMs(dir: string): number {
  try {
    return Date.now() - statSync(dir).mtimeMs;
  } catch {
    return 0;
  }
}
