import { linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataFolderError, ensureDataFolder } from './database';

/** A lock file without a holder yet is one being written, for this long. */
const BEING_WRITTEN_MS = 2_000;

/** In the data folder while a PSD2 Workbench process uses it. */
export const LOCK_FILE = 'workbench.lock';

/** Who holds the folder; `started` tells a live holder from a later process that reuses its PID. */
interface Holder {
  pid: number;
  since: string;
  started: string | null;
}

export interface DataFolderLock {
  /** Lets the folder go (only if this process still holds it). */
  release(): void;
}

/**
 * One process per data folder: two on one SQLite file and PKI would overwrite each other's exchanges
 * and keys. A lock left by a process that died (kill -9, a crash) is taken over.
 */
export function lockDataFolder(dir: string, now: Date = new Date()): DataFolderLock {
  ensureDataFolder(dir);
  const file = join(dir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, since: now.toISOString(), started: processStart(process.pid) };
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return { release: () => releaseIfMine(file, mine) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new DataFolderError(
          `cannot lock the data folder ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); choose another with --data DIR`,
        );
    }
    const holder = readHolder(file);
    if (holder === null && youngerThan(file, BEING_WRITTEN_MS)) {
      // Another process created it a moment ago and is still writing it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (holder !== null && alive(holder)) {
      throw new DataFolderError(`the data folder ${dir} is in use by PSD2 Workbench (PID ${holder.pid}, since ${holder.since}); use --data for another folder`);
    }
    takeOver(file, holder);
  }
  throw new DataFolderError(`cannot lock the data folder ${dir}: other processes keep taking it; use --data for another folder`);
}

/**
 * Moves the stale lock aside under a name of this process's own, so that of two processes taking
 * over at once only one removes it: a fresh lock moved by mistake is put back.
 */
function takeOver(file: string, stale: Holder | null): void {
  const aside = `${file}.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const moved = readHolder(aside);
  if (moved !== null && stale !== null && (moved.pid !== stale.pid || moved.since !== stale.since)) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone locked the folder meanwhile: theirs stands.
    }
  }
  unlinkSync(aside);
}

function youngerThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < ms;
  } catch {
    return false;
  }
}

function releaseIfMine(file: string, mine: Holder): void {
  const holder = readHolder(file);
  if (holder?.pid === mine.pid && holder.since === mine.since) unlinkSync(file);
}

/** Null for a lock being written or written by something else: it is treated as stale. */
function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.since !== 'string') return null;
    return { pid: parsed.pid, since: parsed.since, started: typeof parsed.started === 'string' ? parsed.started : null };
  } catch {
    return null;
  }
}

function alive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(holder.pid);
  // A killed process stays a zombie until its parent reaps it: about a second under a shell or a
  // supervisor, for ever under a container's PID 1 that reaps nothing. It holds no file any more.
  if (stat !== null && (stat.state === 'Z' || stat.state === 'X')) return false;
  return holder.started === null || stat === null || stat.started === holder.started;
}

/** The process's start time in clock ticks since boot (Linux /proc), or null where it cannot be read. */
function processStart(pid: number): string | null {
  return procStat(pid)?.started ?? null;
}

/** State (field 3) and start time (field 22) of /proc/PID/stat; null where there is no /proc. */
function procStat(pid: number): { state: string; started: string | null } | null {
  try {
    // The command name (field 2) may hold spaces and parentheses, so count after its last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? null };
  } catch {
    return null;
  }
}
