import type { WorkbenchEvent } from '../../../preload/api/workbench-api';

/** Whether a batch of host events holds new exchanges concerning a resource. */
export function touchesExchangesOf(events: readonly WorkbenchEvent[], resourceId: string): boolean {
  return events.some((event) => event.type === 'exchange' && event.exchange.resourceId === resourceId);
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
