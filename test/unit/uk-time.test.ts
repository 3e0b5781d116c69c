import { describe, expect, it } from 'vitest';
import { addCalendarDays, daysBetween, isIsoDate, ukDate, ukOffsetMs, ukStartOfDay } from '../../main/domain/time/uk-time';
import { consentExpiry } from '../../main/domain/consent/lifecycle';

describe('UK civil time', () => {
  it('is GMT in winter and BST (UTC+1) in summer', () => {
    expect(ukOffsetMs(new Date('2026-01-15T12:00:00Z'))).toBe(0);
    expect(ukOffsetMs(new Date('2026-07-15T12:00:00Z'))).toBe(3_600_000);
  });

  it('changes at 01:00 UTC on the last Sunday of March and of October', () => {
    expect(ukOffsetMs(new Date('2026-03-29T00:59:59Z'))).toBe(0);
    expect(ukOffsetMs(new Date('2026-03-29T01:00:00Z'))).toBe(3_600_000);
    expect(ukOffsetMs(new Date('2026-10-25T00:59:59Z'))).toBe(3_600_000);
    expect(ukOffsetMs(new Date('2026-10-25T01:00:00Z'))).toBe(0);
    expect(ukOffsetMs(new Date('2027-03-28T01:00:00Z'))).toBe(3_600_000);
    expect(ukOffsetMs(new Date('2027-10-31T00:30:00Z'))).toBe(3_600_000);
  });

  it('agrees with the IANA zone Europe/London over two years, hour by hour', () => {
    const fmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 3_600_000) {
      const d = new Date(t);
      const [day, month, year] = fmt.format(d).split('/');
      expect(ukDate(d)).toBe(`${year}-${month}-${day}`);
    }
  });

  it('start of day is 00:00 GMT in winter and 23:00Z the day before in summer', () => {
    expect(ukStartOfDay('2026-12-15').toISOString()).toBe('2026-12-15T00:00:00.000Z');
    expect(ukStartOfDay('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(ukStartOfDay('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(ukStartOfDay('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(ukStartOfDay('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(ukStartOfDay('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('consent expiry is the UK start of validUntil', () => {
    expect(consentExpiry('2027-05-01').toISOString()).toBe('2027-04-30T23:00:00.000Z');
  });

  it('validates and adds calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-2-01')).toBe(false);
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(daysBetween('2026-11-22', '2027-05-21')).toBe(180);
  });
});
