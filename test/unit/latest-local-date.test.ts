// The payments' settle picks candidates for processing by latestLocalDate, a date no zone has passed, without
// time-zone data (main/domain/iso20022/pain001/local-time.ts); each is then decided in its institution's zone.
// The bound must hold in every zone the runtime knows, and be reached in the zone most ahead, or a payment whose
// execution date has come somewhere would wait for a later settle.
import { describe, expect, it } from 'vitest';
import { latestLocalDate, localDateTime } from '../../main/domain/iso20022/pain001/local-time';

const instants = [
  '2026-01-01T00:00:00Z',
  '2026-03-29T00:59:59Z',
  '2026-06-30T09:59:59Z',
  '2026-06-30T10:00:00Z',
  '2026-10-25T01:00:00Z',
  '2026-12-31T23:59:59Z',
  '2027-02-28T10:30:00Z',
].map((s) => new Date(s));

describe('latestLocalDate', () => {
  it('is never earlier than the date in any zone', () => {
    for (const instant of instants) {
      const bound = latestLocalDate(instant);
      for (const zone of Intl.supportedValuesOf('timeZone')) {
        expect({ instant, zone, date: localDateTime(instant, zone).date <= bound }).toEqual({ instant, zone, date: true });
      }
    }
  });

  it('is the date where the day begins first (Pacific/Kiritimati, UTC+14)', () => {
    for (const instant of instants) expect(latestLocalDate(instant)).toBe(localDateTime(instant, 'Pacific/Kiritimati').date);
  });
});
