import { useEffect } from 'react';
import { usePresent } from '../../state/present';
import { isShortcutKey } from '../../shell/use-screen-keys';
import { PresentView } from './PresentView';

/** P (outside a text field) turns the presentation view on and off; it covers the app while on. */
export function Presentation() {
  const on = usePresent((s) => s.on);
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (!isShortcutKey(event)) return;
      if (event.key !== 'p' && event.key !== 'P') return;
      event.preventDefault();
      usePresent.getState().toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return on ? <PresentView /> : null;
}
