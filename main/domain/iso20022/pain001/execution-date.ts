/**
 * The date a payment is executed (spec "Payment": a requested execution date in the
 * past, or a payment arriving after the cut-off, moves to the earliest available business
 * date; no replacement payment is needed). A weekend or holiday date moves to the next
 * business date. Pure: the clock is an argument.
 */
import type { Institution, PaymentProduct } from '../../dataset/types';
import { addCalendarDays, isIsoDate, parseIsoDate } from '../../time/uk-time';
import { localDateTime } from './local-time';

export interface ExecutionDate {
  date: string;
  moved: boolean;
  /** Why the date moved; absent when it did not. */
  reason?: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A year without a business date means a broken calendar, not a date to wait for. */
const MAX_DAYS_SEARCHED = 366;

function weekday(isoDate: string): number {
  return new Date(Date.UTC(...parseIsoDate(isoDate))).getUTCDay();
}

function closedReason(isoDate: string, institution: Institution): string | null {
  const day = weekday(isoDate);
  if (institution.calendar.weekendDays.includes(day)) return `${isoDate} is a ${WEEKDAYS[day]}, not a business day`;
  if (institution.calendar.holidays.includes(isoDate)) return `${isoDate} is a holiday of ${institution.name}`;
  return null;
}

function nextBusinessDate(from: string, institution: Institution): string {
  let date = from;
  for (let i = 0; i < MAX_DAYS_SEARCHED; i++) {
    if (closedReason(date, institution) === null) return date;
    date = addCalendarDays(date, 1);
  }
  throw new RangeError(`${institution.id} has no business date within a year of ${from}`);
}

/** The institution's first business date after `isoDate` (its weekend days and holidays skipped). */
export function businessDateAfter(isoDate: string, institution: Pick<Institution, 'id' | 'name' | 'calendar'>): string {
  return nextBusinessDate(addCalendarDays(isoDate, 1), institution as Institution);
}

/**
 * `requested` is the pain.001 ReqdExctnDt (YYYY-MM-DD). The cut-off is the product's
 * (institution.cutOffs) in the institution's zone; a payment received after it (later
 * than HH:MM:00) can execute on the next business date at the earliest.
 */
export function executionDate(requested: string, product: PaymentProduct, institution: Institution, now: Date): ExecutionDate {
  if (!isIsoDate(requested)) throw new RangeError(`not an ISO date: ${requested}`);
  const { timeZone } = institution.calendar;
  const local = localDateTime(now, timeZone);
  const cutOff = institution.cutOffs[product];
  const afterCutOff = cutOff !== undefined && local.time > `${cutOff}:00`;
  const earliest = nextBusinessDate(afterCutOff ? addCalendarDays(local.date, 1) : local.date, institution);
  let reason: string | undefined;
  let candidate = requested;
  if (requested < local.date) {
    reason = `${requested} is in the past (today is ${local.date} in ${timeZone})`;
    candidate = earliest;
  } else if (requested < earliest) {
    reason =
      afterCutOff && requested === local.date
        ? `received at ${local.time.slice(0, 5)} ${timeZone}, after the ${cutOff} cut-off`
        : (closedReason(requested, institution) ?? `${requested} is before the earliest business date`);
    candidate = earliest;
  } else {
    reason = closedReason(requested, institution) ?? undefined;
  }
  const date = nextBusinessDate(candidate, institution);
  return date === requested ? { date, moved: false } : { date, moved: true, ...(reason !== undefined ? { reason } : {}) };
}
