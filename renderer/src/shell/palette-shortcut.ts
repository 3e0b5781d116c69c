import { useEffect } from 'react';

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The keys as the user's keyboard labels them. */
export const PALETTE_KEYS: readonly string[] = IS_MAC ? ['⌘', 'K'] : ['Ctrl', 'K'];

/** Ctrl+K or Cmd+K: both work everywhere, so a Mac user on a PC keyboard is not lost. */
export function isPaletteKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Opens the palette from anywhere, text fields included: the shortcut types nothing. */
export function usePaletteShortcut(open: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      // The open palette handles the key itself (it closes).
      if (event.defaultPrevented || !isPaletteKey(event)) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}
