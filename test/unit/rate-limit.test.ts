import { describe, expect, it } from 'vitest';
import { admit, isRateLimit, type RateWindow } from '../../main/domain/tpp/rate-limit';

const fresh = (): RateWindow => ({ admitted: [], next: 0 });

describe('the per-TPP sliding window', () => {
  it('admits N in a second and refuses the next, with the seconds until the oldest leaves the window', () => {
    const w = fresh();
    for (const t of [0, 100, 200]) expect(admit(w, 3, t)).toEqual({ admitted: true });
    expect(admit(w, 3, 300)).toEqual({ admitted: false, retryAfterSeconds: 1 });
    expect(admit(w, 3, 999)).toEqual({ admitted: false, retryAfterSeconds: 1 });
    expect(admit(w, 3, 1000)).toEqual({ admitted: true });
  });

  it('holds across a second boundary, where fixed one-second slots would let twice the limit through', () => {
    const w = fresh();
    expect(admit(w, 2, 900)).toEqual({ admitted: true });
    expect(admit(w, 2, 950)).toEqual({ admitted: true });
    expect(admit(w, 2, 1050).admitted).toBe(false);
    expect(admit(w, 2, 1900)).toEqual({ admitted: true });
    expect(admit(w, 2, 1920).admitted).toBe(false);
  });

  it('a refused request does not use up the window', () => {
    const w = fresh();
    admit(w, 1, 0);
    for (let t = 10; t < 1000; t += 10) expect(admit(w, 1, t).admitted).toBe(false);
    expect(admit(w, 1, 1000).admitted).toBe(true);
  });

  it('a clock set back does not lock a TPP out', () => {
    const w = fresh();
    admit(w, 1, 50_000);
    expect(admit(w, 1, 10_000).admitted).toBe(true);
  });

  it('limits are whole numbers from 0 to 100000', () => {
    for (const ok of [0, 1, 100_000]) expect(isRateLimit(ok)).toBe(true);
    for (const bad of [-1, 0.5, 100_001, '5', null, Number.NaN]) expect(isRateLimit(bad)).toBe(false);
  });
});
