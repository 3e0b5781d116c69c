// Whether the sequence diagram draws the HTTP line (method, path, status) under each arrow's words.
// On by default for developers; a trainer turns it off once and the choice is kept.
import { create } from 'zustand';
import { readStoredChoice, writeStored } from '../widgets/local-store';

const STORED_AS = 'httpLabels';

interface HttpLabelsState {
  on: boolean;
  setOn(on: boolean): void;
}

export const useHttpLabels = create<HttpLabelsState>()((set) => ({
  on: readStoredChoice(STORED_AS, ['on', 'off']) !== 'off',
  setOn(on) {
    writeStored(STORED_AS, on ? undefined : 'off');
    set({ on });
  },
}));
