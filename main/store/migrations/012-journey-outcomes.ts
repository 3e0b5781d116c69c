/** Version 12: each SCA journey keeps how it ended as a kind (domain/sca/outcome.ts) beside its reason in words. */
export const sql = `
ALTER TABLE sca_journeys ADD COLUMN outcome TEXT;
`;
