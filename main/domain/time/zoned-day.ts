import { localDateTime } from '../iso20022/pain001/local-time';
import { parseIsoDate } from './uk-time';

const HOUR_MS = 3_600_000;

/** The zone's offset from UTC at an instant (ahead positive), read off its wall clock. */
function offsetMs(instant: Date, timeZone: string): number {
  const { date, time } = localDateTime(instant, timeZone);
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  const wall = Date.UTC(...parseIsoDate(date), h, m, s);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The first instant of a calendar day in an IANA zone: midnight there, or, where a summer-time change
 * skips midnight, the first moment of the day after it. `--now 2026-03-29` is this at the dataset's
 * first institution.
 */
export function startOfLocalDay(isoDate: string, timeZone: string): Date {
  const utcMidnight = Date.UTC(...parseIsoDate(isoDate));
  const isMidnight = (t: number): boolean => {
    const local = localDateTime(new Date(t), timeZone);
    return local.date === isoDate && local.time === '00:00:00';
  };
  let t = utcMidnight - offsetMs(new Date(utcMidnight), timeZone);
  // Twice: an offset read on the wrong side of a change is put right by the second reading.
  t = utcMidnight - offsetMs(new Date(t), timeZone);
  // Midnight twice (the clock set back over it): the first.
  if (isMidnight(t - HOUR_MS)) return new Date(t - HOUR_MS);
  if (isMidnight(t)) return new Date(t);
  // Midnight skipped: the first quarter hour that is of the day (changes fall on quarter hours).
  for (let q = t - 3 * HOUR_MS; q <= t + 3 * HOUR_MS; q += HOUR_MS / 4) if (localDateTime(new Date(q), timeZone).date === isoDate) return new Date(q);
  return new Date(t);
}
