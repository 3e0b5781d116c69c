// The Flows screen's lists: the flow library, the operations a free step can send, and the kept
// runs. The library does not change while the simulator runs; the runs list follows `flow-run`
// events, one fetch at a time however many batches arrive.
import { create } from 'zustand';
import { workbench } from '../api';
import type { FlowOperationSummary, FlowRunListItem, FlowSummary, WorkbenchEvent } from '../../../preload/api/workbench-api';
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

let runsInFlight: Promise<void> | null = null;
let runsAgain = false;

export const useFlows = create<FlowsState>()((set, get) => ({
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

  refreshRuns() {
    if (runsInFlight) {
      runsAgain = true;
      return runsInFlight;
    }
    runsInFlight = (async () => {
      do {
        runsAgain = false;
        try {
          set({ runs: await workbench.listRuns() });
        } catch (err) {
          set({ error: errorText(err) });
        }
      } while (runsAgain);
    })().finally(() => {
      runsInFlight = null;
    });
    return runsInFlight;
  },

  onEvents(events) {
    if (events.some((e) => e.type === 'flow-run' || e.type === 'reset')) void get().refreshRuns();
  },
}));
