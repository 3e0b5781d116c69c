/** The steps the Bank offers for moving the simulated clock, as ISO 8601 durations for the control API. */
export const CLOCK_STEPS = [
  { duration: 'PT10M', label: '+10 min', name: 'Advance the clock by 10 minutes' },
  { duration: 'P1D', label: '+1 day', name: 'Advance the clock by 1 day' },
  { duration: 'P90D', label: '+90 days', name: 'Advance the clock by 90 days' },
] as const;
