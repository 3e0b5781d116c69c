// The fault rules on the Bank screen (docs/testing-your-tpp.md): the list with each rule's counters,
// kept fresh by the operator-settings events a change causes and by the bank's traffic while any is set.
import { create } from 'zustand';
import { workbench } from '../api';
import type { FaultRuleInput, FaultRuleReport, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { errorText } from './host-events';
import { operatorCommand, type CommandState } from './operator-command';

interface FaultsState extends CommandState {
  rules: FaultRuleReport[];
  load(): Promise<void>;
  add(rule: FaultRuleInput): Promise<void>;
  remove(id: number): Promise<void>;
  clear(): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
}

let loadSeq = 0;

export const useFaults = create<FaultsState>()((set, get) => {
  const command = operatorCommand(set);
  return {
    rules: [],
    error: null,
    busy: false,
    async load() {
      const seq = ++loadSeq;
      try {
        const rules = await workbench.listFaults();
        if (seq === loadSeq) set({ rules });
      } catch (err) {
        if (seq === loadSeq) set({ error: errorText(err) });
      }
    },
    add: (rule) =>
      command(async () => {
        const added = await workbench.addFault(rule);
        set({ rules: [...get().rules.filter((r) => r.id !== added.id), added] });
      }),
    remove: (id) =>
      command(async () => {
        await workbench.removeFault(id);
        set({ rules: get().rules.filter((r) => r.id !== id) });
      }),
    clear: () =>
      command(async () => {
        await workbench.clearFaults();
        set({ rules: [] });
      }),
    onEvents(events) {
      // The counters move with the bank's traffic: read again after a batch of it, only while rules are set.
      const traffic = get().rules.length > 0 && events.some((e) => e.type === 'exchange');
      if (traffic || events.some((e) => e.type === 'operator-settings' || e.type === 'reset')) void get().load();
    },
  };
});
