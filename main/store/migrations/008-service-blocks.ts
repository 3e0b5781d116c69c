/**
 * Version 8: the consent service blocked by the bank's operator at an institution, for one TPP or,
 * with tpp_id '*', for every TPP (spec "Errors": SERVICE_BLOCKED 403). Bank state: a reset lifts them.
 */
export const sql = `
CREATE TABLE service_blocks (
  institution TEXT NOT NULL,
  tpp_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (institution, tpp_id)
);
`;
