/** The earliest of some moments (epoch ms), absent ones (null) ignored; null when there is none. */
export const earliest = (moments: readonly (number | null)[]): number | null =>
  moments.reduce<number | null>((min, at) => (at !== null && (min === null || at < min) ? at : min), null);
