import type { WorkbenchEvent } from '../../../preload/api/workbench-api';

// Exchanges arrive many times a second and never change a resource's state on their own:
// the state change that follows them has its own event, so lists ignore them.
const STATE_EVENTS: ReadonlySet<WorkbenchEvent['type']> = new Set(['sca', 'consent', 'payment', 'clock', 'reset', 'mode']);

/** Whether a batch of host events can have changed the bank's resources. */
export function changesBankState(events: readonly WorkbenchEvent[]): boolean {
  return events.some((event) => STATE_EVENTS.has(event.type));
}

/** Whether a batch of host events holds new exchanges concerning a resource. */
export function touchesExchangesOf(events: readonly WorkbenchEvent[], resourceId: string): boolean {
  return events.some((event) => event.type === 'exchange' && event.exchange.resourceId === resourceId);
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
