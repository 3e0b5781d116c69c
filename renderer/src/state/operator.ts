// The bank operator's settings on the Bank screen: the per-TPP rate limit and the consent-service
// blocks. Kept apart from the resource lists: they change only by the operator's hand (or a reset).
import { create } from 'zustand';
import { workbench } from '../api';
import type { ServiceBlock, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { errorText } from './host-events';
import { operatorCommand, type CommandState } from './operator-command';

interface OperatorState extends CommandState {
  perSecond: number | null;
  blocks: ServiceBlock[];
  load(): Promise<void>;
  setRateLimit(perSecond: number): Promise<void>;
  block(institution: string, tppId: string | null): Promise<void>;
  unblock(block: ServiceBlock): Promise<void>;
  onEvents(events: readonly WorkbenchEvent[]): void;
}

let loadSeq = 0;

export const useOperator = create<OperatorState>()((set, get) => {
  // Each command's answer updates the screen at once; the operator-settings event it causes reloads once.
  const command = operatorCommand(set);
  const sameBlock = (a: ServiceBlock, b: ServiceBlock): boolean => a.institution === b.institution && a.tppId === b.tppId;

  return {
    perSecond: null,
    blocks: [],
    error: null,
    busy: false,

    async load() {
      const seq = ++loadSeq;
      try {
        const [limit, blocks] = await Promise.all([workbench.getRateLimit(), workbench.listServiceBlocks()]);
        if (seq === loadSeq) set({ perSecond: limit.perSecond, blocks });
      } catch (err) {
        if (seq === loadSeq) set({ error: errorText(err) });
      }
    },
    setRateLimit: (perSecond) =>
      command(async () => {
        set({ perSecond: (await workbench.setRateLimit(perSecond)).perSecond });
      }),
    block: (institution, tppId) =>
      command(async () => {
        const added = await workbench.blockService(institution, tppId);
        set({ blocks: [...get().blocks.filter((b) => !sameBlock(b, added)), added] });
      }),
    unblock: (block) =>
      command(async () => {
        await workbench.unblockService(block.institution, block.tppId);
        set({ blocks: get().blocks.filter((b) => !sameBlock(b, block)) });
      }),
    onEvents(events) {
      if (events.some((e) => e.type === 'operator-settings' || e.type === 'reset')) void get().load();
    },
  };
});
