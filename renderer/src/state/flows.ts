// The Flows screen's lists: the flow library, the operations a free step can send, and the kept
// runs. The library does not change while the simulator runs; the runs list follows `flow-run`
// events, one fetch at a time however many batches arrive.
import { create } from 'zustand';
import { workbench } from '../api';
import type { FlowOperationSummary, FlowRunListItem, FlowSummary, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { coalesced } from './coalesce';
import { errorText } from './host-events';

interface FlowsState {
  flows: FlowSummary[];
  operations: FlowOperationSummary[];
  runs: FlowRunListItem[];
  /** The library and the runs have arrived once. */
  loaded: boolean;
  error: string | null;
  load(): Promise<void>;
  refreshRuns(): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
}

export const useFlows = create<FlowsState>()((set, get) => {
  const refreshRuns = coalesced(async () => {
    try {
      set({ runs: await workbench.listRuns() });
    } catch (err) {
      set({ error: errorText(err) });
    }
  });

  return {
    flows: [],
    operations: [],
    runs: [],
    loaded: false,
    error: null,

    async load() {
      try {
        const [flows, operations] = await Promise.all([
          get().flows.length > 0 ? get().flows : workbench.listFlows(),
          get().operations.length > 0 ? get().operations : workbench.listFlowOperations(),
        ]);
        set({ flows, operations, error: null });
        await get().refreshRuns();
      } catch (err) {
        set({ error: errorText(err) });
      } finally {
        set({ loaded: true });
      }
    },

    refreshRuns,

    onEvents(events) {
      if (events.some((e) => e.type === 'flow-run' || e.type === 'reset')) void get().refreshRuns();
    },
  };
});
