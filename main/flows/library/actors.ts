/** Who acts in a step, for the sequence diagram: the TPP, the PSU's browser, the PSU's bank app, the bank's operator. */
export const ACTORS = ['tpp', 'psuBrowser', 'psuApp', 'operator'] as const;
export type Actor = (typeof ACTORS)[number];
