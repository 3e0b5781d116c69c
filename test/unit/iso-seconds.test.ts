import { describe, expect, it } from 'vitest';
import { isoSeconds } from '../../main/domain/time/iso-seconds';

describe('isoSeconds', () => {
  it('drops the milliseconds of an ordinary instant', () => {
    expect(isoSeconds(new Date('2026-03-29T00:30:00.123Z'))).toBe('2026-03-29T00:30:00Z');
    expect(isoSeconds(new Date('0001-01-01T00:00:00.999Z'))).toBe('0001-01-01T00:00:00Z');
  });

  it('keeps the six-digit form of a year beyond 9999 whole', () => {
    expect(isoSeconds(new Date(Date.UTC(10000, 0, 1, 12, 0, 5, 7)))).toBe('+010000-01-01T12:00:05Z');
  });
});
