// What the app remembers across reloads and restarts (the chosen screen, PSU, theme, splits), in
// localStorage under one prefix. Storage can be disabled or full: the app then simply forgets.
const KEY_PREFIX = 'psd2wb.';

export function storageKey(name: string): string {
  return KEY_PREFIX + name;
}

export function readStored(name: string): string | undefined {
  try {
    return localStorage.getItem(storageKey(name)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Stores the value; undefined forgets it. */
export function writeStored(name: string, value: string | undefined): void {
  try {
    if (value === undefined) localStorage.removeItem(storageKey(name));
    else localStorage.setItem(storageKey(name), value);
  } catch {
    // Not remembering is better than failing what the user did.
  }
}

/** The stored value when it is one of the allowed ones; a hand-edited or older value is ignored. */
export function readStoredChoice<T extends string>(name: string, allowed: readonly T[]): T | undefined {
  const raw = readStored(name);
  return allowed.find((a) => a === raw);
}
