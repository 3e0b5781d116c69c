import { parseDuration } from '../time/duration';

const DAY_MS = 86_400_000;

/** A processing delay longer than this is a dataset mistake (the clock steps in days, and PATC itself lasts 90). */
export const MAX_PROCESSING_DELAY_DAYS = 7;

/**
 * A dataset's processing delay (ISO-8601 duration such as "PT15M") in milliseconds, or null when it
 * is not one or is longer than a week. Years and months are refused: their length depends on the date.
 */
export function processingDelayMs(text: string): number | null {
  const d = parseDuration(text);
  if (d === null || d.years !== 0 || d.months !== 0) return null;
  const ms = d.days * DAY_MS + d.milliseconds;
  return ms <= MAX_PROCESSING_DELAY_DAYS * DAY_MS ? ms : null;
}

export interface PendingPayment {
  executionDate: string;
  /** When the last required authorisation made it PDNG. */
  statusChangedAt: Date;
}

/**
 * A PDNG payment is processed once both have come: its execution date (the institution's local date
 * `today`, YYYY-MM-DD) and the product's processing delay after its last authorisation.
 */
export function isDueForProcessing(payment: PendingPayment, delayMs: number, today: string, now: Date): boolean {
  return payment.executionDate <= today && payment.statusChangedAt.getTime() + delayMs <= now.getTime();
}
