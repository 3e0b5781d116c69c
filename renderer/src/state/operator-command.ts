import { errorText } from './host-events';

/** What an operator's panel on the Bank screen shows of a command: whether one runs, and why the last one failed. */
export interface CommandState {
  busy: boolean;
  error: string | null;
}

/** Runs the panel's commands one way: busy while it runs, its failure in words; each answer updates the panel at once. */
export function operatorCommand(set: (state: Partial<CommandState>) => void): (work: () => Promise<void>) => Promise<void> {
  return async (work) => {
    set({ busy: true, error: null });
    try {
      await work();
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set({ busy: false });
    }
  };
}
