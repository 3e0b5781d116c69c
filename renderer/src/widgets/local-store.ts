// What the app remembers across reloads and restarts (the chosen screen, PSU, theme, splits), in
// localStorage under one prefix (the screen and PSU also per window, in sessionStorage). Storage can be disabled or full: the app then simply forgets.
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

/**
 * What this window chose (sessionStorage: kept over a reload of the window, not shared with other
 * windows), else what was chosen last in any window, which a new window starts with.
 */
export function readWindowStored(name: string): string | undefined {
  try {
    return sessionStorage.getItem(storageKey(name)) ?? readStored(name);
  } catch {
    return readStored(name);
  }
}

/** Stores the value for this window, and as what a new window starts with. */
export function writeWindowStored(name: string, value: string | undefined): void {
  try {
    if (value === undefined) sessionStorage.removeItem(storageKey(name));
    else sessionStorage.setItem(storageKey(name), value);
  } catch {
    // Not remembering is better than failing what the user did.
  }
  writeStored(name, value);
}

/** The stored value when it is one of the allowed ones; a hand-edited or older value is ignored. */
export function readStoredChoice<T extends string>(
  name: string,
  allowed: readonly T[],
  read: (name: string) => string | undefined = readStored,
): T | undefined {
  const raw = read(name);
  return allowed.find((a) => a === raw);
}
