// Each split remembers where the user left its divider, per screen, across reloads and restarts.
const KEY_PREFIX = 'psd2wb.split.';

export function splitStorageKey(name: string): string {
  return KEY_PREFIX + name;
}

/**
 * The stored share (in percent) of the first pane, or undefined when there is none or it is
 * not a share at all: a hand-edited or older value must not collapse a pane.
 */
export function readSplitPercent(name: string): number | undefined {
  let raw: string | null;
  try {
    raw = localStorage.getItem(splitStorageKey(name));
  } catch {
    return undefined; // Storage can be disabled; the default split still works.
  }
  if (raw === null || raw.trim() === '') return undefined;
  const percent = Number(raw);
  return Number.isFinite(percent) && percent > 0 && percent < 100 ? percent : undefined;
}

export function writeSplitPercent(name: string, percent: number | undefined): void {
  try {
    if (percent === undefined) localStorage.removeItem(splitStorageKey(name));
    else localStorage.setItem(splitStorageKey(name), percent.toFixed(2));
  } catch {
    // Not remembering the split is better than failing the drag.
  }
}
