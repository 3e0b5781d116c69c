import { describe, expect, it } from 'vitest';
import { addDuration, isSupportedInstant, parseDuration } from '../../main/domain/time/duration';

describe('ISO-8601 durations', () => {
  it('parses the forms the clock buttons and automation use', () => {
    expect(parseDuration('P90D')).toEqual({ years: 0, months: 0, days: 90, milliseconds: 0 });
    expect(parseDuration('PT10M')).toEqual({ years: 0, months: 0, days: 0, milliseconds: 600_000 });
    expect(parseDuration('P1Y2M3DT4H5M6.5S')).toEqual({ years: 1, months: 2, days: 3, milliseconds: ((4 * 60 + 5) * 60 + 6.5) * 1000 });
    expect(parseDuration('P2W')).toEqual({ years: 0, months: 0, days: 14, milliseconds: 0 });
  });

  it('refuses what is not a duration', () => {
    for (const bad of ['', 'P', 'PT', '90D', 'P1DT', 'P-1D', 'p1d', 'P1.5D']) expect(parseDuration(bad), bad).toBeNull();
  });

  it('adds months by the calendar and days exactly', () => {
    expect(addDuration(new Date('2026-01-31T10:00:00Z'), parseDuration('P1D')!).toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(addDuration(new Date('2026-11-22T10:00:00Z'), parseDuration('P90D')!).toISOString()).toBe('2027-02-20T10:00:00.000Z');
    expect(addDuration(new Date('2026-11-22T10:00:00Z'), parseDuration('P1M')!).toISOString()).toBe('2026-12-22T10:00:00.000Z');
  });

  it('bounds the instants the clock accepts', () => {
    expect(isSupportedInstant(new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isSupportedInstant(new Date(Number.NaN))).toBe(false);
    expect(isSupportedInstant(new Date('1999-12-31T23:59:59Z'))).toBe(false);
  });
});
