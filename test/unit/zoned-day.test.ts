// `--now DATE`: a day's first instant in an institution's zone, across summer-time changes,
// including a change that skips midnight (America/Santiago) and one that sets the clock back over it.
import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../../main/domain/time/zoned-day';

describe('the first instant of a local day', () => {
  it.each([
    ['2026-02-28', 'Europe/Berlin', '2026-02-27T23:00:00.000Z'],
    ['2026-07-01', 'Europe/Berlin', '2026-06-30T22:00:00.000Z'],
    ['2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', 'Europe/Berlin', '2026-10-24T22:00:00.000Z'],
    ['2026-03-29', 'Europe/London', '2026-03-29T00:00:00.000Z'],
    ['2026-10-25', 'Europe/London', '2026-10-24T23:00:00.000Z'],
    ['2026-01-01', 'UTC', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01', 'Pacific/Kiritimati', '2025-12-31T10:00:00.000Z'],
    // Midnight skipped: the clock goes from 23:59:59 to 01:00.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    // Set back at midnight to 23:00 the day before: the day begins at the second midnight only.
    ['2026-04-05', 'America/Santiago', '2026-04-05T04:00:00.000Z'],
  ])('%s in %s begins at %s', (date, zone, instant) => {
    expect(startOfLocalDay(date, zone).toISOString()).toBe(instant);
  });
});
