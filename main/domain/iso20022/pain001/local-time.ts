/**
 * Wall-clock date and time at an instant in an IANA zone, through Intl (the runtime's
 * time-zone data), so cut-offs and business dates follow the institution's own zone
 * across summer-time changes.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS */
  time: string;
}

/** The last answer per zone: Intl's formatToParts costs tens of microseconds, and most calls fall in the same second. */
const lastAnswers = new Map<string, { second: number; answer: LocalDateTime }>();

export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastAnswers.get(timeZone);
  if (last?.second === second) return { ...last.answer };
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const answer = { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
  lastAnswers.set(timeZone, { second, answer });
  return { ...answer };
}

/** No zone's clock is more than 14 hours ahead of UTC (Pacific/Kiritimati, UTC+14). */
const MOST_AHEAD_MS = 14 * 3_600_000;

/**
 * A date no zone has reached yet at this instant: where it is already tomorrow somewhere, tomorrow. A bound
 * that needs no time-zone data, for picking candidates that localDateTime then decides on zone by zone.
 */
export function latestLocalDate(instant: Date): string {
  return new Date(instant.getTime() + MOST_AHEAD_MS).toISOString().slice(0, 10);
}
