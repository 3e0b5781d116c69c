/**
 * Version 20: signature failures in a budget of their own (`--signature-failure-limit`), apart from the other
 * failures a burst of unrelated errors would push them out with, and each kept with the answer it is compared
 * with: the most recent success of the same signed operation by the same TPP (`compared_with`), kept as long
 * as the failure is. Both partial indexes hold only their own rows: an ordinary request writes neither.
 */
export const sql = `
ALTER TABLE exchanges ADD COLUMN signature_failure INTEGER NOT NULL DEFAULT 0;
ALTER TABLE exchanges ADD COLUMN compared_with INTEGER;
UPDATE exchanges SET signature_failure = 1 WHERE failure = 1 AND signature IS NOT NULL AND json_extract(signature, '$.verdict.valid') = 0;
CREATE INDEX exchanges_signature_failures ON exchanges (id) WHERE signature_failure = 1;
CREATE INDEX exchanges_compared ON exchanges (compared_with) WHERE compared_with IS NOT NULL;
ALTER TABLE exchange_log_counts ADD COLUMN discarded_signature_failures INTEGER NOT NULL DEFAULT 0;
`;
