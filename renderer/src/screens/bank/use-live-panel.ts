import { useEffect } from 'react';
import { workbench } from '../../api';
import type { WorkbenchEvent } from '../../../../preload/api/workbench-api';

interface LiveStore {
  getState(): { load(): Promise<void>; onEvents(events: readonly WorkbenchEvent[]): void };
}

/** An operator panel's store read now, told of each batch of the host's events, and read again when the stream comes back. */
export function useLivePanel(store: LiveStore): void {
  useEffect(() => {
    void store.getState().load();
    return workbench.subscribe(
      (events) => store.getState().onEvents(events),
      () => void store.getState().load(),
    );
  }, [store]);
}
