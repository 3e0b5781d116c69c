// The app's theme: follow the system (the default), or light or dark whatever the system says.
// The choice is the `data-theme` attribute of <html>; styles.css picks the colour scheme from it.
import { create } from 'zustand';
import { readStoredChoice, writeStored } from '../widgets/local-store';

export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];

export const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'follow the system',
  light: 'light',
  dark: 'dark',
};

const STORED_AS = 'theme';

interface ThemeState {
  theme: ThemeChoice;
  setTheme(theme: ThemeChoice): void;
}

function apply(theme: ThemeChoice): void {
  document.documentElement.dataset.theme = theme;
}

export const useTheme = create<ThemeState>()((set) => ({
  theme: 'system',
  setTheme(theme) {
    writeStored(STORED_AS, theme === 'system' ? undefined : theme);
    apply(theme);
    set({ theme });
  },
}));

/** Applies the stored choice before the first render, so a dark choice never flashes light. */
export function restoreTheme(): void {
  const theme = readStoredChoice(STORED_AS, THEMES) ?? 'system';
  apply(theme);
  useTheme.setState({ theme });
}

const systemDark = (): MediaQueryList => window.matchMedia('(prefers-color-scheme: dark)');

/** Whether the app shows dark colours now: the choice, or the system's scheme when it follows the system. */
export function isDark(): boolean {
  const { theme } = useTheme.getState();
  return theme === 'dark' || (theme === 'system' && systemDark().matches);
}

/** Calls back whenever the shown scheme may have changed (a new choice, or the system's scheme). */
export function onSchemeChange(listener: () => void): () => void {
  const query = systemDark();
  query.addEventListener('change', listener);
  const unsubscribe = useTheme.subscribe((s, prev) => {
    if (s.theme !== prev.theme) listener();
  });
  return () => {
    query.removeEventListener('change', listener);
    unsubscribe();
  };
}
