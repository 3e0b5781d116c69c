// The simulator's clock runs at real speed between moves (main/services/clock/clock.ts: an offset from
// wall time), so the UI can run it on from the last instant it learned.

/** The simulated instant (ms) now, from the last known one and the wall time at which it was known; a paused clock stands still. */
export function simulatedNowMs(knownNow: string, knownAtWallMs: number, wallNowMs: number, paused = false): number {
  return Date.parse(knownNow) + (paused ? 0 : wallNowMs - knownAtWallMs);
}

/** How far the simulated clock is ahead of the wall clock (ms), from the last known instant. */
export function clockOffsetMs(knownNow: string, knownAtWallMs: number): number {
  return Date.parse(knownNow) - knownAtWallMs;
}
