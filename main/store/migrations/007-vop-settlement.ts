/**
 * Version 7: when a payment's Verification of Payee results next change by themselves (a RECI
 * reaching the time limit), so the lifecycle can announce it with one indexed query; NULL once
 * every result is final.
 */
export const sql = `
ALTER TABLE payments ADD COLUMN vop_settles_at INTEGER;
CREATE INDEX payments_by_vop_settlement ON payments (vop_settles_at) WHERE vop_settles_at IS NOT NULL;
`;
