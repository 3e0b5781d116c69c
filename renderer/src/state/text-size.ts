// The whole UI's text size, for a room at the back of a class: 100 to 200 %, kept across reloads like
// the theme. The choice is the `--text-scale` property of <html>; styles.css zooms the app by it.
import { create } from 'zustand';
import { readStoredChoice, writeStored } from '../widgets/local-store';

export const TEXT_SIZES = [100, 125, 150, 175, 200] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

const STORED_AS = 'textSize';

interface TextSizeState {
  size: TextSize;
  setSize(size: TextSize): void;
}

function apply(size: TextSize): void {
  document.documentElement.style.setProperty('--text-scale', String(size / 100));
  document.documentElement.dataset.textSize = String(size);
}

export const useTextSize = create<TextSizeState>()((set) => ({
  size: 100,
  setSize(size) {
    writeStored(STORED_AS, size === 100 ? undefined : String(size));
    apply(size);
    set({ size });
  },
}));

/** Applies the stored size before the first render, so the app never shows at the wrong size first. */
export function restoreTextSize(): void {
  const stored = readStoredChoice(STORED_AS, TEXT_SIZES.map(String));
  const size = TEXT_SIZES.find((s) => String(s) === stored) ?? 100;
  apply(size);
  useTextSize.setState({ size });
}
