// Each split remembers where the user left its divider, per screen, across reloads and restarts.
import { readStored, storageKey, writeStored } from './local-store';

const splitName = (name: string): string => `split.${name}`;

export function splitStorageKey(name: string): string {
  return storageKey(splitName(name));
}

/**
 * The stored share (in percent) of the first pane, or undefined when there is none or it is
 * not a share at all: a hand-edited or older value must not collapse a pane.
 */
export function readSplitPercent(name: string): number | undefined {
  const raw = readStored(splitName(name));
  if (raw === undefined || raw.trim() === '') return undefined;
  const percent = Number(raw);
  return Number.isFinite(percent) && percent > 0 && percent < 100 ? percent : undefined;
}

export function writeSplitPercent(name: string, percent: number | undefined): void {
  writeStored(splitName(name), percent === undefined ? undefined : percent.toFixed(2));
}
