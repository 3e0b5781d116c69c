// Host events reach the UI in batches (docs/architecture.md#events-reach-the-ui-in-batches): a burst of
// traffic becomes a few renders instead of one per exchange. Shared by both hosts.

export const EVENT_BATCH_CAP = 200;
export const EVENT_BATCH_INTERVAL_MS = 100;

export interface EventBatcher<T> {
  push(event: T): void;
  /** Delivers what is pending now and stops the timer. */
  flush(): void;
  /** Drops what is pending and stops the timer. */
  dispose(): void;
}

export function createEventBatcher<T>(deliver: (events: T[]) => void, cap = EVENT_BATCH_CAP, intervalMs = EVENT_BATCH_INTERVAL_MS): EventBatcher<T> {
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    deliver(batch);
  };

  return {
    push(event) {
      pending.push(event);
      if (pending.length >= cap) flush();
      else timer ??= setTimeout(flush, intervalMs);
    },
    flush,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
