import { renameSync, writeFileSync } from 'node:fs';

/**
 * Write-then-rename, so a crash never leaves half a PEM, and the mode applies even when the file already
 * existed (writeFileSync's mode only counts on creation).
 */
export function writeFileAtomic(path: string, content: string | Uint8Array, mode: number = 0o644): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode });
  renameSync(temporary, path);
}

export const PRIVATE = 0o600;
