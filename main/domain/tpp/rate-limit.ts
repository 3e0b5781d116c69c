/**
 * The per-TPP rate limit (spec "Errors": TOO_MANY_REQUESTS 429): at most `perSecond` requests in any
 * sliding second. A sliding window rather than fixed one-second slots, so a burst across a slot
 * boundary cannot pass twice the limit.
 */

/** The largest limit the operator may set; a ring of this many instants per TPP is the memory bound. */
export const MAX_REQUESTS_PER_SECOND = 100_000;

const WINDOW_MS = 1000;

/** The instants (ms) of a TPP's last admitted requests, oldest at `next`, as a ring of the limit's size. */
export interface RateWindow {
  admitted: number[];
  next: number;
}

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** Whether a request at `nowMs` is within the limit; an admitted one is written into the window. */
export function admit(window: RateWindow, perSecond: number, nowMs: number): Admission {
  if (window.admitted.length < perSecond) {
    window.admitted.push(nowMs);
    return { admitted: true };
  }
  const oldest = window.admitted[window.next] as number;
  if (nowMs - oldest < WINDOW_MS && nowMs >= oldest) {
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1000)) };
  }
  window.admitted[window.next] = nowMs;
  window.next = (window.next + 1) % perSecond;
  return { admitted: true };
}

/** The limit as the operator sends it: a whole number from 0 (off) to MAX_REQUESTS_PER_SECOND. */
export function isRateLimit(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_REQUESTS_PER_SECOND;
}
