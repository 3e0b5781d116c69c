/**
 * Validity windows of issued TPP certificates. Generous on purpose: the simulated clock can be set back or
 * advanced (POST /simulator/v1/clock), and a demo certificate should not lapse because a test moved it.
 */
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

export interface Validity {
  validFrom: Date;
  validTo: Date;
}

export function usualValidity(now: Date): Validity {
  return { validFrom: new Date(now.getTime() - YEAR_MS), validTo: new Date(now.getTime() + 3 * YEAR_MS) };
}

export function expiredValidity(now: Date): Validity {
  return { validFrom: new Date(now.getTime() - 2 * YEAR_MS), validTo: new Date(now.getTime() - DAY_MS) };
}

export function notYetValidValidity(now: Date): Validity {
  return { validFrom: new Date(now.getTime() + 30 * DAY_MS), validTo: new Date(now.getTime() + 2 * YEAR_MS) };
}
