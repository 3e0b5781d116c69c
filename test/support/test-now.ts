/** Tests start on a fixed instant so date rules are reproducible. */
export const TEST_NOW = '2026-11-22T10:00:00Z';
