/** The steps the Bank offers for moving the simulated clock, as ISO 8601 durations for the control API. */
export const CLOCK_STEPS = [
  { duration: 'PT10M', label: '+10 min', name: 'Advance the clock by 10 minutes' },
  { duration: 'P1D', label: '+1 day', name: 'Advance the clock by 1 day' },
  { duration: 'P90D', label: '+90 days', name: 'Advance the clock by 90 days' },
] as const;

/** The top bar's small steps, for a trainer moving time on by hand while the clock is paused. */
export const TIME_NUDGES = [
  { duration: 'PT5S', label: '+5 s', name: 'Move time on by 5 seconds' },
  { duration: 'PT1M', label: '+1 min', name: 'Move time on by 1 minute' },
  { duration: 'PT5M', label: '+5 min', name: 'Move time on by 5 minutes' },
] as const;
