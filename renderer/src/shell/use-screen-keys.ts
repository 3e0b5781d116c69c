import { useEffect } from 'react';
import type { ScreenId } from '../state/shell';
import { SCREENS } from '../state/shell';

/**
 * Typing in a field must not switch screens. Monaco takes keys through Chromium's EditContext on
 * a plain div (role textbox), which is neither an input nor contenteditable.
 */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // A tick box or a button takes no letters or arrows: after a click on one, the shortcuts still work.
  if (target instanceof HTMLInputElement && ['checkbox', 'button', 'submit', 'reset'].includes(target.type)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="textbox"], .monaco-editor') !== null;
}

/** A key pressed on its own (no Ctrl, Cmd or Alt) outside a text field: a shortcut, not typing. */
export function isShortcutKey(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
}

/** The screens' number keys switch screens from anywhere but a text field. */
export function useScreenKeys(onChoose: (screen: ScreenId) => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (!isShortcutKey(event)) return;
      const screen = SCREENS.find((s) => s.key === event.key);
      if (!screen) return;
      event.preventDefault();
      onChoose(screen.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onChoose]);
}
