/** ISO-8601 durations for the simulated clock (`{"advance":"P90D"}`). */

const DURATION_RE = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

export interface Duration {
  years: number;
  months: number;
  days: number;
  milliseconds: number;
}

export function parseDuration(text: string): Duration | null {
  const m = DURATION_RE.exec(text);
  if (!m) return null;
  const n = (i: number): number => (m[i] === undefined ? 0 : Number(m[i]));
  return {
    years: n(1),
    months: n(2),
    days: n(3) * 7 + n(4),
    milliseconds: Math.round(((n(5) * 60 + n(6)) * 60 + n(7)) * 1000),
  };
}

/** Calendar parts are added in UTC, then days, then the exact time part. */
export function addDuration(instant: Date, d: Duration): Date {
  const t = new Date(instant.getTime());
  if (d.years || d.months) t.setUTCMonth(t.getUTCMonth() + d.years * 12 + d.months);
  return new Date(t.getTime() + d.days * 86_400_000 + d.milliseconds);
}

/** The simulated clock stays within years 2000-9999, so dates print as YYYY-MM-DD and never overflow. */
export function isSupportedInstant(instant: Date): boolean {
  const t = instant.getTime();
  return Number.isFinite(t) && t >= Date.UTC(2000, 0, 1) && t < Date.UTC(10000, 0, 1);
}
