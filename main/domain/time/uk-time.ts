/**
 * UK civil time without a time-zone database: the EU/UK rule since 1996 is that summer time (BST,
 * UTC+1) runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October.
 * Consent expiry is 00:00:00 UK local time, so this must be exact on both sides of each change.
 */

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function lastSundayUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Offset of UK local time from UTC at an instant, in milliseconds (0 or 3 600 000). */
export function ukOffsetMs(instant: Date): number {
  const t = instant.getTime();
  const year = instant.getUTCFullYear();
  return t >= lastSundayUtc(year, 2) && t < lastSundayUtc(year, 9) ? 3_600_000 : 0;
}

/** The UK calendar date (YYYY-MM-DD) at an instant. */
export function ukDate(instant: Date): string {
  return new Date(instant.getTime() + ukOffsetMs(instant)).toISOString().slice(0, 10);
}

/** The instant of 00:00:00 UK local time at the start of an ISO date. */
export function ukStartOfDay(isoDate: string): Date {
  const utcMidnight = Date.UTC(...parseIsoDate(isoDate));
  // Midnight is never inside a change hour (changes happen at 01:00 UTC), so one correction suffices.
  const guess = new Date(utcMidnight - 3_600_000);
  return new Date(utcMidnight - ukOffsetMs(guess));
}

export function parseIsoDate(isoDate: string): [number, number, number] {
  const m = DATE_RE.exec(isoDate);
  if (!m) throw new RangeError(`not an ISO date: ${isoDate}`);
  return [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
}

/** True for a real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = parseIsoDate(value);
  const date = new Date(Date.UTC(y, m, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m && date.getUTCDate() === d;
}

export function addCalendarDays(isoDate: string, days: number): string {
  return new Date(Date.UTC(...parseIsoDate(isoDate)) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.UTC(...parseIsoDate(to)) - Date.UTC(...parseIsoDate(from))) / DAY_MS);
}
