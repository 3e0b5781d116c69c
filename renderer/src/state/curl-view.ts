import { create } from 'zustand';

interface CurlViewState {
  /** The exchange whose cURL command is shown; selecting another one hides it. */
  exchangeId: number | null;
  show(exchangeId: number): void;
  hide(): void;
}

/** Whether the Inspector shows an exchange as cURL, opened by its button or the command palette. */
export const useCurlView = create<CurlViewState>()((set) => ({
  exchangeId: null,
  show: (exchangeId) => set({ exchangeId }),
  hide: () => set({ exchangeId: null }),
}));
